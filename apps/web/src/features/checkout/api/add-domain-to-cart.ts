import { type CartInput, callCart } from './cart-calls';
import { useCartMutation } from './cart-mutation';

export type AddDomainToCartInput = CartInput<'/api/cart/add-domain-to-cart'>;

/**
 * Puts a domain's registration (for a number of years) or transfer in the cart, once its
 * registry has said it can be had that way. Silent: the search shows a refusal beside its name.
 */
export function addDomainToCart(input: AddDomainToCartInput, userId: string | null) {
  return callCart('/api/cart/add-domain-to-cart', input, userId, { silent: true });
}

export function useAddDomainToCart() {
  return useCartMutation(addDomainToCart);
}
