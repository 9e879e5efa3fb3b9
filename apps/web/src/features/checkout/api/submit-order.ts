import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAsUser, refreshRedDotsAsUser } from '../../../lib/app-session';
import { cartQueryKey } from '../../../lib/cart-query-key';
import { countSubmittedOrder } from '../../../lib/user-counts';
import { forgetCartToken, readCartToken } from './cart-calls';
import { orderQueryKey } from './get-order-detail';

/**
 * Turns the cart into an order, priced on the server. A visitor's cart still on this device
 * is merged first, so what the person saw is what they order.
 */
export async function submitOrder() {
  const cartToken = readCartToken();
  const order = await callAsUser('/api/cart/submit-order', cartToken ? { cartToken } : {});
  forgetCartToken(cartToken);
  return order;
}

export function useSubmitOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(userId, order.id), order);
      // Spec §3: the account's order count (and service count, when paid at once) in place.
      countSubmittedOrder(queryClient, userId, order);
      // A new unpaid order: the orders link's red dot.
      void refreshRedDotsAsUser();
      return queryClient.invalidateQueries({ queryKey: cartQueryKey(userId) });
    },
    // A refused submit (a price changed, a code ran out) may have changed the cart on the server.
    onError: () => queryClient.invalidateQueries({ queryKey: cartQueryKey(userId) }),
  });
}
