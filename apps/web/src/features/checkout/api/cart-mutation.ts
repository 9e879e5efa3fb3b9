import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '../../../lib/cart-query-key';
import type { Cart } from './cart-calls';
import { useCartOwner } from './get-cart';

// Apart from get-cart, which the header loads on every page: mutations load with the pages
// that change the cart.
/**
 * A change to the cart. Every cart call answers with the whole cart, which replaces the cached
 * one: no second request, and the header's count follows at once.
 */
export function useCartMutation<Variables>(
  change: (variables: Variables, userId: string | null) => Promise<Cart>,
) {
  const queryClient = useQueryClient();
  const { userId } = useCartOwner();
  const queryKey = cartQueryKey(userId);
  return useMutation({
    mutationFn: async (variables: Variables) => {
      // A read still on its way would otherwise land after this answer and undo it on screen.
      await queryClient.cancelQueries({ queryKey });
      return change(variables, userId);
    },
    onSuccess: async (cart) => {
      // So would one that started while this change was on its way (a page mounting the header's
      // count, the window coming back into focus): this answer is the newest the cart can be.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, cart);
    },
  });
}
