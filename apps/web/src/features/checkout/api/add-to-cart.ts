import { type CartInput, callCart } from './cart-calls';
import { useCartMutation } from './cart-mutation';

export type AddToCartInput = CartInput<'/api/cart/add-to-cart'>;

/** Puts a product in the cart with its cycle, and its theme and domain when it needs them. */
export function addToCart(input: AddToCartInput, userId: string | null) {
  return callCart('/api/cart/add-to-cart', input, userId);
}

export function useAddToCart() {
  return useCartMutation(addToCart);
}
