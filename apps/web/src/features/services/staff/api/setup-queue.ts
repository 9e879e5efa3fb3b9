import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { SetupQueueFilters } from '../utils/setup-queue-filters';
import { provisioningKey } from './provisioning-key';

export const SETUP_QUEUE_PAGE_SIZE = 20;
/** The queue moves by itself (jobs retry, panels answer): an open page reads it this often. */
const SETUP_QUEUE_REFRESH_MS = 15_000;

type QueuePath = '/api/admin/provisioning/get-setup-queue';
export type SetupQueuePage = PathResult<QueuePath>;
export type SetupQueueRow = SetupQueuePage['items'][number];

export function fetchSetupQueue(filters: SetupQueueFilters, signal?: AbortSignal) {
  const input: PathInput<QueuePath> = { page: filters.page, pageSize: SETUP_QUEUE_PAGE_SIZE };
  if (filters.onlyNeedsAttention) input.onlyNeedsAttention = true;
  return callAsUser('/api/admin/provisioning/get-setup-queue', input, { signal, silent: true });
}

export function setupQueueQueryOptions(staffId: string, filters: SetupQueueFilters) {
  return queryOptions({
    queryKey: [
      ...provisioningKey(staffId),
      'queue',
      filters.onlyNeedsAttention ? 'attention' : 'all',
      filters.page,
    ],
    queryFn: ({ signal }) => fetchSetupQueue(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: SETUP_QUEUE_REFRESH_MS,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Services that should be active and are not, those waiting for a person first. */
export function useSetupQueue(staffId: string, filters: SetupQueueFilters) {
  return useQuery(setupQueueQueryOptions(staffId, filters));
}
