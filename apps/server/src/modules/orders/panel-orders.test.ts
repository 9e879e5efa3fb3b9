import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { ok, refused, send } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { buyService, freshDomain } from '../services/panel-test-kit';
import {
  type Customer,
  chooseAtSandbox,
  createCustomer,
  DEMO_CUSTOMER,
  expectBooksBalanced,
  fillCart,
  grantCredit,
  signIn,
  submitCart,
  useWallet,
} from './checkout-test-kit';

const t = setupTestApp({ seedDemoData: true });

const listOrders = (who: Customer, body: Record<string, unknown> = {}) =>
  ok(t.app, '/api/user/orders/get-user-orders', body, who.token);

const successfulPayments = (who: Customer, orderId: string) =>
  ok(t.app, '/api/user/orders/get-order-successful-payments', { orderId }, who.token);

const hosting = () => ({ slug: 'host-linux-5g', cycle: 'monthly' as const, domain: freshDomain() });
const email = () => ({ slug: 'email-team', cycle: 'monthly' as const, domain: freshDomain() });

/** Pays what is left of an order at the sandbox gateway; answers the verify result. */
async function payAtGateway(who: Customer, orderId: string) {
  const started = await ok(t.app, '/api/pay/pay-order', { orderId }, who.token);
  const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
  return ok(t.app, '/api/pay/verify-pay-order', { authority: back.authority });
}

describe('get-user-orders', () => {
  test('lists the person’s orders newest first, with what each is and what is left to pay', async () => {
    const customer = await createCustomer(t.app);
    const cancelled = await submitCart(t.app, customer, [email()]);
    await ok(t.app, '/api/user/orders/cancel-order', { orderId: cancelled.id }, customer.token);
    const service = await buyService(t.app, customer, hosting());
    await ok(t.app, '/api/user/services/renew-service', { serviceId: service.id }, customer.token);
    await fillCart(t.app, { token: customer.token }, [email()]);
    const pending = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    await grantCredit(t.app.db, customer.id, 200_000);
    await useWallet(t.app, customer, pending.id, 200_000);
    // Nobody else's orders show.
    await submitCart(t.app, await createCustomer(t.app), [email()]);

    const list = await listOrders(customer);
    expect(list).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(list.counts).toEqual({ pending: 1, paid: 1, cancelled: 1, expired: 0, refunded: 0 });
    expect(list.items.map((item) => item.status)).toEqual(['pending', 'paid', 'cancelled']);
    const [waiting, paid, closed] = list.items;
    expect(waiting).toEqual({
      id: pending.id,
      number: pending.number,
      status: 'pending',
      totalRial: pending.totalRial,
      payableRial: pending.totalRial - 200_000,
      lineCount: 2,
      firstLineName: 'هاست لینوکس ۵ گیگ',
      hasRenewal: true,
      createdAt: pending.createdAt,
      expiresAt: pending.expiresAt,
      awaitingConfirmation: false,
      paidAt: null,
    });
    expect(paid).toMatchObject({
      id: service.orderId,
      status: 'paid',
      payableRial: 0,
      lineCount: 1,
      hasRenewal: false,
    });
    expect(paid?.paidAt).not.toBeNull();
    expect(closed).toMatchObject({
      id: cancelled.id,
      payableRial: 0,
      firstLineName: 'ایمیل سازمانی تیمی',
    });

    const onlyPaid = await listOrders(customer, { status: 'paid' });
    expect(onlyPaid.items.map((item) => item.id)).toEqual([service.orderId]);
    expect(onlyPaid.total).toBe(1);
    const second = await listOrders(customer, { page: 2, pageSize: 2 });
    expect(second.items.map((item) => item.id)).toEqual([cancelled.id]);
    expect(second.total).toBe(3);
  });

  test('bad filters and paging are refused; a visitor is asked to sign in', async () => {
    const customer = await createCustomer(t.app);
    for (const body of [
      { status: 'returned' },
      { page: -1 },
      { pageSize: 1000 },
      { userId: 'x' },
    ]) {
      const error = await refused(
        t.app,
        '/api/user/orders/get-user-orders',
        body,
        customer.token,
        400,
      );
      expect(error.code, JSON.stringify(body)).toBe('VALIDATION');
    }
    expect((await send(t.app, '/api/user/orders/get-user-orders', {})).statusCode).toBe(401);
  });
});

