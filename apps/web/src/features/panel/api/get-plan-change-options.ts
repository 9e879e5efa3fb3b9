import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { servicesQueryKey } from './get-user-services';

export type PlanChangeOptions = PathResult<'/api/user/services/get-plan-change-options'>;
export type PlanChangeOption = PlanChangeOptions['options'][number];

/** The plans a service may move to, each worked out for the rest of its term, or why not. */
export function fetchPlanChangeOptions(serviceId: string, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/services/get-plan-change-options',
    { serviceId },
    { signal, silent: true },
  );
}

/** Under the person's services: a renewal, a payment or a change there refreshes it too. */
export function planChangeOptionsQueryKey(userId: string, serviceId: string) {
  return [...servicesQueryKey(userId), 'plan-change', serviceId] as const;
}

export function planChangeOptionsQueryOptions(userId: string, serviceId: string) {
  return queryOptions({
    queryKey: planChangeOptionsQueryKey(userId, serviceId),
    queryFn: ({ signal }) => fetchPlanChangeOptions(serviceId, signal),
    // The days left and the prices move: the figure shown must be today's.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function usePlanChangeOptions(userId: string, serviceId: string) {
  return useQuery(planChangeOptionsQueryOptions(userId, serviceId));
}
