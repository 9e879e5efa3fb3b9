import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { orderQueryKey } from './get-order-detail';

export type SuccessfulPayments = PathResult<'/api/user/orders/get-order-successful-payments'>;

/** What has been paid on an order, by gateway or wallet: reference numbers, dates, amounts. */
export function fetchOrderSuccessfulPayments(orderId: string, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/orders/get-order-successful-payments',
    { orderId },
    { signal, silent: true },
  );
}

/**
 * Under the order's key, so whatever refreshes the order refreshes these too. `paidRial` is what
 * the order says has been paid: when a payment changes the order in place, the key changes and
 * the list is asked for again.
 */
export function orderSuccessfulPaymentsQueryOptions(
  userId: string,
  orderId: string,
  paidRial: number,
) {
  return queryOptions({
    queryKey: [...orderQueryKey(userId, orderId), 'successful-payments', paidRial],
    queryFn: ({ signal }) => fetchOrderSuccessfulPayments(orderId, signal),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useOrderSuccessfulPayments(userId: string, orderId: string, paidRial: number) {
  return useQuery(orderSuccessfulPaymentsQueryOptions(userId, orderId, paidRial));
}
