import { NavigationProgress } from '@mantine/nprogress';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { beginProgress } from '../../lib/progress';

/** The bar at the top of the page while a page's code or its data is loading. */
export function RouteProgress() {
  const fetching = useIsFetching() > 0;

  useEffect(() => (fetching ? beginProgress() : undefined), [fetching]);

  return <NavigationProgress size={3} aria-label="در حال بارگذاری" withinPortal={false} />;
}
