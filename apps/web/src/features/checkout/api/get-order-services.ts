import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { isSettingUp } from '../utils/service-progress';

export type OrderService = PathResult<'/api/user/services/get-user-services'>['items'][number];

/**
 * The services an order made, as they are now: the person's services (the largest page, far
 * more than one customer holds) that name the order as the one that created them.
 */
export async function fetchOrderServices(orderId: string, signal?: AbortSignal) {
  const services = await callAsUser(
    '/api/user/services/get-user-services',
    { page: 1, pageSize: MAX_PAGE_SIZE },
    { signal, silent: true },
  );
  return services.items.filter((service) => service.orderId === orderId);
}

export function orderServicesQueryOptions(userId: string, orderId: string) {
  return queryOptions({
    // Under the services' own key, so a change there refreshes this.
    queryKey: ['services', userId, 'of-order', orderId] as const,
    queryFn: ({ signal }) => fetchOrderServices(orderId, signal),
    // Set up by a job in seconds: asked again until none is still on its way.
    refetchInterval: (query) =>
      query.state.data?.some((service) => isSettingUp(service.status)) ? 3_000 : false,
    // The page has said the payment went through; the list only adds to it.
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useOrderServices(userId: string | null, orderId: string | null) {
  return useQuery({
    ...orderServicesQueryOptions(userId ?? '', orderId ?? ''),
    enabled: userId !== null && orderId !== null,
  });
}
