import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type FakeZarinpal, startFakeZarinpal } from '../../providers/payment/fake-zarinpal';
import { payments, services } from '../../schema';
import { ok, refused, send } from '../../test/api-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readBalance } from '../wallet/wallet.service';
import {
  type Customer,
  createCustomer,
  expectBooksBalanced,
  HOSTING_MONTH,
  submitCart,
} from './checkout-test-kit';
import { RECONCILE_AFTER_MS, reconcilePayments } from './payments.service';

// The whole checkout with ZarinPal as the gateway, against the local fake that speaks its v4
// protocol (codes 100/101/-51, StartPay page, callback query) and fails the ways it can.

let fake: FakeZarinpal;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeZarinpal();
  t = await createTestApp({
    seedDemoData: true,
    paymentGateways: ['zarinpal'],
    zarinpal: {
      merchantId: fake.merchantId,
      apiBaseUrl: fake.url,
      startPayUrl: fake.startPayUrl,
      timeoutMs: 500,
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.setMode('normal');
  fake.requests.length = 0;
});

const VERIFY_PATH = '/pg/v4/payment/verify.json';
const REQUEST_PATH = '/pg/v4/payment/request.json';

/** The person on ZarinPal's page follows the pay or cancel link back to our callback. */
async function chooseAtZarinpal(redirectUrl: string, choice: 'pay' | 'cancel') {
  const response = await fetch(`${redirectUrl}/${choice}`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location') ?? '');
  expect(back.origin + back.pathname).toBe('http://localhost/pay/callback');
  return {
    authority: back.searchParams.get('Authority') ?? '',
    status: back.searchParams.get('Status'),
  };
}

const verify = (authority: string) => ok(t.app, '/api/pay/verify-pay-order', { authority });
const payOrder = (who: Customer, orderId: string) =>
  ok(t.app, '/api/pay/pay-order', { orderId }, who.token);
const orderDetail = (who: Customer, orderId: string) =>
  ok(t.app, '/api/user/orders/order-get-detail', { orderId }, who.token);
const servicesOf = (orderId: string) =>
  t.app.db.select().from(services).where(eq(services.orderId, orderId));
const verifyRequests = () => fake.requests.filter((request) => request.path === VERIFY_PATH);
const later = () => new Date(Date.now() + RECONCILE_AFTER_MS + 60_000);

async function pendingOrder() {
  const customer = await createCustomer(t.app);
  const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
  return { customer, order };
}

test('an order is paid through ZarinPal: our amount asked for, our amount verified', async () => {
  const { customer, order } = await pendingOrder();
  const started = await payOrder(customer, order.id);
  expect(started.gateway).toBe('zarinpal');
  expect(started.redirectUrl).toMatch(new RegExp(`^${fake.startPayUrl}/A\\d{35}$`));
  const [opened] = fake.requests;
  expect(opened?.path).toBe(REQUEST_PATH);
  expect(opened?.body).toMatchObject({
    merchant_id: fake.merchantId,
    amount: order.totalRial,
    currency: 'IRR',
    callback_url: 'http://localhost/pay/callback',
    metadata: { order_id: started.paymentId, mobile: `0${customer.mobile.slice(3)}` },
  });

  const back = await chooseAtZarinpal(started.redirectUrl, 'pay');
  expect(back.status).toBe('OK');
  const verified = await verify(back.authority);
  expect(verified).toMatchObject({
    purpose: 'order',
    status: 'paid',
    amountRial: order.totalRial,
    orderId: order.id,
    creditedToWallet: false,
  });
  expect(verified.referenceId).toMatch(/^\d+$/);
  expect(verifyRequests().map((request) => request.body)).toEqual([
    { merchant_id: fake.merchantId, amount: order.totalRial, authority: back.authority },
  ]);
  const paid = await orderDetail(customer, order.id);
  expect(paid).toMatchObject({ status: 'paid', gatewayPaidRial: order.totalRial });
  expect(paid.payments[0]).toMatchObject({
    gateway: 'zarinpal',
    status: 'paid',
    referenceId: verified.referenceId,
    cardPan: '502229******5995',
  });
  // A replayed callback is answered from our books, without asking ZarinPal again.
  expect(await verify(back.authority)).toEqual(verified);
  expect(verifyRequests()).toHaveLength(1);
  expect(await servicesOf(order.id)).toHaveLength(1);
});

test('100 then 101: a crash after ZarinPal said paid is settled by the next verify, once', async () => {
  const { customer, order } = await pendingOrder();
  const started = await payOrder(customer, order.id);
  const back = await chooseAtZarinpal(started.redirectUrl, 'pay');
  t.app.payments.insideSettle = async () => {
    throw new Error('the process died while settling');
  };
  try {
    expect(
      (await send(t.app, '/api/pay/verify-pay-order', { authority: back.authority })).statusCode,
    ).toBe(500);
  } finally {
    t.app.payments.insideSettle = undefined;
  }
  expect((await orderDetail(customer, order.id)).status).toBe('pending');
  // ZarinPal now answers 101 (already verified): that settles it all the same.
  const verified = await verify(back.authority);
  expect(verified).toMatchObject({ status: 'paid', creditedToWallet: false });
  expect(verifyRequests()).toHaveLength(2);
  expect((await orderDetail(customer, order.id)).status).toBe('paid');
  expect(await servicesOf(order.id)).toHaveLength(1);
  await expectBooksBalanced(t.app.db);
});

test('-51: cancelled at ZarinPal, the attempt fails and the order waits', async () => {
  const { customer, order } = await pendingOrder();
  const started = await payOrder(customer, order.id);
  const back = await chooseAtZarinpal(started.redirectUrl, 'cancel');
  expect(back.status).toBe('NOK');
  expect(await verify(back.authority)).toMatchObject({ status: 'failed' });
  const [row] = await t.app.db.select().from(payments).where(eq(payments.id, started.paymentId));
  expect(row?.failureReason).toMatch(/^-51 /);
  expect(await orderDetail(customer, order.id)).toMatchObject({
    status: 'pending',
    payableRial: order.totalRial,
  });
  expect(await servicesOf(order.id)).toEqual([]);
});

describe('ZarinPal unreachable or confused', () => {
  test.each(['timeout', 'server-error', 'garbage'] as const)(
    'at verify (%s): the answer is pending, never failed; reconciliation settles it later',
    async (mode) => {
      const { customer, order } = await pendingOrder();
      const started = await payOrder(customer, order.id);
      const back = await chooseAtZarinpal(started.redirectUrl, 'pay');
      fake.setMode(mode);
      const unknown = await verify(back.authority);
      expect(unknown).toMatchObject({
        status: 'pending',
        creditedToWallet: false,
        message: 'پاسخ درگاه هنوز نرسیده است؛ وضعیت پرداخت به‌زودی خودکار بررسی می‌شود',
      });
      expect(await orderDetail(customer, order.id)).toMatchObject({ status: 'pending' });
      // Still down when the job runs: nothing changes.
      expect(await reconcilePayments(t.app.payments, later())).toBe(0);
      fake.setMode('normal');
      expect(await reconcilePayments(t.app.payments, later())).toBe(1);
      expect(await orderDetail(customer, order.id)).toMatchObject({
        status: 'paid',
        gatewayPaidRial: order.totalRial,
      });
      // The person's callback, retried once ZarinPal is back, finds it settled.
      expect(await verify(back.authority)).toMatchObject({
        status: 'paid',
        creditedToWallet: false,
      });
      expect(await servicesOf(order.id)).toHaveLength(1);
      await expectBooksBalanced(t.app.db);
    },
  );

  test.each(['timeout', 'server-error'] as const)(
    'at start (%s): GATEWAY_UNAVAILABLE 503, the attempt failed and hidden, paying again works',
    async (mode) => {
      const { customer, order } = await pendingOrder();
      fake.setMode(mode);
      const error = await refused(
        t.app,
        '/api/pay/pay-order',
        { orderId: order.id },
        customer.token,
        503,
      );
      expect(error).toMatchObject({
        code: 'GATEWAY_UNAVAILABLE',
        message: 'درگاه پرداخت پاسخ نداد؛ لطفا چند لحظهٔ دیگر دوباره تلاش کنید',
      });
      const attempts = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(attempts.map((row) => [row.status, row.authority])).toEqual([['failed', null]]);
      expect((await orderDetail(customer, order.id)).payments).toEqual([]);
      fake.setMode('normal');
      const started = await payOrder(customer, order.id);
      const back = await chooseAtZarinpal(started.redirectUrl, 'pay');
      expect((await verify(back.authority)).status).toBe('paid');
    },
  );
});

test('a wallet top-up through ZarinPal credits once', async () => {
  const customer = await createCustomer(t.app);
  const started = await ok(
    t.app,
    '/api/user/account/add-credit',
    { amountRial: 3_000_000 },
    customer.token,
  );
  const back = await chooseAtZarinpal(started.redirectUrl, 'pay');
  expect(await verify(back.authority)).toMatchObject({ purpose: 'top-up', status: 'paid' });
  expect(await verify(back.authority)).toMatchObject({ purpose: 'top-up', status: 'paid' });
  expect(await reconcilePayments(t.app.payments, later())).toBe(0);
  expect(await readBalance(t.app.db, customer.id)).toBe(3_000_000);
  await expectBooksBalanced(t.app.db);
});

test('the sandbox page is not served while ZarinPal is the gateway', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/pay/sandbox/S-anything' });
  expect(response.statusCode).toBe(404);
  expect(response.body).not.toContain('درگاه آزمایشی');
});
