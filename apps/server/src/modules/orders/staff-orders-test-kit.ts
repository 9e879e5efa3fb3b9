import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ok } from '../../test/api-kit';
import {
  type Customer,
  chooseAtSandbox,
  grantCredit,
  type LineWanted,
  submitCart,
  useWallet,
} from './checkout-test-kit';

// Orders in every state for the console's tests, bought through the customer's own API.

/** A submitted order (of `lines`, or of the cart as it is when none) paid part by wallet credit (`walletRial`) and the rest at the gateway. */
export async function paidOrder(
  app: FastifyInstance,
  customer: Customer,
  lines: readonly LineWanted[],
  options: { walletRial?: number; code?: string } = {},
) {
  // No lines: the cart as it is (a renewal put there by renew-service).
  const order =
    lines.length > 0
      ? await submitCart(app, customer, lines, options.code)
      : await ok(app, '/api/cart/submit-order', {}, customer.token);
  const walletRial = Math.min(options.walletRial ?? 0, order.totalRial);
  if (walletRial > 0) {
    await grantCredit(app.db, customer.id, walletRial);
    await useWallet(app, customer, order.id, walletRial);
  }
  if (walletRial < order.totalRial) {
    const started = await ok(app, '/api/pay/pay-order', { orderId: order.id }, customer.token);
    const back = await chooseAtSandbox(app, started.redirectUrl, 'pay');
    await ok(app, '/api/pay/verify-pay-order', { authority: back.authority, status: 'OK' });
  }
  const paid = await ok(app, '/api/cart/order-get-detail', { orderId: order.id }, customer.token);
  expect(paid.status).toBe('paid');
  // Plans a panel delivers are set up by the provisioning job: run it, as a worker would.
  await app.jobs.drain();
  return paid;
}
