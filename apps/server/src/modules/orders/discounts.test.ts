import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { discountCodes, productGroups } from '../../schema';
import { ok, refused, send } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { DAY_MS, freshDomain } from '../services/panel-test-kit';
import {
  type Customer,
  createCustomer,
  DEMO_CUSTOMER,
  expectBooksBalanced,
  fillCart,
  grantCredit,
  productIdOf,
  signIn,
  submitCart,
} from './checkout-test-kit';
import { DISCOUNT_PROBLEMS } from './discount-rules';

const t = setupTestApp({ seedDemoData: true });

let codeCounter = 0;
/** A code of this test's own, listed unless told otherwise. */
async function insertCode(values: Partial<typeof discountCodes.$inferInsert> = {}) {
  codeCounter += 1;
  const [row] = await t.app.db
    .insert(discountCodes)
    .values({
      code: `PANEL${codeCounter}X${process.pid}`,
      title: 'کد آزمون پنل',
      kind: 'percent',
      value: 10,
      listed: true,
      ...values,
    })
    .returning();
  if (!row) throw new Error('code insert returned no row');
  return row;
}

const discounts = (who: Customer) => ok(t.app, '/api/user/orders/get-discounts', {}, who.token);
const availableCodes = async (who: Customer) =>
  (await discounts(who)).available.map((item) => item.code);

const hosting = () => ({ slug: 'host-linux-5g', cycle: 'monthly' as const, domain: freshDomain() });

async function applyRefused(who: { token?: string; cartToken?: string }, code: string) {
  const error = await refused(
    t.app,
    '/api/cart/apply-discount-code-in-cart',
    who.cartToken ? { cartToken: who.cartToken, code } : { code },
    who.token,
    422,
  );
  expect(error.code).toBe('DISCOUNT_INVALID');
  expect(error.fields).toEqual({ code: error.message });
  return error.message;
}

