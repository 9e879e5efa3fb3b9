import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { discountCodes, payments, services } from '../../schema';
import { ok, refused } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import {
  type Customer,
  catalogPrice,
  createCustomer,
  DEMO_CUSTOMER,
  expectBooksBalanced,
  FREE_THEME,
  fillCart,
  grantCredit,
  HOSTING_MONTH,
  type LineWanted,
  signIn,
  submitCart,
} from './checkout-test-kit';
import { DISCOUNT_PROBLEMS } from './discount-rules';

const t = setupTestApp({ seedDemoData: true });

const DAY_MS = 24 * 3_600_000;

async function insertCode(values: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
  const [row] = await t.app.db
    .insert(discountCodes)
    .values({ title: 'کد آزمون', kind: 'percent', value: 10, ...values })
    .returning();
  if (!row) throw new Error('code insert returned no row');
  return row;
}

async function usedCount(code: string): Promise<number> {
  const [row] = await t.app.db
    .select({ usedCount: discountCodes.usedCount })
    .from(discountCodes)
    .where(eq(discountCodes.code, code));
  return row?.usedCount ?? -1;
}

const apply = (who: Customer, code: string) =>
  ok(t.app, '/api/cart/apply-discount-code-in-cart', { code }, who.token);

async function applyRefused(who: Customer, code: string): Promise<string> {
  const error = await refused(
    t.app,
    '/api/cart/apply-discount-code-in-cart',
    { code },
    who.token,
    422,
  );
  expect(error.code).toBe('DISCOUNT_INVALID');
  expect(error.fields).toEqual({ code: error.message });
  return error.message;
}

/** A customer with one hosting month in the cart. */
async function customerWithCart(lines: readonly LineWanted[] = [HOSTING_MONTH]) {
  const customer = await createCustomer(t.app);
  await fillCart(t.app, { token: customer.token }, lines);
  return customer;
}

const BUILDER_MONTH: LineWanted = {
  slug: 'builder-starter',
  cycle: 'monthly',
  theme: FREE_THEME,
  domain: 'builder-line.ir',
};
/** A line no website-builder code covers, below WELCOME's minimum on its own. */
const EMAIL_MONTH: LineWanted = { slug: 'email-team', cycle: 'monthly', domain: 'builder-line.ir' };
const VPS_MONTH: LineWanted = { slug: 'vps-2core', cycle: 'monthly' };

