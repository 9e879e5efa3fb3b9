import { toPersianDigits } from '@vitrin/fa';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { orders, payments, sandboxPayments, services, walletTransactions } from '../../schema';
import { ok, refused, send } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { readBalance } from '../wallet/wallet.service';
import {
  authorityOf,
  type Customer,
  chooseAtSandbox,
  createCustomer,
  expectBooksBalanced,
  grantCredit,
  HOSTING_MONTH,
  submitCart,
} from './checkout-test-kit';
import { RECONCILE_AFTER_MS, reconcilePayments } from './payments.service';

const t = setupTestApp({ seedDemoData: true });

const MESSAGES = {
  orderPaid: 'پرداخت با موفقیت انجام شد و سفارش شما پرداخت‌شده است',
  credited:
    'پرداخت انجام شد، اما سفارش پیش‌تر پرداخت یا بسته شده بود؛ مبلغ به کیف پول شما افزوده شد',
  failed: 'پرداخت انجام نشد. اگر مبلغی از حساب شما کم شده باشد، بانک تا ۷۲ ساعت آن را برمی‌گرداند',
};

const verify = (authority: string, status?: string) =>
  ok(t.app, '/api/pay/verify-pay-order', status ? { authority, status } : { authority });

const payOrder = (who: Customer, orderId: string) =>
  ok(t.app, '/api/pay/pay-order', { orderId }, who.token);

const orderDetail = (who: Customer, orderId: string) =>
  ok(t.app, '/api/user/orders/order-get-detail', { orderId }, who.token);

async function servicesOf(orderId: string) {
  return t.app.db.select().from(services).where(eq(services.orderId, orderId));
}

async function paymentRow(paymentId: string) {
  const [row] = await t.app.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row) throw new Error(`no payment ${paymentId}`);
  return row;
}

/** A new customer with a pending order for a hosting month. */
async function pendingOrder() {
  const customer = await createCustomer(t.app);
  const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
  return { customer, order };
}

/** As if the attempt had been opened `ms` ago: reconciliation waits for the person first. */
async function ageAttempt(paymentId: string, ms: number) {
  await t.app.db
    .update(payments)
    .set({ createdAt: sql`${payments.createdAt} - make_interval(secs => ${ms / 1000})` })
    .where(eq(payments.id, paymentId));
}

