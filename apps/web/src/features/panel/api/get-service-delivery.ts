import { useMutation, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { servicesQueryKey } from './get-user-services';

export type ServiceDelivery = PathResult<'/api/user/services/get-service-delivery'>;
export type DeliveryDetail = ServiceDelivery['details'][number];

/** A service delivered by hand: waiting since when, or what staff handed over (no secrets). */
export function fetchServiceDelivery(serviceId: string, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/services/get-service-delivery',
    { serviceId },
    { signal, silent: true },
  );
}

export function serviceDeliveryQueryKey(userId: string, serviceId: string) {
  return [...servicesQueryKey(userId), 'delivery', serviceId] as const;
}

export function useServiceDelivery(userId: string, serviceId: string, status: string) {
  return useQuery({
    // The status is part of the key: a delivery the page hears of asks again.
    queryKey: [...serviceDeliveryQueryKey(userId, serviceId), status],
    queryFn: ({ signal }) => fetchServiceDelivery(serviceId, signal),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Every detail, secrets included, once the person has given their own password again. */
export function useRevealDeliveryDetails() {
  return useMutation({
    mutationFn: (request: { serviceId: string; password: string }) =>
      callAsUser('/api/user/services/reveal-delivery-details', request),
  });
}
