import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { provisioningKey, refreshProvisioning } from './provisioning-key';

export const DELIVERY_QUEUE_PAGE_SIZE = 20;
/** New payments arrive and time passes: an open page reads the queue this often. */
const DELIVERY_QUEUE_REFRESH_MS = 30_000;

type QueuePath = '/api/admin/provisioning/get-delivery-queue';
export type DeliveryQueuePage = PathResult<QueuePath>;
export type DeliveryQueueRow = DeliveryQueuePage['items'][number];
export type DeliverInput = Omit<PathInput<'/api/admin/provisioning/deliver-service'>, 'serviceId'>;

export function deliveryQueueQueryOptions(staffId: string, page: number) {
  return queryOptions({
    queryKey: [...provisioningKey(staffId), 'delivery', page],
    queryFn: ({ signal }) =>
      callAsUser(
        '/api/admin/provisioning/get-delivery-queue',
        { page, pageSize: DELIVERY_QUEUE_PAGE_SIZE },
        { signal, silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: DELIVERY_QUEUE_REFRESH_MS,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Paid services delivered by hand that wait for staff, waiting longest first. */
export function useDeliveryQueue(staffId: string, page: number) {
  return useQuery(deliveryQueueQueryOptions(staffId, page));
}

/** «تحویل»: the details handed over; the queue and the customers' files are read again. */
export function useDeliverService(staffId: string, serviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliverInput) =>
      callAsUser(
        '/api/admin/provisioning/deliver-service',
        { serviceId, ...input },
        { silent: true },
      ),
    onSuccess: () => refreshProvisioning(queryClient, staffId),
  });
}
