import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { RouteErrorBoundary } from '../route-error-boundary';
import { RouteProgress } from './route-progress';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import classes from './site-layout.module.css';
import { useRedDotRefresh } from './use-red-dot-refresh';

export function SiteLayout() {
  const { pathname } = useLocation();
  useRedDotRefresh();

  // A new page starts at its top, as a full page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the page changes
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className={classes.page}>
      <RouteProgress />
      <a href="#main" className={classes.skipLink}>
        رفتن به محتوای اصلی
      </a>
      <SiteHeader />
      <main id="main" className={classes.main}>
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
