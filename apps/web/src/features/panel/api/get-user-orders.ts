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
}

/** One page of the person's orders, newest first, with counts per status for the filter. */
export function fetchUserOrders({ status, page }: OrderFilters, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/orders/get-user-orders',
    status ? { status, page, pageSize: ORDERS_PAGE_SIZE } : { page, pageSize: ORDERS_PAGE_SIZE },
    { signal, silent: true },
  );
}

export function userOrdersQueryOptions(userId: string, filters: OrderFilters) {
  return queryOptions({
    // Under ordersQueryKey with each order's detail, so a settled payment refreshes both.
    queryKey: [...ordersQueryKey(userId), 'list', filters.status ?? 'all', filters.page],
    queryFn: ({ signal }) => fetchUserOrders(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useUserOrders(userId: string, filters: OrderFilters) {
  return useQuery(userOrdersQueryOptions(userId, filters));
}
