import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { STAFF_WORK_REFRESH_MS } from './staff-work';

export const WAITING_WORK_PAGE_SIZE = 20;

export type WaitingWorkPage = PathResult<'/api/admin/dashboard/list-waiting-work'>;
export type WaitingWorkRow = WaitingWorkPage['items'][number];
type WaitingWorkInput = PathInput<'/api/admin/dashboard/list-waiting-work'>;

export function waitingWorkQueryOptions(staffId: string, input: WaitingWorkInput) {
  return queryOptions({
    queryKey: ['admin', staffId, 'waiting-work', input.page ?? 1, input.after ?? null] as const,
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/dashboard/list-waiting-work', input, { signal, silent: true }),
    placeholderData: keepPreviousData,
    // Setups fail and staff deal with them while the page is open: read as often as the counts.
    staleTime: 0,
    refetchInterval: STAFF_WORK_REFRESH_MS,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/**
 * One page of the services and domains automation gave up on (issue 38), oldest first: by
 * number, or after the cursor of the page before (decision 0033).
 */
export function useWaitingWork(staffId: string, input: WaitingWorkInput) {
  return useQuery(waitingWorkQueryOptions(staffId, input));
}
