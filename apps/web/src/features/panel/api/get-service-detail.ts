import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { setupPollIntervalMs } from '../utils/service-setup';
import { servicesQueryKey } from './get-user-services';

export type ServiceDetail = PathResult<'/api/user/services/get-service-detail'>;

/** One of the person's services with the orders that bought and renewed it. */
export function fetchServiceDetail(serviceId: string, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/services/get-service-detail',
    { serviceId },
    { signal, silent: true },
  );
}

export function serviceDetailQueryOptions(userId: string, serviceId: string) {
  return queryOptions({
    queryKey: [...servicesQueryKey(userId), 'detail', serviceId],
    queryFn: ({ signal }) => fetchServiceDetail(serviceId, signal),
    staleTime: 0,
    // While it is being set up, its state moves by itself (queued, being set up, retrying).
    refetchInterval: (query) => setupPollIntervalMs(query.state.data?.status),
    // The page shows a missing service (or another person's: the same 404) in place.
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useServiceDetail(userId: string, serviceId: string) {
  return useQuery(serviceDetailQueryOptions(userId, serviceId));
}
