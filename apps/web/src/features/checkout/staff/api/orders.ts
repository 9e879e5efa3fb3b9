import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { appSession, callAsUser } from '../../../../lib/app-session';
import {
  answerError,
  ERROR_SHOWN_IN_PAGE,
  rawRequestInit,
  unreachableError,
} from '../../../../lib/http';
import { ordersCsvFileName } from '../utils/order-export';
import { type OrderFilters, orderFiltersInput } from '../utils/order-filters';
import { dashboardQueryKey } from './dashboard';

export const ORDERS_PAGE_SIZE = 20;

export type AdminOrderPage = PathResult<'/api/admin/orders/list-orders'>;
export type AdminOrderListRow = AdminOrderPage['items'][number];
export type AdminOrder = PathResult<'/api/admin/orders/get-order'>;

/** Everything the console's order pages keep: a change to an order makes it all stale. */
function ordersKey(userId: string) {
  return ['admin', userId, 'orders'] as const;
}

function orderKey(userId: string, orderId: string) {
  return [...ordersKey(userId), 'detail', orderId] as const;
}

export function ordersQueryOptions(userId: string, filters: OrderFilters) {
  return queryOptions({
    queryKey: [
      ...ordersKey(userId),
      'list',
      filters.status ?? 'all',
      filters.query,
      filters.createdFrom,
      filters.createdTo,
      filters.sort,
      filters.page,
      filters.after,
    ],
    queryFn: ({ signal }) =>
      callAsUser(
        '/api/admin/orders/list-orders',
        {
          ...orderFiltersInput(filters),
          page: filters.page,
          pageSize: ORDERS_PAGE_SIZE,
          ...(filters.after ? { after: filters.after } : {}),
        },
        { signal, silent: true },
      ),
    placeholderData: keepPreviousData,
    // New orders come in all the time: opening the list shows what is there now.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** One page of orders matching the filters in the address. */
export function useOrders(userId: string, filters: OrderFilters) {
  return useQuery(ordersQueryOptions(userId, filters));
}

export function orderQueryOptions(userId: string, orderId: string) {
  return queryOptions({
    queryKey: orderKey(userId, orderId),
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/orders/get-order', { orderId }, { signal, silent: true }),
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Any customer's order with its payments, ledger rows, services and staff actions. */
export function useOrder(userId: string, orderId: string) {
  return useQuery(orderQueryOptions(userId, orderId));
}

/**
 * After a cancel or a refund: the order as the server answered it, and every list, dashboard
 * figure and customer page that counted it asks again.
 */
function useSettleOrderChange(userId: string) {
  const queryClient = useQueryClient();
  return async (order: AdminOrder) => {
    queryClient.setQueryData(orderKey(userId, order.id), order);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ordersKey(userId), refetchType: 'none' }),
      queryClient.invalidateQueries({ queryKey: dashboardQueryKey(userId) }),
      queryClient.invalidateQueries({ queryKey: ['admin', userId, 'customers'] }),
    ]);
  };
}

/** Cancels an unpaid order (admins); the wallet credit spent on it comes back. */
export function useCancelOrder(userId: string) {
  const settle = useSettleOrderChange(userId);
  return useMutation({
    mutationFn: (input: { orderId: string; reason?: string | undefined }) =>
      callAsUser(
        '/api/admin/orders/cancel-order',
        input.reason
          ? { orderId: input.orderId, reason: input.reason }
          : { orderId: input.orderId },
        { silent: true },
      ),
    onSuccess: settle,
  });
}

/**
 * Refunds a paid order to the customer's wallet with a credit note (admins): all that is left
 * when no amount is given (the order is refunded and its services cancelled), or a part of it
 * (the order stays paid and its services as they are).
 */
export function useRefundOrder(userId: string) {
  const settle = useSettleOrderChange(userId);
  return useMutation({
    mutationFn: (input: PathInput<'/api/admin/orders/refund-order'>) =>
      callAsUser('/api/admin/orders/refund-order', input, { silent: true }),
    onSuccess: settle,
  });
}

const EXPORT_PATH = '/api/admin/orders/export-orders-csv';

/**
 * The orders matching the filters as a CSV file (the server's bytes, BOM and all), fetched with
 * the session's token since the answer is a file, not the JSON envelope. A failure is the
 * server's envelope, thrown as ApiRequestError.
 */
export function fetchOrdersCsv(filters: OrderFilters): Promise<Blob> {
  return appSession.withAccessToken(async (accessToken) => {
    const { url, headers, credentials } = rawRequestInit(EXPORT_PATH, accessToken);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(orderFiltersInput(filters)),
        credentials,
      });
    } catch {
      throw unreachableError();
    }
    if (!response.ok) {
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        // Not our envelope: answerError says the server could not be reached.
      }
      throw answerError(response.status, body);
    }
    try {
      return await response.blob();
    } catch {
      throw unreachableError();
    }
  });
}

/** Saves a file the page fetched under the given name, as a download would. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes once the click's task is over.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Exports the orders the filters match and saves them as `vitrin-orders-<Jalali day>.csv`. */
export function useExportOrdersCsv() {
  return useMutation({
    mutationFn: async (filters: OrderFilters) => {
      const blob = await fetchOrdersCsv(filters);
      saveBlob(blob, ordersCsvFileName(new Date()));
    },
  });
}
