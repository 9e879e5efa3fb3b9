import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { ordersQueryKey } from '../../../lib/shared-query-keys';

export const ORDERS_PAGE_SIZE = 10;

export type UserOrders = PathResult<'/api/user/orders/get-user-orders'>;
export type OrderSummary = UserOrders['items'][number];

export interface OrderFilters {
  status: OrderStatus | null;
  page: number;
  /** The cursor the page was reached by (decision 0033); null on a page reached by number. */
  after: string | null;
}

/**
 * One page of the person's orders, newest first, with counts per status for the filter: by
 * number, or after the cursor of the page before.
 */
export function fetchUserOrders({ status, page, after }: OrderFilters, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/orders/get-user-orders',
    {
      page,
      pageSize: ORDERS_PAGE_SIZE,
      ...(status ? { status } : {}),
      ...(after ? { after } : {}),
    },
    { signal, silent: true },
  );
}

export function userOrdersQueryOptions(userId: string, filters: OrderFilters) {
  return queryOptions({
    // Under ordersQueryKey with each order's detail, so a settled payment refreshes both.
    queryKey: [
      ...ordersQueryKey(userId),
      'list',
      filters.status ?? 'all',
      filters.page,
      filters.after,
    ],
    queryFn: ({ signal }) => fetchUserOrders(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useUserOrders(userId: string, filters: OrderFilters) {
  return useQuery(userOrdersQueryOptions(userId, filters));
}