describe('paying through the sandbox gateway', () => {
  test('pay-order, the sandbox page, the callback and verify settle the order', async () => {
    const { customer, order } = await pendingOrder();
    const started = await payOrder(customer, order.id);
    expect(started).toMatchObject({ amountRial: order.totalRial, gateway: 'sandbox' });
    expect(started.redirectUrl).toMatch(/^http:\/\/localhost\/pay\/sandbox\/S[A-Za-z0-9_-]+$/);

    const gatewayPage = await t.app.inject({
      method: 'GET',
      url: new URL(started.redirectUrl).pathname,
    });
    expect(gatewayPage.statusCode).toBe(200);
    expect(gatewayPage.body).toContain(`پرداخت سفارش ${toPersianDigits(order.number)} در ویترین`);
    expect(gatewayPage.body).toContain('درگاه آزمایشی');
    expect(gatewayPage.body).toContain('value="pay"');
    expect(gatewayPage.body).toContain('value="cancel"');

    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    expect(back).toMatchObject({ status: 'OK', callbackPath: '/pay/callback' });
    expect(back.authority).toBe(authorityOf(started.redirectUrl));

    const verified = await verify(back.authority, 'OK');
    expect(verified).toMatchObject({
      purpose: 'order',
      status: 'paid',
      amountRial: order.totalRial,
      orderId: order.id,
      creditedToWallet: false,
      message: MESSAGES.orderPaid,
    });
    const paid = await orderDetail(customer, order.id);
    expect(paid).toMatchObject({
      status: 'paid',
      gatewayPaidRial: order.totalRial,
      walletAppliedRial: 0,
      payableRial: 0,
    });
    expect(paid.payments).toEqual([
      expect.objectContaining({
        id: started.paymentId,
        gateway: 'sandbox',
        amountRial: order.totalRial,
        status: 'paid',
        referenceId: verified.referenceId,
        cardPan: '6037-99**-****-1234',
      }),
    ]);
    expect(await servicesOf(order.id)).toHaveLength(1);
    await expectBooksBalanced(t.app.db);

    // Paying it again is a conflict with its state (API.md: 409), and opens no attempt.
    const again = await refused(
      t.app,
      '/api/pay/pay-order',
      { orderId: order.id },
      customer.token,
      409,
    );
    expect(again).toMatchObject({ code: 'CONFLICT', message: 'این سفارش پیش‌تر پرداخت شده است' });
    expect((await orderDetail(customer, order.id)).payments).toHaveLength(1);
  });

  test('a replayed callback settles once: same answer, services and ledger unchanged', async () => {
    const { customer, order } = await pendingOrder();
    const started = await payOrder(customer, order.id);
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    const first = await verify(back.authority, 'OK');
    const settled = await paymentRow(started.paymentId);
    for (let replay = 0; replay < 4; replay++) {
      expect(await verify(back.authority, 'OK')).toEqual(first);
    }
    expect(await paymentRow(started.paymentId)).toEqual(settled);
    expect(await servicesOf(order.id)).toHaveLength(1);
    const ledger = await t.app.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, customer.id));
    expect(ledger).toEqual([]);
    expect((await orderDetail(customer, order.id)).gatewayPaidRial).toBe(order.totalRial);
  });

  test('the sandbox takes one choice: cancelling after paying still returns OK', async () => {
    const { customer, order } = await pendingOrder();
    const started = await payOrder(customer, order.id);
    await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    const again = await chooseAtSandbox(t.app, started.redirectUrl, 'cancel');
    expect(again.status).toBe('OK');
    const gatewayPage = await t.app.inject({
      method: 'GET',
      url: new URL(started.redirectUrl).pathname,
    });
    expect(gatewayPage.body).toContain('این تراکنش پیش‌تر پرداخت شده است');
    expect((await verify(again.authority)).status).toBe('paid');
  });

  test('cancelling at the sandbox fails the attempt and leaves the order to pay again', async () => {
    const { customer, order } = await pendingOrder();
    const started = await payOrder(customer, order.id);
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'cancel');
    expect(back.status).toBe('NOK');
    expect(await verify(back.authority, 'NOK')).toMatchObject({
      status: 'failed',
      creditedToWallet: false,
      message: MESSAGES.failed,
    });
    const after = await orderDetail(customer, order.id);
    expect(after).toMatchObject({ status: 'pending', payableRial: order.totalRial });
    expect(after.payments.map((payment) => payment.status)).toEqual(['failed']);
    const retry = await payOrder(customer, order.id);
    expect(retry.paymentId).not.toBe(started.paymentId);
    const paid = await chooseAtSandbox(t.app, retry.redirectUrl, 'pay');
    expect((await verify(paid.authority)).status).toBe('paid');
    expect((await orderDetail(customer, order.id)).payments.map((p) => p.status)).toEqual([
      'paid',
      'failed',
    ]);
  });
});

describe('forged and stray callbacks', () => {
  test('an unknown authority is 404, on verify and on the sandbox page', async () => {
    const error = await refused(
      t.app,
      '/api/pay/verify-pay-order',
      { authority: 'S-nobody-issued-this', status: 'OK' },
      undefined,
      404,
    );
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'پرداختی با این شناسه پیدا نشد' });
    const page = await t.app.inject({ method: 'GET', url: '/pay/sandbox/S-nobody-issued-this' });
    expect(page.statusCode).toBe(404);
  });

  test('Status=OK on a cancelled attempt is still failed: the gateway is asked, not the URL', async () => {
    const { customer, order } = await pendingOrder();
    const started = await payOrder(customer, order.id);
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'cancel');
    expect((await verify(back.authority, 'OK')).status).toBe('failed');
    expect((await orderDetail(customer, order.id)).status).toBe('pending');
    expect(await servicesOf(order.id)).toEqual([]);
  });

  test('a forged callback before the person chose does not lose the payment made after it', async () => {
    const { customer, order } = await pendingOrder();
    const started = await payOrder(customer, order.id);
    const authority = authorityOf(started.redirectUrl);
    expect((await verify(authority, 'OK')).status).toBe('failed');
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    expect((await verify(back.authority, 'OK')).status).toBe('paid');
    expect((await orderDetail(customer, order.id)).status).toBe('paid');
  });

  test('verify asks the gateway about our amount: an attempt it holds for another is not settled', async () => {
    const { customer, order } = await pendingOrder();
    const started = await payOrder(customer, order.id);
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    // What the gateway collected differs from what we asked for (as a tampered page would).
    await t.app.db
      .update(sandboxPayments)
      .set({ amountRial: 10_000 })
      .where(eq(sandboxPayments.authority, back.authority));
    const verified = await verify(back.authority, 'OK');
    expect(verified).toMatchObject({ status: 'failed', amountRial: order.totalRial });
    expect((await paymentRow(started.paymentId)).failureReason).toBe('-50 amount differs');
    expect((await orderDetail(customer, order.id)).status).toBe('pending');
    expect(await servicesOf(order.id)).toEqual([]);
    // The client cannot name an amount either.
    await refused(
      t.app,
      '/api/pay/verify-pay-order',
      { authority: back.authority, amountRial: 10_000 },
      undefined,
      400,
    );
  });
});

