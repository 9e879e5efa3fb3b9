import { useEffect } from 'react';
import { refreshRedDotsAsUser, useSession } from '../../lib/app-session';

// Decision 0013: red dots are asked for again every minute and when the window comes back, so a
// staff reply shows its dot without a reload. A hidden tab is not polled.
const RED_DOT_REFRESH_MS = 60_000;
// Focus and visibility often change together; one question answers both.
const RED_DOT_MIN_GAP_MS = 5_000;

/** Keeps the signed-in person's red dots current while the site is open. */
export function useRedDotRefresh(): void {
  const signedIn = useSession().status === 'signed-in';

  useEffect(() => {
    if (!signedIn) return;
    // Signing in has just asked for them.
    let askedAt = Date.now();
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - askedAt < RED_DOT_MIN_GAP_MS) return;
      askedAt = Date.now();
      void refreshRedDotsAsUser();
    };
    const timer = window.setInterval(refresh, RED_DOT_REFRESH_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [signedIn]);
}
