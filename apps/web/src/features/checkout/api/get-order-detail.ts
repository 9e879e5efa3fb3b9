import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { ordersQueryKey } from '../../../lib/shared-query-keys';

export type OrderDetail = PathResult<'/api/user/orders/order-get-detail'>;

/** One of the signed-in user's orders: lines, amounts, status and payments. */
export function fetchOrderDetail(orderId: string, signal?: AbortSignal) {
  return callAsUser('/api/user/orders/order-get-detail', { orderId }, { signal, silent: true });
}

export function orderQueryKey(userId: string, orderId: string) {
  return [...ordersQueryKey(userId), orderId] as const;
}

export function orderDetailQueryOptions(userId: string, orderId: string) {
  return queryOptions({
    queryKey: orderQueryKey(userId, orderId),
    queryFn: ({ signal }) => fetchOrderDetail(orderId, signal),
    // The page shows a missing order (or another person's: the same 404) in place.
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useOrderDetail(userId: string, orderId: string) {
  return useQuery(orderDetailQueryOptions(userId, orderId));
}
