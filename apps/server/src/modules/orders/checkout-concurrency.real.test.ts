import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { discountCodes, orders, services } from '../../schema';
import { ok, send } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { readBalance } from '../wallet/wallet.service';
import {
  type Customer,
  chooseAtSandbox,
  createCustomer,
  expectBooksBalanced,
  fillCart,
  grantCredit,
  HOSTING_MONTH,
  submitCart,
} from './checkout-test-kit';
import { DISCOUNT_PROBLEMS } from './discount-rules';

// Only a real PostgreSQL runs these requests' transactions at the same time (server-postgres
// project). Each test fires many identical requests at once, then checks the books.

const t = setupTestApp({ seedDemoData: true });

/** Fires `count` copies of a request at once; answers their status codes and bodies. */
async function atOnce(count: number, request: (index: number) => ReturnType<typeof send>) {
  const responses = await Promise.all(Array.from({ length: count }, (_, index) => request(index)));
  return responses.map((response) => ({
    status: response.statusCode,
    body: response.json() as {
      ok: boolean;
      data?: Record<string, unknown>;
      error?: { code: string; message: string };
    },
  }));
}

const countBy = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

const VPS_MONTH = { slug: 'vps-2core', cycle: 'monthly' } as const;

test('twenty verify-pay-order calls at once for one paid attempt settle it once', async () => {
  const customer = await createCustomer(t.app);
  const order = await submitCart(t.app, customer, [HOSTING_MONTH, VPS_MONTH]);
  const started = await ok(t.app, '/api/pay/pay-order', { orderId: order.id }, customer.token);
  const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
  const answers = await atOnce(20, () =>
    send(t.app, '/api/pay/verify-pay-order', { authority: back.authority, status: 'OK' }),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  for (const answer of answers) {
    expect(answer.body.data).toMatchObject({ status: 'paid', creditedToWallet: false });
  }
  const paid = await ok(t.app, '/api/cart/order-get-detail', { orderId: order.id }, customer.token);
  expect(paid).toMatchObject({ status: 'paid', gatewayPaidRial: order.totalRial });
  expect(await t.app.db.select().from(services).where(eq(services.orderId, order.id))).toHaveLength(
    2,
  );
  expect(await readBalance(t.app.db, customer.id)).toBe(0);
  await expectBooksBalanced(t.app.db);
});

test('wallet spends at once on two orders that together exceed the balance never overdraw', async () => {
  const customer = await createCustomer(t.app);
  const first = await submitCart(t.app, customer, [VPS_MONTH]);
  const second = await submitCart(t.app, customer, [VPS_MONTH]);
  // Enough for one of them and a part of the other.
  const balance = first.totalRial + Math.floor(second.totalRial / 2);
  await grantCredit(t.app.db, customer.id, balance);
  const answers = await atOnce(16, (index) =>
    send(
      t.app,
      '/api/cart/use-wallet-in-order',
      { orderId: index % 2 === 0 ? first.id : second.id },
      customer.token,
    ),
  );
  for (const answer of answers) {
    expect([200, 409, 422]).toContain(answer.status);
    if (answer.status !== 200) {
      expect(['CONFLICT', 'INSUFFICIENT_CREDIT']).toContain(answer.body.error?.code);
    }
  }
  const after = await Promise.all(
    [first, second].map((order) =>
      ok(t.app, '/api/cart/order-get-detail', { orderId: order.id }, customer.token),
    ),
  );
  // Which spends won depends on timing; that no Rial was made or lost, and no order over-paid,
  // does not.
  const spent = after.reduce((sum, order) => sum + order.walletAppliedRial, 0);
  expect(spent).toBeGreaterThan(0);
  expect(spent + (await readBalance(t.app.db, customer.id))).toBe(balance);
  for (const order of after) {
    expect(order.walletAppliedRial).toBeLessThanOrEqual(order.totalRial);
    expect(order.status).toBe(order.walletAppliedRial === order.totalRial ? 'paid' : 'pending');
  }
  expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
  await expectBooksBalanced(t.app.db);
});

test('many full wallet payments of one order at once pay it once', async () => {
  const customer = await createCustomer(t.app);
  const order = await submitCart(t.app, customer, [VPS_MONTH]);
  await grantCredit(t.app.db, customer.id, order.totalRial * 5);
  const answers = await atOnce(12, () =>
    send(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token),
  );
  // The order's state no longer allows paying once the first has: 409 (API.md).
  expect(countBy(answers.map((answer) => answer.status))).toEqual({ 200: 1, 409: 11 });
  expect(await readBalance(t.app.db, customer.id)).toBe(order.totalRial * 4);
  await expectBooksBalanced(t.app.db);
});

test('the last use of a limited code, claimed by ten submits at once: one succeeds', async () => {
  await t.app.db
    .insert(discountCodes)
    .values({ code: 'LASTFEW', title: 'کد آزمون', kind: 'percent', value: 20, usageLimit: 3 });
  const early: Customer[] = [];
  for (let index = 0; index < 2; index++) {
    const customer = await createCustomer(t.app);
    await submitCart(t.app, customer, [HOSTING_MONTH], 'LASTFEW');
    early.push(customer);
  }
  const racers: Customer[] = [];
  for (let index = 0; index < 10; index++) {
    const customer = await createCustomer(t.app);
    await fillCart(t.app, { token: customer.token }, [HOSTING_MONTH]);
    await ok(t.app, '/api/cart/apply-discount-code-in-cart', { code: 'LASTFEW' }, customer.token);
    racers.push(customer);
  }
  const answers = await atOnce(racers.length, (index) =>
    send(t.app, '/api/cart/submit-order', {}, racers[index]?.token),
  );
  expect(countBy(answers.map((answer) => answer.status))).toEqual({ 200: 1, 422: 9 });
  for (const answer of answers.filter((each) => each.status === 422)) {
    expect(answer.body.error).toMatchObject({
      code: 'DISCOUNT_INVALID',
      message: DISCOUNT_PROBLEMS.usedUp,
    });
  }
  const [code] = await t.app.db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, 'LASTFEW'));
  expect(code?.usedCount).toBe(3);
  await expectBooksBalanced(t.app.db);
});

