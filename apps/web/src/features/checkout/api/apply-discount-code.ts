import { callCart } from './cart-calls';
import { useCartMutation } from './cart-mutation';

/**
 * Puts a discount code on the cart; an empty code takes the cart's code off. A code that does
 * not apply is refused with the reason, on the `code` field.
 */
export function applyDiscountCode(code: string, userId: string | null) {
  return callCart('/api/cart/apply-discount-code-in-cart', { code }, userId);
}

export function useApplyDiscountCode() {
  return useCartMutation(applyDiscountCode);
}