describe('money that arrives for an order that no longer needs it goes to the wallet', () => {
  test('two attempts both paid: the first pays the order, the second is credited', async () => {
    const { customer, order } = await pendingOrder();
    const first = await payOrder(customer, order.id);
    const second = await payOrder(customer, order.id);
    const firstBack = await chooseAtSandbox(t.app, first.redirectUrl, 'pay');
    const secondBack = await chooseAtSandbox(t.app, second.redirectUrl, 'pay');
    expect(await verify(firstBack.authority)).toMatchObject({
      status: 'paid',
      creditedToWallet: false,
    });
    const credited = await verify(secondBack.authority);
    expect(credited).toMatchObject({
      status: 'paid',
      creditedToWallet: true,
      orderId: order.id,
      message: MESSAGES.credited,
    });
    // Replaying either changes nothing more.
    expect(await verify(secondBack.authority)).toEqual(credited);
    expect(await verify(firstBack.authority)).toMatchObject({ creditedToWallet: false });

    expect(await readBalance(t.app.db, customer.id)).toBe(order.totalRial);
    const ledger = await t.app.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, customer.id));
    expect(ledger.map((row) => [row.reason, row.amountRial, row.paymentId, row.orderId])).toEqual([
      ['refund', order.totalRial, second.paymentId, order.id],
    ]);
    const paid = await orderDetail(customer, order.id);
    expect(paid).toMatchObject({ status: 'paid', gatewayPaidRial: order.totalRial });
    expect(await servicesOf(order.id)).toHaveLength(1);
    await expectBooksBalanced(t.app.db);
  });

  test('cancelled after paying at the gateway but before verify: credited, order stays cancelled', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH], 'VITRIN10');
    const started = await payOrder(customer, order.id);
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    await ok(t.app, '/api/user/orders/cancel-order', { orderId: order.id }, customer.token);
    expect(await verify(back.authority, 'OK')).toMatchObject({
      status: 'paid',
      creditedToWallet: true,
      amountRial: order.totalRial,
    });
    expect((await orderDetail(customer, order.id)).status).toBe('cancelled');
    expect(await readBalance(t.app.db, customer.id)).toBe(order.totalRial);
    expect(await servicesOf(order.id)).toEqual([]);
    await expectBooksBalanced(t.app.db);
  });

  test('wallet credit spent while the attempt was open: the attempt no longer fits and is credited', async () => {
    const { customer, order } = await pendingOrder();
    const started = await payOrder(customer, order.id);
    await grantCredit(t.app.db, customer.id, 200_000);
    await ok(
      t.app,
      '/api/cart/use-wallet-in-order',
      { orderId: order.id, amountRial: 200_000 },
      customer.token,
    );
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    expect(await verify(back.authority)).toMatchObject({ status: 'paid', creditedToWallet: true });
    const after = await orderDetail(customer, order.id);
    expect(after).toMatchObject({
      status: 'pending',
      walletAppliedRial: 200_000,
      gatewayPaidRial: 0,
      payableRial: order.totalRial - 200_000,
    });
    expect(await readBalance(t.app.db, customer.id)).toBe(order.totalRial);
    // The credit now covers the rest.
    expect(
      (await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token))
        .status,
    ).toBe('paid');
    await expectBooksBalanced(t.app.db);
  });
});

