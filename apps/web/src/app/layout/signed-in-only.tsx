import { type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/app-session';
import { PageLoader } from '../../ui/page-loader';
import { RouteErrorBoundary } from '../route-error-boundary';

// What the customer panel and the staff console share around their pages: a signed-in person
// only, and pages that fail or load without taking the layout's sections away.

/**
 * Renders `children` with the signed-in person's id; sends anyone signed out to sign in, back
 * to this address afterwards.
 */
export function SignedInOnly({ children }: { children: (userId: string) => ReactNode }) {
  const session = useSession();
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
