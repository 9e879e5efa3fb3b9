import {
  adminGetPaymentSettings,
  adminUpdatePaymentSettings,
  getPaymentMethods,
  type OnlineGateway,
} from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { type FakeZarinpal, startFakeZarinpal } from '../../providers/payment/fake-zarinpal';
import { type FakeZibal, startFakeZibal } from '../../providers/payment/fake-zibal';
import { payments } from '../../schema';
import { ok, refused, type SignedInUser } from '../../test/api-kit';
import { createStaff, expectStaffOnly } from '../../test/staff-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createCustomer,
  expectBooksBalanced,
  HOSTING_MONTH,
  submitCart,
} from './checkout-test-kit';

// Issue 21: two online gateways (ZarinPal and Zibal, each against its local fake), enabled and
// ordered by staff; a gateway that does not open a payment leaves the order as it was and the
// customer is offered the next; each payment is verified at the gateway our record names.

let zarinpal: FakeZarinpal;
let zibal: FakeZibal;
let t: TestApp;
let admin: SignedInUser;

const SETTINGS = {
  cardToCardEnabled: false,
  bankTransferEnabled: false,
  cardNumber: '',
  sheba: '',
  holderName: '',
  bankName: '',
};

beforeAll(async () => {
  zarinpal = await startFakeZarinpal();
  zibal = await startFakeZibal();
  t = await createTestApp({
    seedDemoData: true,
    paymentGateways: ['zarinpal', 'zibal'],
    zarinpal: {
      merchantId: zarinpal.merchantId,
      apiBaseUrl: zarinpal.url,
      startPayUrl: zarinpal.startPayUrl,
      timeoutMs: 500,
    },
    zibal: { merchant: zibal.merchant, apiBaseUrl: zibal.url, startPayUrl: zibal.startPayUrl },
  });
  admin = await createStaff(t.app, 'admin');
});
afterAll(async () => {
  await t.close();
  await zarinpal.close();
  await zibal.close();
});
beforeEach(() => {
  zarinpal.setMode('normal');
  zibal.failWith(null);
});

const useGateways = (gateways: OnlineGateway[]) =>
  ok(t.app, adminUpdatePaymentSettings.path, { ...SETTINGS, gateways }, admin.token);

test('staff enable and order the gateways the server has; customers see that order', async () => {
  const customer = await createCustomer(t.app);
  expect((await ok(t.app, getPaymentMethods.path, {}, customer.token)).gateways).toEqual([
    { name: 'zarinpal', title: 'درگاه زرین‌پال' },
    { name: 'zibal', title: 'درگاه زیبال' },
  ]);
  const saved = await useGateways(['zibal', 'zarinpal']);
  expect(saved.gateways.map(({ name, enabled, available }) => [name, enabled, available])).toEqual([
    ['zibal', true, true],
    ['zarinpal', true, true],
    ['sandbox', false, false],
  ]);
  expect((await ok(t.app, getPaymentMethods.path, {}, customer.token)).gateways[0]?.name).toBe(
    'zibal',
  );
  // The sandbox is not configured here: it cannot be turned on.
  const error = await refused(
    t.app,
    adminUpdatePaymentSettings.path,
    { ...SETTINGS, gateways: ['sandbox'] },
    admin.token,
    400,
  );
  expect(error.fields?.gateways).toContain('پیکربندی نشده');
  await expectStaffOnly(t.app, adminUpdatePaymentSettings, { ...SETTINGS, gateways: ['zibal'] });
  expect((await ok(t.app, adminGetPaymentSettings.path, {}, admin.token)).gateways[0]?.name).toBe(
    'zibal',
  );
});

