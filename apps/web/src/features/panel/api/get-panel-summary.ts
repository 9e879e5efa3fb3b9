import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

export type PanelSummary = PathResult<'/api/user/get-panel-summary'>;

/** The dashboard's numbers in one call: balance, services, tickets, unpaid orders, expiring. */
export function fetchPanelSummary(signal?: AbortSignal) {
  return callAsUser('/api/user/get-panel-summary', {}, { signal, silent: true });
}

export function panelSummaryQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['panel', userId, 'summary'],
    queryFn: ({ signal }) => fetchPanelSummary(signal),
    // Payments, replies and renewals elsewhere change it: asked again each time it is shown.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function usePanelSummary(userId: string) {
  return useQuery(panelSummaryQueryOptions(userId));
}
