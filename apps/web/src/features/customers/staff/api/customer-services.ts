import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { type CustomerServiceView, customersKey } from './customers';

// A customer's file carries their newest services only (decision 0031); the rest come from
// list-customer-services a page at a time, from the cursor the file gave, when staff ask.

export const MORE_SERVICES_PAGE_SIZE = 50;

/**
 * The services after those in the file, loaded on demand: nothing is read until `loadMore`.
 * Kept under the customers key, so a change to the customer reads them again too.
 */
export function useMoreCustomerServices(
  staffId: string,
  customerId: string,
  firstCursor: string | null,
) {
  const [wanted, setWanted] = useState(false);
  const query = useInfiniteQuery({
    queryKey: [...customersKey(staffId), 'services', customerId, firstCursor],
    queryFn: ({ pageParam, signal }) =>
      callAsUser(
        '/api/admin/customers/list-customer-services',
        { userId: customerId, after: pageParam, pageSize: MORE_SERVICES_PAGE_SIZE },
        { signal, silent: true },
      ),
    initialPageParam: firstCursor ?? '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: wanted && firstCursor !== null,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
  const pages = query.data?.pages;
  const services = useMemo<CustomerServiceView[]>(
    () => pages?.flatMap((page) => page.items) ?? [],
    [pages],
  );
  const hasMore = firstCursor !== null && (!query.data || query.hasNextPage);
  return {
    services,
    hasMore,
    isLoading: query.isFetching,
    query,
    loadMore: () => {
      if (!wanted) setWanted(true);
      else if (query.hasNextPage) void query.fetchNextPage();
    },
  };
}