test('the first gateway fails to open: the order stays pending and the next one takes the payment', async () => {
  await useGateways(['zarinpal', 'zibal']);
  const customer = await createCustomer(t.app);
  const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
  zarinpal.setMode('server-error');
  const failed = await refused(
    t.app,
    '/api/pay/pay-order',
    { orderId: order.id },
    customer.token,
    503,
  );
  expect(failed).toMatchObject({ code: 'GATEWAY_UNAVAILABLE' });
  expect(failed.message).toContain('درگاه زیبال');
  const still = await ok(
    t.app,
    '/api/user/orders/order-get-detail',
    { orderId: order.id },
    customer.token,
  );
  expect(still).toMatchObject({ status: 'pending', payableRial: order.totalRial });

  const started = await ok(
    t.app,
    '/api/pay/pay-order',
    { orderId: order.id, gateway: 'zibal' },
    customer.token,
  );
  expect(started.gateway).toBe('zibal');
  const trackId = started.redirectUrl.split('/').at(-1) ?? '';
  expect(started.redirectUrl).toBe(`${zibal.startPayUrl}/${trackId}`);
  zibal.pay(trackId);
  const verified = await ok(t.app, '/api/pay/verify-pay-order', {
    authority: trackId,
    status: '2',
  });
  expect(verified).toMatchObject({ status: 'paid', amountRial: order.totalRial });
  // A replayed callback answers from our row; Zibal's "already verified" never settles twice.
  expect(await ok(t.app, '/api/pay/verify-pay-order', { authority: trackId })).toEqual(verified);
  const paid = await ok(
    t.app,
    '/api/user/orders/order-get-detail',
    { orderId: order.id },
    customer.token,
  );
  expect(paid).toMatchObject({ status: 'paid', gatewayPaidRial: order.totalRial });
  expect(paid.invoice?.number).toMatch(/^S\d{4}-\d{6}$/);
  const attempts = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
  expect(attempts.map((attempt) => [attempt.gateway, attempt.status]).sort()).toEqual([
    ['zarinpal', 'failed'],
    ['zibal', 'paid'],
  ]);
  await expectBooksBalanced(t.app.db);
});

test('Zibal says a payment was cancelled (202): failed, nothing settled; a different amount is refused', async () => {
  await useGateways(['zibal']);
  const customer = await createCustomer(t.app);
  const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
  const started = await ok(t.app, '/api/pay/pay-order', { orderId: order.id }, customer.token);
  const trackId = started.redirectUrl.split('/').at(-1) ?? '';
  zibal.cancel(trackId);
  expect(await ok(t.app, '/api/pay/verify-pay-order', { authority: trackId })).toMatchObject({
    status: 'failed',
  });
  const again = await ok(t.app, '/api/pay/pay-order', { orderId: order.id }, customer.token);
  const second = again.redirectUrl.split('/').at(-1) ?? '';
  zibal.pay(second, { paidAmountRial: order.totalRial - 10_000 });
  expect(await ok(t.app, '/api/pay/verify-pay-order', { authority: second })).toMatchObject({
    status: 'failed',
  });
  const detail = await ok(
    t.app,
    '/api/user/orders/order-get-detail',
    { orderId: order.id },
    customer.token,
  );
  expect(detail).toMatchObject({ status: 'pending', gatewayPaidRial: 0 });
  await expectBooksBalanced(t.app.db);
});

test('a gateway staff turned off cannot be chosen; with none on, paying says so', async () => {
  await useGateways(['zarinpal']);
  const customer = await createCustomer(t.app);
  const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
  const off = await refused(
    t.app,
    '/api/pay/pay-order',
    { orderId: order.id, gateway: 'zibal' },
    customer.token,
    400,
  );
  expect(off.fields?.gateway).toBe('این درگاه پرداخت اکنون فعال نیست؛ درگاه دیگری را انتخاب کنید');
  await useGateways([]);
  const none = await refused(
    t.app,
    '/api/pay/pay-order',
    { orderId: order.id },
    customer.token,
    503,
  );
  expect(none.message).toContain('هیچ درگاه پرداخت فعالی نیست');
  await useGateways(['zarinpal', 'zibal']);
});
