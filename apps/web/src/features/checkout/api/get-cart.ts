import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/app-session';
import { cartQueryKey } from '../../../lib/cart-query-key';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { callCart, readCartToken } from './cart-calls';

export function fetchCart(userId: string | null, signal?: AbortSignal) {
  // Silent: the cart page shows a failure in place; the header badge needs no toast.
  return callCart('/api/cart/get-cart', {}, userId, { signal, silent: true });
}

export function cartQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: cartQueryKey(userId),
    queryFn: ({ signal }) => fetchCart(userId, signal),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/**
 * Whose cart to show: the signed-in user's, or the visitor's. Not ready while the session is
 * still being restored, so a visitor's cart is not fetched for someone who is signed in.
 */
export function useCartOwner(): { ready: boolean; userId: string | null } {
  const session = useSession();
  if (session.status === 'starting') return { ready: false, userId: null };
  return { ready: true, userId: session.status === 'signed-in' ? session.identity.id : null };
}

/** The cart shown to the person on this device. */
export function useCart() {
  const { ready, userId } = useCartOwner();
  return useQuery({ ...cartQueryOptions(userId), enabled: ready });
}

/**
 * How many lines the cart holds, for the header. A visitor who never added anything has no
 * token and so no cart: nothing is asked then, which keeps the first page's calls as they were.
 */
export function useCartLineCount(): number {
  const { ready, userId } = useCartOwner();
  const cart = useQuery({
    ...cartQueryOptions(userId),
    enabled: ready && (userId !== null || readCartToken() !== undefined),
  });
  return cart.data?.lines.length ?? 0;
}