describe('get-order-successful-payments', () => {
  test('wallet spends and a gateway payment of one order, each with its details', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [hosting(), email()]);
    await grantCredit(t.app.db, customer.id, 500_000);
    await useWallet(t.app, customer, order.id, 100_000);
    await useWallet(t.app, customer, order.id, 300_000);
    // A failed attempt first: it took nothing.
    const failed = await ok(t.app, '/api/pay/pay-order', { orderId: order.id }, customer.token);
    const cancelledAt = await chooseAtSandbox(t.app, failed.redirectUrl, 'cancel');
    await ok(t.app, '/api/pay/verify-pay-order', { authority: cancelledAt.authority });
    const verified = await payAtGateway(customer, order.id);
    expect(verified.status).toBe('paid');

    const detail = await ok(
      t.app,
      '/api/user/orders/order-get-detail',
      { orderId: order.id },
      customer.token,
    );
    const gateway = detail.payments.find((payment) => payment.status === 'paid');
    const paid = await successfulPayments(customer, order.id);
    expect(paid.items).toEqual([
      {
        id: expect.any(String),
        method: 'wallet',
        gateway: null,
        amountRial: 100_000,
        referenceId: null,
        cardPan: null,
        paidAt: expect.any(String),
      },
      expect.objectContaining({ method: 'wallet', amountRial: 300_000 }),
      {
        id: gateway?.id,
        method: 'gateway',
        gateway: 'sandbox',
        amountRial: order.totalRial - 400_000,
        referenceId: verified.referenceId,
        cardPan: gateway?.cardPan,
        paidAt: gateway?.settledAt,
      },
    ]);
    expect(paid.totalPaidRial).toBe(order.totalRial);
    expect(paid.totalPaidRial).toBe(detail.walletAppliedRial + detail.gatewayPaidRial);
    await expectBooksBalanced(t.app.db);
  });

  test('a pending order shows what was spent so far; a cancelled one, whose credit came back, nothing', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [hosting()]);
    await grantCredit(t.app.db, customer.id, 250_000);
    await useWallet(t.app, customer, order.id, 250_000);
    const pending = await successfulPayments(customer, order.id);
    expect(pending.items.map((item) => [item.method, item.amountRial])).toEqual([
      ['wallet', 250_000],
    ]);
    expect(pending.totalPaidRial).toBe(250_000);
    await ok(t.app, '/api/user/orders/cancel-order', { orderId: order.id }, customer.token);
    expect(await successfulPayments(customer, order.id)).toEqual({ items: [], totalPaidRial: 0 });
  });

  test('a gateway payment that arrived after the order closed went to the wallet: not listed', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [hosting()]);
    const started = await ok(t.app, '/api/pay/pay-order', { orderId: order.id }, customer.token);
    await ok(t.app, '/api/user/orders/cancel-order', { orderId: order.id }, customer.token);
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    const verified = await ok(t.app, '/api/pay/verify-pay-order', { authority: back.authority });
    expect(verified.creditedToWallet).toBe(true);
    expect(await successfulPayments(customer, order.id)).toEqual({ items: [], totalPaidRial: 0 });
    await expectBooksBalanced(t.app.db);
  });

  test('another person’s order is 404, the same as one that does not exist', async () => {
    const owner = await createCustomer(t.app);
    const other = await createCustomer(t.app);
    const order = await submitCart(t.app, owner, [hosting()]);
    await grantCredit(t.app.db, owner.id, order.totalRial);
    await useWallet(t.app, owner, order.id);
    const path = '/api/user/orders/get-order-successful-payments';
    const theirs = await refused(t.app, path, { orderId: order.id }, other.token, 404);
    const missing = await refused(t.app, path, { orderId: randomUUID() }, other.token, 404);
    expect(theirs).toEqual(missing);
    for (const body of [{}, { orderId: 12 }, { orderId: order.id, amountRial: 1 }]) {
      expect((await refused(t.app, path, body, owner.token, 400)).code).toBe('VALIDATION');
    }
  });

  test('the demo customer’s renewal was paid part from credit, part by card', async () => {
    const sara = await signIn(t.app, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    const who = { id: sara.id, mobile: '+989121234567', token: sara.token };
    const orders = await listOrders(who, { status: 'paid' });
    const renewal = orders.items.find((item) => item.hasRenewal);
    const paid = await successfulPayments(who, renewal?.id ?? '');
    expect(paid.items.map((item) => [item.method, item.amountRial])).toEqual([
      ['wallet', 5_000_000],
      ['gateway', (renewal?.totalRial ?? 0) - 5_000_000],
    ]);
    expect(paid.items[1]).toMatchObject({ referenceId: '648201937', gateway: 'sandbox' });
    expect(paid.totalPaidRial).toBe(renewal?.totalRial);
  });
});

test('after everything in this file the books balance', async () => {
  await expectBooksBalanced(t.app.db);
});
