import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';

export type Dashboard = PathResult<'/api/admin/dashboard/get-dashboard'>;
export type DashboardDay = Dashboard['days'][number];

export function dashboardQueryKey(userId: string) {
  return ['admin', userId, 'dashboard'] as const;
}

/** Today's and this Jalali month's figures and the last 30 days, as of now. */
export function dashboardQueryOptions(userId: string) {
  return queryOptions({
    queryKey: dashboardQueryKey(userId),
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/dashboard/get-dashboard', {}, { signal, silent: true }),
    // Figures of today move with every payment: opening the dashboard shows them as they are.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useDashboard(userId: string) {
  return useQuery(dashboardQueryOptions(userId));
}