describe('a code is refused, with its reason in fields.code, when', () => {
  test('nobody issued it', async () => {
    const customer = await customerWithCart();
    expect(await applyRefused(customer, 'NO-SUCH-CODE')).toBe(DISCOUNT_PROBLEMS.unknown);
    const cart = await ok(t.app, '/api/cart/get-cart', {}, customer.token);
    expect(cart.discount).toBeNull();
  });

  test('it was switched off (told apart from nothing)', async () => {
    await insertCode({ code: 'SWITCHEDOFF', active: false });
    expect(await applyRefused(await customerWithCart(), 'switchedoff')).toBe(
      DISCOUNT_PROBLEMS.unknown,
    );
  });

  test('its window has not started', async () => {
    await insertCode({ code: 'NEXTWEEK', startsAt: new Date(Date.now() + 7 * DAY_MS) });
    expect(await applyRefused(await customerWithCart(), 'NEXTWEEK')).toBe(
      DISCOUNT_PROBLEMS.notStarted,
    );
  });

  test('its window has ended (YALDA1404)', async () => {
    expect(await applyRefused(await customerWithCart(), 'YALDA1404')).toBe(DISCOUNT_PROBLEMS.ended);
  });

  test('all its uses are taken', async () => {
    await insertCode({ code: 'ONLYONCE', usageLimit: 1 });
    const first = await customerWithCart();
    await apply(first, 'ONLYONCE');
    await ok(t.app, '/api/cart/submit-order', {}, first.token);
    expect(await usedCount('ONLYONCE')).toBe(1);
    expect(await applyRefused(await customerWithCart(), 'ONLYONCE')).toBe(DISCOUNT_PROBLEMS.usedUp);
  });

  test('the buyer has used their share; a cancelled order gives it back', async () => {
    await insertCode({ code: 'ONEEACH', perUserLimit: 1 });
    const customer = await customerWithCart();
    await apply(customer, 'ONEEACH');
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    await fillCart(t.app, { token: customer.token }, [HOSTING_MONTH]);
    expect(await applyRefused(customer, 'ONEEACH')).toBe(DISCOUNT_PROBLEMS.perUser);
    // Another buyer still may.
    expect((await apply(await customerWithCart(), 'ONEEACH')).discount?.valid).toBe(true);
    await ok(t.app, '/api/user/orders/cancel-order', { orderId: order.id }, customer.token);
    expect((await apply(customer, 'ONEEACH')).discount?.code).toBe('ONEEACH');
  });

  test('it is for a first order and the buyer has paid ones (WELCOME, demo customer)', async () => {
    const sara = await signIn(t.app, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    const customer = { id: sara.id, mobile: '+989121234567', token: sara.token };
    await fillCart(t.app, { token: sara.token }, [VPS_MONTH]);
    try {
      expect(await applyRefused(customer, 'WELCOME')).toBe(DISCOUNT_PROBLEMS.firstOrder);
    } finally {
      const cart = await ok(t.app, '/api/cart/get-cart', {}, sara.token);
      await ok(
        t.app,
        '/api/cart/delete-cart-products',
        { lineIds: cart.lines.map((line) => line.id) },
        sara.token,
      );
    }
    // A new customer's first order takes it.
    const newcomer = await customerWithCart([VPS_MONTH]);
    const cart = await apply(newcomer, 'WELCOME');
    expect(cart.discount).toMatchObject({ code: 'WELCOME', valid: true, amountRial: 1_500_000 });
    expect(cart.totalRial - cart.vatRial).toBe(cart.subtotalRial - 1_500_000);
  });

  test('it is for a first order and the buyer’s first order is still waiting for payment', async () => {
    // No per-user limit here: only the first-order rule stands between a buyer and a second use.
    await insertCode({ code: 'FIRSTONLY', value: 50, firstOrderOnly: true });
    const customer = await customerWithCart();
    await apply(customer, 'FIRSTONLY');
    const first = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    await fillCart(t.app, { token: customer.token }, [HOSTING_MONTH]);
    expect(await applyRefused(customer, 'FIRSTONLY')).toBe(DISCOUNT_PROBLEMS.firstOrder);
    // Once the first order is cancelled, the next one is the first again.
    await ok(t.app, '/api/user/orders/cancel-order', { orderId: first.id }, customer.token);
    expect((await apply(customer, 'FIRSTONLY')).discount?.valid).toBe(true);
  });

  test('the cart is below its minimum (WELCOME needs 500,000 Toman)', async () => {
    const customer = await customerWithCart([EMAIL_MONTH]);
    expect(await applyRefused(customer, 'WELCOME')).toBe(
      'این کد تخفیف برای خریدهای دست‌کم ۵۰۰٬۰۰۰ تومان است',
    );
  });

  test('it covers none of the lines (BUILDER30 on a cart without a website builder)', async () => {
    expect(await applyRefused(await customerWithCart([EMAIL_MONTH]), 'BUILDER30')).toBe(
      DISCOUNT_PROBLEMS.noLines,
    );
  });

  test('the cart is empty', async () => {
    const customer = await createCustomer(t.app);
    const error = await refused(
      t.app,
      '/api/cart/apply-discount-code-in-cart',
      { code: 'VITRIN10' },
      customer.token,
      422,
    );
    expect(error.code).toBe('CART_EMPTY');
  });
});

test('guessing codes is limited: ten tries a minute from one address, then 429', async () => {
  const customer = await customerWithCart();
  const attempt = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/apply-discount-code-in-cart',
      remoteAddress: '10.77.0.1',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${customer.token}`,
      },
      payload: JSON.stringify({ code: 'GUESS' }),
    });
  for (let index = 0; index < 10; index++) expect((await attempt()).statusCode).toBe(422);
  const limited = await attempt();
  expect(limited.statusCode).toBe(429);
  expect(limited.json().error.code).toBe('RATE_LIMITED');
});

describe('what a code takes off', () => {
  test('BUILDER30 covers only the website-builder lines', async () => {
    const customer = await customerWithCart([BUILDER_MONTH, EMAIL_MONTH]);
    const cart = await apply(customer, 'builder30');
    const builder = await catalogPrice(t.app.db, 'builder-starter', 'monthly');
    expect(cart.lines.map((line) => line.discountRial)).toEqual([Math.floor(builder * 0.3), 0]);
    expect(cart.discountRial).toBe(Math.floor(builder * 0.3));
    expect(cart.discount?.description).toBe('۳۰٪ تخفیف تا سقف ۳۰۰٬۰۰۰ تومان');
  });

  test('BUILDER30 stops at its cap of 3,000,000 Rial', async () => {
    const customer = await customerWithCart([
      { slug: 'builder-business', cycle: 'annual', theme: FREE_THEME, domain: 'capped.ir' },
    ]);
    const cart = await apply(customer, 'BUILDER30');
    expect(cart.subtotalRial * 0.3).toBeGreaterThan(3_000_000);
    expect(cart.discountRial).toBe(3_000_000);
    expect(cart.totalRial - cart.vatRial).toBe(cart.subtotalRial - 3_000_000);
  });

  test('a percent code takes its share rounded down to whole Toman; a fixed one its amount', async () => {
    const customer = await customerWithCart([VPS_MONTH, EMAIL_MONTH]);
    const percent = await apply(customer, 'VITRIN10');
    expect(percent.discountRial).toBe(Math.floor(percent.subtotalRial / 100) * 10);
    await insertCode({ code: 'MINUS777', kind: 'fixed', value: 777_777 });
    const fixed = await apply(customer, 'MINUS777');
    // A code's Rial below a whole Toman is not given: people read Toman.
    expect(fixed.discountRial).toBe(777_770);
    expect(fixed.totalRial - fixed.vatRial).toBe(fixed.subtotalRial - 777_770);
  });

  test('split over the lines, the parts add up to the discount exactly', async () => {
    await insertCode({ code: 'SPLIT1M', kind: 'fixed', value: 1_000_000 });
    const customer = await customerWithCart([
      BUILDER_MONTH,
      EMAIL_MONTH,
      { slug: 'host-linux-1g', cycle: 'monthly', domain: 'split.ir' },
    ]);
    const cart = await apply(customer, 'SPLIT1M');
    expect(cart.lines.map((line) => line.totalRial + line.discountRial)).toEqual([
      2_900_000, 1_290_000, 1_090_000,
    ]);
    // 100,000 Toman over 5,280,000 Rial: 54,924.24, 24,431.82 and 20,643.94 Toman; the two
    // Toman the floors leave go to the largest remainders (the third line, then the second).
    expect(cart.lines.map((line) => line.discountRial)).toEqual([549_240, 244_320, 206_440]);
    expect(cart.discountRial).toBe(1_000_000);
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    expect(order.lines.map((line) => line.discountRial)).toEqual([549_240, 244_320, 206_440]);
    expect(order.lines.reduce((sum, line) => sum + line.totalRial, 0)).toBe(
      order.totalRial - order.vatRial,
    );
    expect(order.totalRial - order.vatRial).toBe(5_280_000 - 1_000_000);
    // VAT on each line's net after its share of the discount, rounded per line.
    expect(order.lines.map((line) => line.vatRial)).toEqual(
      order.lines.map((line) => Math.round(line.totalRial / 10)),
    );
  });

  test('a cart holds one code: applying another replaces it, an empty code removes it', async () => {
    const customer = await customerWithCart([BUILDER_MONTH, EMAIL_MONTH]);
    expect((await apply(customer, 'VITRIN10')).discount?.code).toBe('VITRIN10');
    const replaced = await apply(customer, 'BUILDER30');
    expect(replaced.discount?.code).toBe('BUILDER30');
    expect(replaced.discountRial).toBe(870_000);
    // A refused code leaves the one the cart has.
    await applyRefused(customer, 'YALDA1404');
    expect((await ok(t.app, '/api/cart/get-cart', {}, customer.token)).discount?.code).toBe(
      'BUILDER30',
    );
    const removed = await apply(customer, '  ');
    expect(removed.discount).toBeNull();
    expect(removed.totalRial - removed.vatRial).toBe(removed.subtotalRial);
  });

  test('a code that stops applying stays on the cart, shown invalid with its reason', async () => {
    await insertCode({ code: 'FADING' });
    const customer = await customerWithCart();
    await apply(customer, 'FADING');
    await t.app.db
      .update(discountCodes)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(discountCodes.code, 'FADING'));
    const cart = await ok(t.app, '/api/cart/get-cart', {}, customer.token);
    expect(cart.discount).toMatchObject({
      code: 'FADING',
      valid: false,
      problem: DISCOUNT_PROBLEMS.ended,
      amountRial: 0,
    });
    expect(cart.totalRial - cart.vatRial).toBe(cart.subtotalRial);
  });
});

describe('every rule is checked again', () => {
  test('at submit: the last use taken between apply and submit refuses the order', async () => {
    await insertCode({ code: 'LASTSEAT', usageLimit: 1 });
    const first = await customerWithCart();
    const second = await customerWithCart();
    await apply(first, 'LASTSEAT');
    await apply(second, 'LASTSEAT');
    await ok(t.app, '/api/cart/submit-order', {}, first.token);
    const error = await refused(t.app, '/api/cart/submit-order', {}, second.token, 422);
    expect(error.code).toBe('DISCOUNT_INVALID');
    expect(error.message).toBe(DISCOUNT_PROBLEMS.usedUp);
    expect(await usedCount('LASTSEAT')).toBe(1);
    // Nothing of the refused submit stayed: the cart is whole, its code shown used up.
    const cart = await ok(t.app, '/api/cart/get-cart', {}, second.token);
    expect(cart.lines).toHaveLength(1);
    expect(cart.discount).toMatchObject({ valid: false, problem: DISCOUNT_PROBLEMS.usedUp });
  });

  test.each([
    ['ended', { endsAt: new Date(Date.now() - 1000) }],
    ['was switched off', { active: false }],
  ])(
    'at payment: a code that %s after submit stops pay-order and use-wallet-in-order',
    async (_, change) => {
      const code = `LATE${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
      await insertCode({ code });
      const customer = await customerWithCart();
      await apply(customer, code);
      const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
      await grantCredit(t.app.db, customer.id, order.totalRial);
      await t.app.db.update(discountCodes).set(change).where(eq(discountCodes.code, code));
      const message =
        'کد تخفیف این سفارش دیگر معتبر نیست؛ سفارش را لغو کنید و بدون آن کد دوباره ثبت کنید';
      for (const path of ['/api/pay/pay-order', '/api/cart/use-wallet-in-order'] as const) {
        const error = await refused(t.app, path, { orderId: order.id }, customer.token, 422);
        expect(error).toMatchObject({ code: 'DISCOUNT_INVALID', message });
      }
      const after = await ok(
        t.app,
        '/api/cart/order-get-detail',
        { orderId: order.id },
        customer.token,
      );
      expect(after).toMatchObject({ status: 'pending', walletAppliedRial: 0, payments: [] });
      const attempts = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(attempts).toEqual([]);
      // Cancelling gives the use back.
      await ok(t.app, '/api/user/orders/cancel-order', { orderId: order.id }, customer.token);
      expect(await usedCount(code)).toBe(0);
    },
  );
});

