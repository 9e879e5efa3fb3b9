import { App } from '@capacitor/app';
import { Browser } from '@capacitor/browser';
import { Capacitor, type PluginListenerHandle } from '@capacitor/core';
import { useQueryClient } from '@tanstack/react-query';
import { ANDROID_VERSION } from '@vitrin/contracts';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { callAsUser, refreshRedDotsAsUser } from '../lib/app-session';
import { capacitorPreferences } from '../lib/device-preferences';
import { callApi } from '../lib/http';
import { showErrorToast, showRetryToast, showSuccessToast } from '../lib/toast';
import { closeOverlay, decideBackAction, HOME_PATH, openOverlay } from './back-button';
import { BRAND_COLOR } from './brand-color';
import { ExitConfirm } from './exit-confirm';
import { routeLink } from './external-links';
import { OfflineScreen } from './offline-screen';
import { checkPaymentOnReturn } from './payment-return';
import { pluginsReady } from './plugins-ready';
import { PullToRefresh } from './pull-to-refresh-indicator';
import { openInSystemBrowser } from './system-browser';
import {
  decideUpdate,
  dismissNotice,
  isNoticeDismissed,
  type UpdateDecision,
} from './update-check';
import { UpdateNotice, UpdateRequiredScreen } from './update-screens';
import { useOnline } from './use-online';

const preferences = capacitorPreferences();

/** Removes a Capacitor listener whose registration may still be on its way. */
function removeWhenAdded(handle: Promise<PluginListenerHandle>) {
  void handle.then((listener) => listener.remove()).catch(() => undefined);
}

/**
 * Everything the Android build does that the web does not (issue 9), around the app's pages:
 * the back button, the system browser for other sites and the gateway, the payment result on
 * return, the offline and update screens, the status bar, the splash and pull to refresh.
 */
export function NativeShell({ children }: { children: ReactNode }) {
  const { online, recheck } = useOnline();
  const update = useUpdateCheck(online);
  const exit = useBackButton();
  useExternalLinks();
  usePaymentReturn();
  useStatusBar();
  useHideSplash();

  const queryClient = useQueryClient();
  const wasOnline = useRef(online);
  useEffect(() => {
    // Back online: what failed meanwhile is asked again.
    if (online && !wasOnline.current) void queryClient.refetchQueries({ type: 'active' });
    wasOnline.current = online;
  }, [online, queryClient]);

  const open = (url: string) => void openInSystemBrowser(url).catch(() => showErrorToast());
  const screen = !online
    ? 'offline'
    : update.decision.kind === 'required'
      ? 'update-required'
      : null;

  return (
    <>
      {/* Kept mounted under a blocking screen, so the page is as it was when it goes. */}
      <div style={{ display: screen ? 'none' : 'contents' }}>{children}</div>
      {screen === 'offline' && <OfflineScreen onRetry={recheck} />}
      {screen === 'update-required' && update.decision.kind === 'required' && (
        <UpdateRequiredScreen
          current={ANDROID_VERSION}
          latest={update.decision.latest}
          links={update.decision.links}
          onOpen={open}
        />
      )}
      {screen === null && update.decision.kind === 'available' && !update.dismissed && (
        <UpdateNotice
          latest={update.decision.latest}
          links={update.decision.links}
          onOpen={open}
          onDismiss={update.dismiss}
        />
      )}
      <PullToRefresh enabled={screen === null} />
      <ExitConfirm opened={exit.asking} onStay={exit.stay} onExit={exit.leave} />
    </>
  );
}

/** Issue 9: the server says whether this version is still supported (once it can be asked). */
function useUpdateCheck(online: boolean) {
  const [decision, setDecision] = useState<UpdateDecision>({ kind: 'current' });
  const [dismissed, setDismissed] = useState(false);
  const answered = useRef(false);

  useEffect(() => {
    if (!online || answered.current) return;
    let cancelled = false;
    callApi(
      '/api/app/get-app-version',
      { platform: 'android', version: ANDROID_VERSION },
      { silent: true },
    )
      .then(async (answer) => {
        answered.current = true;
        const next = decideUpdate(answer, ANDROID_VERSION);
        const closed =
          next.kind === 'available' && (await isNoticeDismissed(preferences, next.latest));
        if (cancelled) return;
        setDismissed(closed);
        setDecision(next);
      })
      .catch(() => {
        // Not knowing never blocks the app; the next time it is online it asks again.
      });
    return () => {
      cancelled = true;
    };
  }, [online]);

  const dismiss = useCallback(() => {
    setDismissed(true);
    if (decision.kind === 'available') void dismissNotice(preferences, decision.latest);
  }, [decision]);

  return { decision, dismissed, dismiss };
}

