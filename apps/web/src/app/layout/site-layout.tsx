import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/app-session';
import { clearErrorToasts, useToastShown } from '../../lib/toast';
import { PageLoader } from '../../ui/page-loader';
import { RouteErrorBoundary } from '../../ui/route-error-boundary';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import classes from './site-layout.module.css';
import { useRedDotRefresh } from './use-red-dot-refresh';

const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));

export function SiteLayout() {
  const { pathname } = useLocation();

  // A new page starts at its top, as a full page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the page changes
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  // What reads the session and the toasts sits in small parts of its own, so the session's start
  // or the first toast re-renders those parts, not the whole page (on a phone that re-render was
  // the page's longest task after hydrating it).
  return (
    <div className={classes.page}>
      <SessionWatch pathname={pathname} />
      <a href="#main" className={classes.skipLink}>
        رفتن به محتوای اصلی
      </a>
      <SiteHeader />
      <main id="main" className={classes.main}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <PageLive />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      {/* Toasts sit inside a landmark of their own, so a screen reader finds them. */}
      <section aria-label="اعلان‌ها">
        <ToastStack />
      </section>
    </div>
  );
}

/**
 * Marks `<html data-app-started>` once the page has been committed, hydrated or drawn: it now
 * answers clicks. In the page's own Suspense boundary, so on a page the server drew it waits for
 * that page to be hydrated, not just for the app to start (the browser suite waits for the mark;
 * a click before it could submit the server's plain form).
 */
function PageLive() {
  useEffect(() => {
    document.documentElement.dataset.appStarted = '';
  }, []);
  return null;
}

/** Clears stale error toasts on a new page or a sign-in, and keeps the red dots current. */
function SessionWatch({ pathname }: { pathname: string }) {
  const signedIn = useSession().status === 'signed-in';
  useRedDotRefresh();

  // An error toast speaks of the page it was shown on, or of the signed-out visit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the page changes or the person signs in
  useEffect(() => {
    clearErrorToasts();
  }, [pathname, signedIn]);

  return null;
}

/** The toasts' stack, loaded with the first toast. */
function ToastStack() {
  const toastShown = useToastShown();
  if (!toastShown) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
