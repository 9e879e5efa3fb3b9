import { callAsUser } from '../../../lib/app-session';

/**
 * Spends wallet credit on an order: `amountRial`, or as much as covers it. When it covers the
 * rest, the server settles the order as paid.
 */
export function spendWalletOnOrder(orderId: string, amountRial?: number) {
  return callAsUser(
    '/api/cart/use-wallet-in-order',
    amountRial === undefined ? { orderId } : { orderId, amountRial },
  );
}
