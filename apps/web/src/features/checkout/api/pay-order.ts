import { callAsUser } from '../../../lib/app-session';

/** Opens a gateway payment for what is left to pay on an order. */
export function payOrder(orderId: string) {
  return callAsUser('/api/pay/pay-order', { orderId });
}
