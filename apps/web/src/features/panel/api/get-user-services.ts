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
}

/** One page of the person's services, with counts per status for the filter. */
export function fetchUserServices({ status, page }: ServiceFilters, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/services/get-user-services',
    status
      ? { status, page, pageSize: SERVICES_PAGE_SIZE }
      : { page, pageSize: SERVICES_PAGE_SIZE },
    { signal, silent: true },
  );
}

/** Everything about one person's services: lists and details, dropped together after a renewal. */
export function servicesQueryKey(userId: string) {
  return ['services', userId] as const;
}

export function userServicesQueryOptions(userId: string, filters: ServiceFilters) {
  return queryOptions({
    queryKey: [...servicesQueryKey(userId), 'list', filters.status ?? 'all', filters.page],
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