/** The Android back button: closes what is open, goes back, and asks on the home page. */
function useBackButton() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [asking, setAsking] = useState(false);
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;

  useEffect(() => {
    const handle = pluginsReady.then(() =>
      App.addListener('backButton', ({ canGoBack }) => {
        const overlay = openOverlay();
        const action = decideBackAction({
          pathname: pathnameRef.current,
          overlayOpen: overlay !== null,
          canGoBack,
        });
        if (action === 'close-overlay' && overlay) closeOverlay(overlay);
        else if (action === 'confirm-exit') setAsking(true);
        else if (action === 'go-back') navigate(-1);
        else navigate(HOME_PATH, { replace: true });
      }),
    );
    return () => removeWhenAdded(handle);
  }, [navigate]);

  return {
    asking,
    stay: () => setAsking(false),
    leave: () => {
      setAsking(false);
      App.exitApp().catch(() => undefined);
    },
  };
}

/** Links to other sites open in the system browser; the app's own new-tab links open in it. */
function useExternalLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const route = routeLink(
        { href: anchor.href, target: anchor.target, download: anchor.hasAttribute('download') },
        window.location.origin,
      );
      if (!route) return;
      event.preventDefault();
      if (route.kind === 'in-app') navigate(route.path);
      else void openInSystemBrowser(route.url).catch(() => showErrorToast());
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
}

/**
 * Back from the gateway (issue 9): on the app's return (resume, the browser closed, or a cold
 * start after Android closed the app) the payment waited for is looked up, and the person is
 * taken to its order or the wallet with what happened.
 */
function usePaymentReturn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const checking = useRef(false);

  useEffect(() => {
    const check = async () => {
      if (checking.current) return;
      checking.current = true;
      try {
        const outcome = await checkPaymentOnReturn({
          preferences,
          now: () => Date.now(),
          fetchOrder: (orderId) =>
            callAsUser('/api/user/orders/order-get-detail', { orderId }, { silent: true }),
          fetchWalletEntries: async () =>
            (
              await callAsUser(
                '/api/user/account/get-credit-transactions',
                { page: 1, pageSize: 20 },
                { silent: true },
              )
            ).items,
        });
        if (!outcome) return;
        await queryClient.invalidateQueries();
        void refreshRedDotsAsUser();
        navigate(outcome.path);
        if (outcome.tone === 'success') showSuccessToast(outcome.message);
        else if (outcome.tone === 'error') showErrorToast(outcome.message);
        else showRetryToast(outcome.message);
      } catch {
        // Out of reach or signed out: the payment stays noted for the next return.
      } finally {
        checking.current = false;
      }
    };
    void check();
    const resumed = pluginsReady.then(() => App.addListener('resume', () => void check()));
    const closed = pluginsReady.then(() =>
      Browser.addListener('browserFinished', () => void check()),
    );
    return () => {
      removeWhenAdded(resumed);
      removeWhenAdded(closed);
    };
  }, [navigate, queryClient]);
}

/** The status bar in the brand's colour with light icons, as the splash left it. */
function useStatusBar() {
  useEffect(() => {
    if (!Capacitor.isNativePlatform()) return;
    import('@capacitor/status-bar')
      .then(async ({ StatusBar, Style }) => {
        await StatusBar.setOverlaysWebView({ overlay: false });
        await StatusBar.setBackgroundColor({ color: BRAND_COLOR });
        // Style.Dark is the style for dark backgrounds: light text and icons.
        await StatusBar.setStyle({ style: Style.Dark });
      })
      .catch(() => undefined);
  }, []);
}

/**
 * The splash stays (launchAutoHide: false) until the first page has drawn, so the person never
 * sees an empty WebView; after 4 s it goes whatever the page is doing.
 */
function useHideSplash() {
  useEffect(() => {
    const startedAt = performance.now();
    let frame = 0;
    const pageDrawn = () => {
      const main = document.getElementById('main');
      return (
        main !== null &&
        main.childElementCount > 0 &&
        main.querySelector('[role="status"][aria-label="در حال بارگذاری"]') === null
      );
    };
    const wait = () => {
      if (pageDrawn() || performance.now() - startedAt > 4000) {
        import('@capacitor/splash-screen')
          .then(({ SplashScreen }) => SplashScreen.hide({ fadeOutDuration: 200 }))
          .catch(() => undefined);
        return;
      }
      frame = requestAnimationFrame(wait);
    };
    frame = requestAnimationFrame(wait);
    return () => cancelAnimationFrame(frame);
  }, []);
}
