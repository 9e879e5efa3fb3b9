import type { OnlineGateway } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';

/** Opens a gateway payment for what is left to pay on an order; no gateway: staff's first. */
export function payOrder(orderId: string, gateway?: OnlineGateway) {
  return callAsUser('/api/pay/pay-order', { orderId, ...(gateway ? { gateway } : {}) });
}