test('the same cart submitted many times at once becomes one order', async () => {
  const customer = await createCustomer(t.app);
  await fillCart(t.app, { token: customer.token }, [HOSTING_MONTH, VPS_MONTH]);
  await ok(t.app, '/api/cart/apply-discount-code-in-cart', { code: 'VITRIN10' }, customer.token);
  const answers = await atOnce(10, () => send(t.app, '/api/cart/submit-order', {}, customer.token));
  expect(countBy(answers.map((answer) => answer.status))).toEqual({ 200: 1, 422: 9 });
  for (const answer of answers.filter((each) => each.status === 422)) {
    expect(answer.body.error?.code).toBe('CART_EMPTY');
  }
  const placed = await t.app.db.select().from(orders).where(eq(orders.userId, customer.id));
  expect(placed).toHaveLength(1);
  await expectBooksBalanced(t.app.db);
});

test('cancel and verify racing: the payment is applied once, to the order or to the wallet', async () => {
  for (let round = 0; round < 8; round++) {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH], 'VITRIN10');
    await grantCredit(t.app.db, customer.id, 300_000);
    await ok(
      t.app,
      '/api/cart/use-wallet-in-order',
      { orderId: order.id, amountRial: 300_000 },
      customer.token,
    );
    const started = await ok(t.app, '/api/pay/pay-order', { orderId: order.id }, customer.token);
    const back = await chooseAtSandbox(t.app, started.redirectUrl, 'pay');
    // The cancel leaves a little later each round, so that either may reach the order first.
    const [cancel, verify] = await Promise.all([
      delay(round * 2).then(() =>
        send(t.app, '/api/user/orders/cancel-order', { orderId: order.id }, customer.token),
      ),
      send(t.app, '/api/pay/verify-pay-order', { authority: back.authority }),
    ]);
    expect(verify.statusCode).toBe(200);
    const verified = verify.json().data as { status: string; creditedToWallet: boolean };
    expect(verified.status).toBe('paid');
    const detail = await ok(
      t.app,
      '/api/cart/order-get-detail',
      { orderId: order.id },
      customer.token,
    );
    if (cancel.statusCode === 200) {
      // Cancelled first: the wallet part came back and the gateway money went to the wallet.
      expect(verified.creditedToWallet).toBe(true);
      expect(detail.status).toBe('cancelled');
      expect(await readBalance(t.app.db, customer.id)).toBe(300_000 + started.amountRial);
    } else {
      expect(cancel.statusCode).toBe(409);
      expect(verified.creditedToWallet).toBe(false);
      expect(detail).toMatchObject({ status: 'paid', gatewayPaidRial: started.amountRial });
      expect(await readBalance(t.app.db, customer.id)).toBe(0);
    }
  }
  await expectBooksBalanced(t.app.db);
});

test('two paid attempts verified at once: one pays the order, the other goes to the wallet', async () => {
  const customer = await createCustomer(t.app);
  const order = await submitCart(t.app, customer, [VPS_MONTH]);
  const attempts = await Promise.all(
    [0, 1].map(() => ok(t.app, '/api/pay/pay-order', { orderId: order.id }, customer.token)),
  );
  const authorities = await Promise.all(
    attempts.map(
      async (attempt) => (await chooseAtSandbox(t.app, attempt.redirectUrl, 'pay')).authority,
    ),
  );
  const answers = await atOnce(10, (index) =>
    send(t.app, '/api/pay/verify-pay-order', { authority: authorities[index % 2] }),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
  // Every answer about one attempt agrees, and exactly one of the two went to the wallet.
  const creditedOf = (attempt: number) =>
    new Set(
      answers
        .filter((_, index) => index % 2 === attempt)
        .map((answer) => answer.body.data?.creditedToWallet),
    );
  expect([...creditedOf(0), ...creditedOf(1)].sort()).toEqual([false, true]);
  expect(await readBalance(t.app.db, customer.id)).toBe(order.totalRial);
  const paid = await ok(t.app, '/api/cart/order-get-detail', { orderId: order.id }, customer.token);
  expect(paid).toMatchObject({ status: 'paid', gatewayPaidRial: order.totalRial });
  await expectBooksBalanced(t.app.db);
});