describe('get-discounts lists what the person may use', () => {
  test('a newcomer sees the listed codes with their conditions, WELCOME among them', async () => {
    const customer = await createCustomer(t.app);
    const list = await discounts(customer);
    const welcome = list.available.find((item) => item.code === 'WELCOME');
    expect(welcome).toEqual({
      code: 'WELCOME',
      description: '۱۵۰٬۰۰۰ تومان تخفیف',
      conditions: ['برای خریدهای دست‌کم ۵۰۰٬۰۰۰ تومان', 'فقط سفارش اول', 'هر حساب یک بار'],
      personal: false,
      endsAt: null,
      usesLeft: 1,
    });
    expect(list.available.find((item) => item.code === 'VITRIN10')).toEqual({
      code: 'VITRIN10',
      description: '۱۰٪ تخفیف',
      conditions: [],
      personal: false,
      endsAt: null,
      usesLeft: null,
    });
    // Codes not listed work when typed but are not advertised; ended ones never show.
    const codes = list.available.map((item) => item.code);
    for (const hidden of ['BUILDER30', 'GIFT100', 'YALDA1404', 'SARA15']) {
      expect(codes).not.toContain(hidden);
    }
    expect(list.used).toEqual([]);
  });

  test('a code used leaves the available list at its share and shows under used', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(
      t.app,
      customer,
      [{ slug: 'vps-2core', cycle: 'monthly' }],
      'welcome',
    );
    const list = await discounts(customer);
    expect(list.available.map((item) => item.code)).not.toContain('WELCOME');
    expect(list.available.map((item) => item.code)).toContain('VITRIN10');
    expect(list.used).toEqual([
      {
        code: 'WELCOME',
        orderId: order.id,
        orderNumber: order.number,
        orderStatus: 'pending',
        discountRial: 1_500_000,
        usedAt: order.createdAt,
      },
    ]);
    // A cancelled order gives the use back: available again, no longer under used.
    await ok(t.app, '/api/user/orders/cancel-order', { orderId: order.id }, customer.token);
    const after = await discounts(customer);
    expect(after.available.map((item) => item.code)).toContain('WELCOME');
    expect(after.used).toEqual([]);
  });

  test('leaves out codes not started, ended, switched off, used up, or used to their share', async () => {
    const customer = await createCustomer(t.app);
    const shown = await insertCode({ endsAt: new Date(Date.now() + 3 * DAY_MS) });
    const notStarted = await insertCode({ startsAt: new Date(Date.now() + DAY_MS) });
    const ended = await insertCode({ endsAt: new Date(Date.now() - 1000) });
    const off = await insertCode({ active: false });
    const usedUp = await insertCode({ usageLimit: 1 });
    await submitCart(t.app, await createCustomer(t.app), [hosting()], usedUp.code);
    const notListed = await insertCode({ listed: false });
    const share = await insertCode({ perUserLimit: 1 });
    await submitCart(t.app, customer, [hosting()], share.code);

    const codes = await availableCodes(customer);
    expect(codes).toContain(shown.code);
    for (const row of [notStarted, ended, off, usedUp, notListed, share]) {
      expect(codes, row.code).not.toContain(row.code);
    }
    const item = (await discounts(customer)).available.find((entry) => entry.code === shown.code);
    expect(item?.endsAt).toBe(shown.endsAt?.toISOString());
  });

  test('usesLeft is the person’s share or what is left overall, whichever is less', async () => {
    const customer = await createCustomer(t.app);
    const three = await insertCode({ perUserLimit: 3 });
    const lastOne = await insertCode({ usageLimit: 2, perUserLimit: 5 });
    await submitCart(t.app, await createCustomer(t.app), [hosting()], lastOne.code);
    await submitCart(t.app, customer, [hosting()], three.code);
    const list = (await discounts(customer)).available;
    expect(list.find((item) => item.code === three.code)?.usesLeft).toBe(2);
    expect(list.find((item) => item.code === lastOne.code)?.usesLeft).toBe(1);
  });

  test('conditions name the cap, the minimum and the products and groups covered', async () => {
    const customer = await createCustomer(t.app);
    const [builders] = await t.app.db
      .select()
      .from(productGroups)
      .where(eq(productGroups.slug, 'website-builder'));
    const code = await insertCode({
      value: 20,
      maxDiscountRial: 3_000_000,
      minCartRial: 10_000_000,
      groupIds: [builders?.id ?? ''],
      productIds: [await productIdOf(t.app.db, 'vps-2core')],
      perUserLimit: 2,
    });
    const item = (await discounts(customer)).available.find((entry) => entry.code === code.code);
    expect(item).toMatchObject({
      description: '۲۰٪ تخفیف تا سقف ۳۰۰٬۰۰۰ تومان',
      conditions: [
        'برای خریدهای دست‌کم ۱٬۰۰۰٬۰۰۰ تومان',
        'سقف تخفیف ۳۰۰٬۰۰۰ تومان',
        `فقط ${builders?.name}، سرور مجازی ۲ هسته`,
        'هر حساب ۲ بار',
      ],
      usesLeft: 2,
    });
  });

  test('a visitor is asked to sign in; extra fields are refused', async () => {
    expect((await send(t.app, '/api/user/orders/get-discounts', {})).statusCode).toBe(401);
    const customer = await createCustomer(t.app);
    const error = await refused(
      t.app,
      '/api/user/orders/get-discounts',
      { userId: customer.id },
      customer.token,
      400,
    );
    expect(error.code).toBe('VALIDATION');
  });
});

