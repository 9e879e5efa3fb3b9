import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';

export type BuyerDetails = Awaited<ReturnType<typeof fetchCartUser>>;

/** The buyer's invoice details; until confirmed once, the profile's name and e-mail. */
export function fetchCartUser(signal?: AbortSignal) {
  return callAsUser('/api/cart/get-user', {}, { signal, silent: true });
}

export function cartUserQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['checkout', userId, 'buyer'],
    queryFn: ({ signal }) => fetchCartUser(signal),
  });
}

export function useCartUser(userId: string) {
  return useQuery(cartUserQueryOptions(userId));
}
