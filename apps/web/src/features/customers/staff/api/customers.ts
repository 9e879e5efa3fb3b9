import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { CustomerFilters } from '../utils/customer-filters';

// The console's customers calls (issue 8): the search, a customer's file, and what admins change
// on an account. Every change invalidates the whole customers area of the staff member's cache:
// the list shows balances and locks too.

export const CUSTOMERS_PAGE_SIZE = 20;

type SearchPath = '/api/admin/customers/search-customers';
export type CustomerSearchPage = PathResult<SearchPath>;
export type CustomerListRow = CustomerSearchPage['items'][number];
export type CustomerFile = PathResult<'/api/admin/customers/get-customer'>;
export type CustomerServiceView = CustomerFile['services'][number];
export type CustomerLedgerRow = CustomerFile['wallet']['latestTransactions'][number];
export type CustomerOrderRow = CustomerFile['latestOrders'][number];

export function customersKey(staffId: string) {
  return ['admin', staffId, 'customers'] as const;
}

/** One page of customers matching the search, newest first: by number, or after a cursor. */
export function fetchCustomers(filters: CustomerFilters, signal?: AbortSignal) {
  const input: PathInput<SearchPath> = { page: filters.page, pageSize: CUSTOMERS_PAGE_SIZE };
  if (filters.query) input.query = filters.query;
  if (filters.role) input.role = filters.role;
  if (filters.lock) input.locked = filters.lock === 'locked';
  if (filters.after) input.after = filters.after;
  return callAsUser('/api/admin/customers/search-customers', input, { signal, silent: true });
}

export function customersQueryOptions(staffId: string, filters: CustomerFilters) {
  return queryOptions({
    queryKey: [
      ...customersKey(staffId),
      'search',
      filters.query,
      filters.role ?? 'all',
      filters.lock ?? 'all',
      filters.page,
      filters.after,
    ],
    queryFn: ({ signal }) => fetchCustomers(filters, signal),
    placeholderData: keepPreviousData,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useCustomers(staffId: string, filters: CustomerFilters) {
  return useQuery(customersQueryOptions(staffId, filters));
}

export function customerQueryOptions(staffId: string, customerId: string) {
  return queryOptions({
    queryKey: [...customersKey(staffId), 'file', customerId],
    queryFn: ({ signal }) =>
      callAsUser(
        '/api/admin/customers/get-customer',
        { userId: customerId },
        { signal, silent: true },
      ),
    // Staff act on what they see: a file opened again is read again.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useCustomer(staffId: string, customerId: string) {
  return useQuery(customerQueryOptions(staffId, customerId));
}

/** After a change: the file and every list that shows the customer are read again. */
export function refreshCustomers(queryClient: QueryClient, staffId: string) {
  return queryClient.invalidateQueries({ queryKey: customersKey(staffId) });
}

type AdjustInput = PathInput<'/api/admin/customers/adjust-customer-credit'>;

/** The account actions of a customer's file, each followed by reading the file again. */
export function useCustomerActions(staffId: string, customerId: string) {
  const queryClient = useQueryClient();
  const after = async <T>(result: T) => {
    await refreshCustomers(queryClient, staffId);
    return result;
  };
  return {
    adjustCredit: async (change: Omit<AdjustInput, 'userId'>) =>
      after(
        await callAsUser(
          '/api/admin/customers/adjust-customer-credit',
          { userId: customerId, ...change },
          { silent: true },
        ),
      ),
    lock: async (reason: string) =>
      after(
        await callAsUser(
          '/api/admin/customers/lock-customer',
          { userId: customerId, reason },
          { silent: true },
        ),
      ),
    unlock: async (reason: string | undefined) =>
      after(
        await callAsUser(
          '/api/admin/customers/unlock-customer',
          reason ? { userId: customerId, reason } : { userId: customerId },
          { silent: true },
        ),
      ),
    endSessions: async (reason: string | undefined) =>
      after(
        await callAsUser(
          '/api/admin/customers/end-customer-sessions',
          reason ? { userId: customerId, reason } : { userId: customerId },
          { silent: true },
        ),
      ),
  };
}
