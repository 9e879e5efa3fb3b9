import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult, ServiceStatus } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

export const SERVICES_PAGE_SIZE = 10;

export type UserServices = PathResult<'/api/user/services/get-user-services'>;
export type UserService = UserServices['items'][number];

export interface ServiceFilters {
  status: ServiceStatus | null;
  page: number;
  /** The cursor the page was reached by (decision 0033); null on a page reached by number. */
  after: string | null;
}

/**
 * One page of the person's services, with counts per status for the filter: by number, or after
 * the cursor of the page before.
 */
export function fetchUserServices({ status, page, after }: ServiceFilters, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/services/get-user-services',
    {
      page,
      pageSize: SERVICES_PAGE_SIZE,
      ...(status ? { status } : {}),
      ...(after ? { after } : {}),
    },
    { signal, silent: true },
  );
}

/** Everything about one person's services: lists and details, dropped together after a renewal. */
export function servicesQueryKey(userId: string) {
  return ['services', userId] as const;
}

export function userServicesQueryOptions(userId: string, filters: ServiceFilters) {
  return queryOptions({
    queryKey: [
      ...servicesQueryKey(userId),
      'list',
      filters.status ?? 'all',
      filters.page,
      filters.after,
    ],
    queryFn: ({ signal }) => fetchUserServices(filters, signal),
    placeholderData: keepPreviousData,
    // Expiry days and renewal prices move with time and payments: asked again when shown.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useUserServices(userId: string, filters: ServiceFilters) {
  return useQuery(userServicesQueryOptions(userId, filters));
}
