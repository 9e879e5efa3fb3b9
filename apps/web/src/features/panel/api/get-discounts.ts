import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

export type Discounts = PathResult<'/api/user/orders/get-discounts'>;

/** The codes the person may use now, and the ones their orders have used. */
export function fetchDiscounts(signal?: AbortSignal) {
  return callAsUser('/api/user/orders/get-discounts', {}, { signal, silent: true });
}

export function discountsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['discounts', userId],
    queryFn: ({ signal }) => fetchDiscounts(signal),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useDiscounts(userId: string) {
  return useQuery(discountsQueryOptions(userId));
}