describe('a personal code', () => {
  test('shows only to its owner, first in their list', async () => {
    const owner = await createCustomer(t.app);
    const other = await createCustomer(t.app);
    // Personal codes show to their owner whether listed or not, and never to anyone else.
    const code = await insertCode({ userId: owner.id, listed: false, perUserLimit: 1 });
    const listedToo = await insertCode({ userId: owner.id, listed: true });
    const list = await discounts(owner);
    expect(list.available[0]).toMatchObject({ personal: true, usesLeft: 1 });
    expect(
      list.available
        .filter((item) => item.personal)
        .map((item) => item.code)
        .sort(),
    ).toEqual([code.code, listedToo.code].sort());
    const theirs = await availableCodes(other);
    expect(theirs).not.toContain(code.code);
    expect(theirs).not.toContain(listedToo.code);
  });

  test('another account and a visitor cannot tell it from a code that does not exist', async () => {
    const owner = await createCustomer(t.app);
    const other = await createCustomer(t.app);
    const code = await insertCode({ userId: owner.id });
    const apply = (who: { token?: string; cartToken?: string }, text: string) =>
      send(
        t.app,
        '/api/cart/apply-discount-code-in-cart',
        who.cartToken ? { cartToken: who.cartToken, code: text } : { code: text },
        who.token,
      );
    const sameAnswer = async (who: { token?: string; cartToken?: string }) => {
      const personal = await apply(who, code.code);
      const missing = await apply(who, 'NO-SUCH-CODE-18');
      expect(personal.statusCode).toBe(missing.statusCode);
      expect(personal.json()).toEqual(missing.json());
      return personal.json().error;
    };
    // With an empty cart too: the cart is checked before the code is looked up.
    expect((await sameAnswer(other)).code).toBe('CART_EMPTY');
    await fillCart(t.app, { token: other.token }, [hosting()]);
    expect(await sameAnswer(other)).toMatchObject({
      code: 'DISCOUNT_INVALID',
      message: DISCOUNT_PROBLEMS.unknown,
    });
    const visitor = await fillCart(t.app, {}, [hosting()]);
    expect(await sameAnswer({ cartToken: visitor.cartToken ?? '' })).toMatchObject({
      code: 'DISCOUNT_INVALID',
      message: DISCOUNT_PROBLEMS.unknown,
    });
    // Its owner applies it, submits, and pays.
    const order = await submitCart(t.app, owner, [hosting()], code.code);
    expect(order.discountCode).toBe(code.code);
    await grantCredit(t.app.db, owner.id, order.totalRial);
    const paid = await ok(
      t.app,
      '/api/cart/use-wallet-in-order',
      { orderId: order.id },
      owner.token,
    );
    expect(paid.status).toBe('paid');
    await expectBooksBalanced(t.app.db);
  });

  test('given to someone else after it was applied: the cart shows why, and submit refuses', async () => {
    const first = await createCustomer(t.app);
    const second = await createCustomer(t.app);
    const code = await insertCode({ userId: first.id });
    await fillCart(t.app, { token: first.token }, [hosting()]);
    await ok(t.app, '/api/cart/apply-discount-code-in-cart', { code: code.code }, first.token);
    await t.app.db
      .update(discountCodes)
      .set({ userId: second.id })
      .where(eq(discountCodes.id, code.id));
    const cart = await ok(t.app, '/api/cart/get-cart', {}, first.token);
    expect(cart.discount).toMatchObject({
      code: code.code,
      valid: false,
      problem: DISCOUNT_PROBLEMS.unknown,
      amountRial: 0,
    });
    expect(cart.discountRial).toBe(0);
    const error = await refused(t.app, '/api/cart/submit-order', {}, first.token, 422);
    expect(error).toMatchObject({
      code: 'DISCOUNT_INVALID',
      message: DISCOUNT_PROBLEMS.unknown,
    });
    const [row] = await t.app.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row?.usedCount).toBe(0);
  });

  test('a visitor cart cannot carry a personal code into an account', async () => {
    const owner = await createCustomer(t.app);
    const code = await insertCode({ userId: owner.id });
    const visitor = await fillCart(t.app, {}, [hosting()]);
    await applyRefused({ cartToken: visitor.cartToken ?? '' }, code.code);
    const merged = await ok(
      t.app,
      '/api/cart/get-cart',
      { cartToken: visitor.cartToken ?? '' },
      owner.token,
    );
    expect(merged.discount).toBeNull();
  });
});

describe('the demo customer (seed part panel)', () => {
  test('sees SARA15 first, VITRIN10, and not WELCOME: she has ordered before', async () => {
    const sara = await signIn(t.app, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    const list = await discounts({ id: sara.id, mobile: '+989121234567', token: sara.token });
    expect(list.available[0]).toMatchObject({
      code: 'SARA15',
      personal: true,
      description: '۱۵٪ تخفیف تا سقف ۲۰۰٬۰۰۰ تومان',
      usesLeft: 1,
    });
    expect(list.available[0]?.endsAt).not.toBeNull();
    const codes = list.available.map((item) => item.code);
    expect(codes).toContain('VITRIN10');
    expect(codes).not.toContain('WELCOME');
  });
});

test('after everything in this file the books balance', async () => {
  await expectBooksBalanced(t.app.db);
});
