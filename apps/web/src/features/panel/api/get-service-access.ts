import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult, ServiceStatus } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { setupPollIntervalMs } from '../utils/service-setup';
import { servicesQueryKey } from './get-user-services';

export type ServiceAccess = PathResult<'/api/user/services/get-service-access'>;
export type ServiceAccount = NonNullable<ServiceAccess['account']>;
export type AccountUsage = NonNullable<ServiceAccess['usage']>;
export type ServiceEvent = ServiceAccess['timeline'][number];

/** The service's account on its control panel: where, who, how much, and what happened. */
export function fetchServiceAccess(serviceId: string, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/services/get-service-access',
    { serviceId },
    { signal, silent: true },
  );
}

/** Beside the service's detail, not under it: refreshing the detail need not ask the panel. */
export function serviceAccessQueryKey(userId: string, serviceId: string) {
  return [...servicesQueryKey(userId), 'access', serviceId] as const;
}

/**
 * `status` is the service's as the page last heard it: while it is being set up, the access is
 * asked again every few seconds, so the page sees the account appear by itself.
 */
export function serviceAccessQueryOptions(
  userId: string,
  serviceId: string,
  status: ServiceStatus | undefined,
) {
  return queryOptions({
    queryKey: serviceAccessQueryKey(userId, serviceId),
    queryFn: ({ signal }) => fetchServiceAccess(serviceId, signal),
    // Usage moves as the site is visited: asked again each time it is shown.
    staleTime: 0,
    refetchInterval: setupPollIntervalMs(status),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useServiceAccess(
  userId: string,
  serviceId: string,
  status: ServiceStatus | undefined,
) {
  return useQuery(serviceAccessQueryOptions(userId, serviceId, status));
}
