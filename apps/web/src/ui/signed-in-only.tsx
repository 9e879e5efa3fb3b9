import { type ReactNode, Suspense, useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/app-session';
import { PageLoader } from './page-loader';
import { RouteErrorBoundary } from './route-error-boundary';

// What the customer panel and the staff console share around their pages: a signed-in person
// only, and pages that fail or load without taking the layout's sections away.

/**
 * Renders `children` with the signed-in person's id; sends anyone signed out to sign in, back
 * to this address afterwards.
 */
export function SignedInOnly({ children }: { children: (userId: string) => ReactNode }) {
  // Once the session has started, the panel or console renders in the background (a deferred
  // render yields to the browser every few milliseconds), not in one task as the session's
  // change alone would have it: on a phone, that task was the panel's longest.
  const session = useDeferredValue(useSession());
  const { pathname, search } = useLocation();

  if (session.status === 'starting') return <PageLoader />;
  if (session.status === 'signed-out') {
    return <Navigate to={`/sign-in?next=${encodeURIComponent(pathname + search)}`} replace />;
  }
  return children(session.identity.id);
}

/** The layout's page: a page that fails leaves the layout's sections in place. */
export function LayoutOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
