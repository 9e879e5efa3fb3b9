import { callCart } from './cart-calls';
import { useCartMutation } from './cart-mutation';

/** Takes lines out of the cart. */
export function deleteCartProducts(lineIds: string[], userId: string | null) {
  return callCart('/api/cart/delete-cart-products', { lineIds }, userId);
}

export function useDeleteCartProducts() {
  return useCartMutation(deleteCartProducts);
}
