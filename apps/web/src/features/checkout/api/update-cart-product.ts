import type { BillingCycle } from '@vitrin/contracts';
import { callCart } from './cart-calls';
import { useCartMutation } from './cart-mutation';

export interface CartLineCycle {
  lineId: string;
  cycle: BillingCycle;
}

/** Changes the billing cycle of one cart line. */
export function updateCartProduct(input: CartLineCycle, userId: string | null) {
  return callCart('/api/cart/update-cart-product', input, userId);
}

export function useUpdateCartProduct() {
  return useCartMutation(updateCartProduct);
}