test('GIFT100 makes the order free: paid at submit, services made, no gateway attempt', async () => {
  const customer = await createCustomer(t.app);
  const before = await usedCount('GIFT100');
  const order = await submitCart(t.app, customer, [BUILDER_MONTH, EMAIL_MONTH], 'gift100');
  expect(order).toMatchObject({
    status: 'paid',
    discountCode: 'GIFT100',
    totalRial: 0,
    payableRial: 0,
    discountRial: order.subtotalRial,
    walletAppliedRial: 0,
    gatewayPaidRial: 0,
    payments: [],
  });
  expect(order.paidAt).not.toBeNull();
  const made = await t.app.db.select().from(services).where(eq(services.orderId, order.id));
  expect(made.map((service) => service.name).sort()).toEqual(
    ['ایمیل سازمانی تیمی (builder-line.ir)', 'سایت‌ساز پایه (builder-line.ir)'].sort(),
  );
  expect(await t.app.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([]);
  expect(await usedCount('GIFT100')).toBe(before + 1);
  const info = await ok(t.app, '/api/user/get-user-info', {}, customer.token);
  expect(info).toMatchObject({ ordersCount: 1, servicesCount: 2 });
});

test('after everything in this file the books balance', async () => {
  await expectBooksBalanced(t.app.db);
});