describe('a crash or a lost callback is settled by reconciliation, once', () => {
  test('a crash in the middle of settling leaves everything pending; the job settles it', async () => {
    const { customer, order } = await pendingOrder();
    const started = await payOrder(customer, order.id);
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    t.app.payments.insideSettle = async () => {
      throw new Error('the process died while settling');
    };
    try {
      const crashed = await send(t.app, '/api/pay/verify-pay-order', { authority: back.authority });
      expect(crashed.statusCode).toBe(500);
      expect(crashed.json().error.code).toBe('INTERNAL');
    } finally {
      t.app.payments.insideSettle = undefined;
    }
    expect(await paymentRow(started.paymentId)).toMatchObject({
      status: 'pending',
      settledAt: null,
    });
    expect(await orderDetail(customer, order.id)).toMatchObject({
      status: 'pending',
      gatewayPaidRial: 0,
    });
    expect(await servicesOf(order.id)).toEqual([]);

    // The gateway has verified it already: from now on it answers "already verified".
    await ageAttempt(started.paymentId, RECONCILE_AFTER_MS + 60_000);
    expect(await t.app.checkoutJob.runOnce()).toBe(true);
    expect(await paymentRow(started.paymentId)).toMatchObject({ status: 'paid' });
    expect(await orderDetail(customer, order.id)).toMatchObject({
      status: 'paid',
      gatewayPaidRial: order.totalRial,
    });
    expect(await servicesOf(order.id)).toHaveLength(1);

    // The person's callback arriving late, and the job again, change nothing.
    expect(await verify(back.authority)).toMatchObject({ status: 'paid', creditedToWallet: false });
    expect(
      await reconcilePayments(t.app.payments, new Date(Date.now() + RECONCILE_AFTER_MS * 2)),
    ).toBe(0);
    expect(await servicesOf(order.id)).toHaveLength(1);
    expect(await readBalance(t.app.db, customer.id)).toBe(0);
    await expectBooksBalanced(t.app.db);
  });

  test('a crash while settling a top-up credits the wallet once after reconciliation', async () => {
    const customer = await createCustomer(t.app);
    const started = await ok(
      t.app,
      '/api/user/account/add-credit',
      { amountRial: 900_000 },
      customer.token,
    );
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
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
    expect(await readBalance(t.app.db, customer.id)).toBe(0);
    const later = new Date(Date.now() + RECONCILE_AFTER_MS + 60_000);
    expect(await reconcilePayments(t.app.payments, later)).toBe(1);
    expect(await reconcilePayments(t.app.payments, later)).toBe(0);
    expect(await readBalance(t.app.db, customer.id)).toBe(900_000);
    await expectBooksBalanced(t.app.db);
  });

  test('an attempt younger than two minutes is left alone: the person may still be paying', async () => {
    const { customer, order } = await pendingOrder();
    const started = await payOrder(customer, order.id);
    expect(await reconcilePayments(t.app.payments, new Date())).toBe(0);
    expect((await paymentRow(started.paymentId)).status).toBe('pending');
    // Paid, and the person never came back: the job finds it.
    await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    expect(
      await reconcilePayments(t.app.payments, new Date(Date.now() + RECONCILE_AFTER_MS + 60_000)),
    ).toBe(1);
    expect((await orderDetail(customer, order.id)).status).toBe('paid');
  });

  test('pending attempts are asked about before failed ones are asked again', async () => {
    const { customer, order } = await pendingOrder();
    // More recently failed attempts than one run of the job takes (cancelled at the bank).
    const runLimit = 5;
    for (let index = 0; index < runLimit; index++) {
      const other = await pendingOrder();
      const attempt = await payOrder(other.customer, other.order.id);
      const back = await chooseAtSandbox(t.app, attempt.redirectUrl, 'cancel');
      expect((await verify(back.authority)).status).toBe('failed');
    }
    const started = await payOrder(customer, order.id);
    await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    // The person paid and never came back: one run of the job must still find it.
    expect(
      await reconcilePayments(
        t.app.payments,
        new Date(Date.now() + RECONCILE_AFTER_MS + 60_000),
        runLimit,
      ),
    ).toBe(1);
    expect((await orderDetail(customer, order.id)).status).toBe('paid');
  });

  test('an attempt failed by a forged early callback is asked again, and settled when paid', async () => {
    const { customer, order } = await pendingOrder();
    const started = await payOrder(customer, order.id);
    expect((await verify(authorityOf(started.redirectUrl), 'OK')).status).toBe('failed');
    await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    // The person closed the tab on the bank's page: only the job can find out.
    expect(
      await reconcilePayments(t.app.payments, new Date(Date.now() + RECONCILE_AFTER_MS + 60_000)),
    ).toBe(1);
    expect(await orderDetail(customer, order.id)).toMatchObject({ status: 'paid' });
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.gatewayPaidRial).toBe(order.totalRial);
    await expectBooksBalanced(t.app.db);
  });
});

test('after everything in this file the books balance', async () => {
  await expectBooksBalanced(t.app.db);
});
