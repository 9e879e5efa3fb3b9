import { randomUUID } from 'node:crypto';
import { ORDER_EXPIRY_HOURS, RED_DOT_PROFILE_INCOMPLETE } from '@vitrin/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { discountCodes, orders, productPrices, services, walletTransactions } from '../../schema';
import { createSignedInUser, ok, refused, send } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { readBalance } from '../wallet/wallet.service';
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
  productIdOf,
  signIn,
  submitCart,
} from './checkout-test-kit';
import { expireOrders } from './orders.service';

const t = setupTestApp({ seedDemoData: true });

const HOUR_MS = 3_600_000;

const detail = (who: Customer, orderId: string) =>
  ok(t.app, '/api/user/orders/order-get-detail', { orderId }, who.token);

async function usedCount(code: string): Promise<number> {
  const [row] = await t.app.db
    .select({ usedCount: discountCodes.usedCount })
    .from(discountCodes)
    .where(eq(discountCodes.code, code));
  return row?.usedCount ?? -1;
}

async function unpaidDot(who: Customer): Promise<number> {
  const dots = await ok(t.app, '/api/app/get-red-dot-info', {}, who.token);
  return dots.find((dot) => dot.title === 'unpaid-orders')?.value ?? 0;
}

describe('buyer details', () => {
  test('submit needs them confirmed once: BUYER_DETAILS_REQUIRED', async () => {
    const customer = await createCustomer(t.app, { buyer: false });
    const proposed = await ok(t.app, '/api/cart/get-user', {}, customer.token);
    expect(proposed).toEqual({
      kind: 'person',
      fullName: 'مریم آزمون',
      email: '',
      nationalId: null,
      companyName: null,
      legalNationalId: null,
      economicNumber: null,
      registrationNumber: null,
      address: null,
      postalCode: null,
      complete: false,
    });
    await fillCart(t.app, { token: customer.token }, [HOSTING_MONTH]);
    const error = await refused(t.app, '/api/cart/submit-order', {}, customer.token, 422);
    expect(error).toMatchObject({
      code: 'BUYER_DETAILS_REQUIRED',
      message: 'پیش از ثبت سفارش، مشخصات خریدار را کامل کنید',
    });
    expect((await ok(t.app, '/api/cart/get-cart', {}, customer.token)).lines).toHaveLength(1);
  });

  test('a national id must pass its check digit; Persian digits are read', async () => {
    const customer = await createCustomer(t.app, { buyer: false });
    const base = { fullName: 'سارا محمدی', email: 'sara@example.com' };
    const wrong = await refused(
      t.app,
      '/api/cart/update-user',
      { ...base, nationalId: '0499370898' },
      customer.token,
      400,
    );
    expect(wrong.fields).toEqual({ nationalId: 'کد ملی درست نیست' });
    expect((await ok(t.app, '/api/cart/get-user', {}, customer.token)).complete).toBe(false);
    const saved = await ok(
      t.app,
      '/api/cart/update-user',
      { ...base, nationalId: '۰۴۹۹۳۷۰۸۹۹', companyName: 'گالری سارا' },
      customer.token,
    );
    expect(saved).toEqual({
      ...base,
      kind: 'person',
      nationalId: '0499370899',
      companyName: 'گالری سارا',
      legalNationalId: null,
      economicNumber: null,
      registrationNumber: null,
      address: null,
      postalCode: null,
      complete: true,
    });
  });
});

describe('submitting an order', () => {
  test('an empty cart is CART_EMPTY', async () => {
    const customer = await createCustomer(t.app);
    const error = await refused(t.app, '/api/cart/submit-order', {}, customer.token, 422);
    expect(error.code).toBe('CART_EMPTY');
  });

  test('freezes names, prices and buyer; later catalog and profile changes leave it', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [
      { slug: 'builder-business', cycle: 'annual', theme: 'gadget-land', domain: 'frozen.ir' },
      { slug: 'vps-2core', cycle: 'quarterly' },
    ]);
    const builder = await catalogPrice(t.app.db, 'builder-business', 'annual');
    const vps = await catalogPrice(t.app.db, 'vps-2core', 'quarterly');
    expect(order.status).toBe('pending');
    expect(order.lines.map((line) => ({ ...line, id: undefined, productId: undefined }))).toEqual([
      {
        id: undefined,
        productId: undefined,
        productSlug: 'builder-business',
        productName: 'سایت‌ساز کسب‌وکار',
        groupName: expect.any(String),
        cycle: 'annual',
        themeName: expect.any(String),
        domainName: 'frozen.ir',
        domain: null,
        renewsServiceId: null,
        planChange: null,
        priceRial: builder,
        setupFeeRial: 0,
        themePriceRial: 12_900_000,
        discountRial: 0,
        totalRial: builder + 12_900_000,
        vatRatePercent: 10,
        vatRial: (builder + 12_900_000) / 10,
      },
      {
        id: undefined,
        productId: undefined,
        productSlug: 'vps-2core',
        productName: 'سرور مجازی ۲ هسته',
        groupName: expect.any(String),
        cycle: 'quarterly',
        themeName: null,
        domainName: null,
        domain: null,
        renewsServiceId: null,
        planChange: null,
        priceRial: vps,
        setupFeeRial: 1_500_000,
        themePriceRial: 0,
        discountRial: 0,
        totalRial: vps + 1_500_000,
        vatRatePercent: 10,
        vatRial: (vps + 1_500_000) / 10,
      },
    ]);
    // Prices are net; the order adds the 10% VAT in force (decision 0022).
    expect(order.vatRial).toBe((builder + 12_900_000 + vps + 1_500_000) / 10);
    expect(order.totalRial).toBe(((builder + 12_900_000 + vps + 1_500_000) * 11) / 10);
    expect(order.payableRial).toBe(order.totalRial);
    expect(new Date(order.expiresAt).getTime() - new Date(order.createdAt).getTime()).toBe(
      ORDER_EXPIRY_HOURS * HOUR_MS,
    );
    // The cart was emptied by the submit.
    expect((await ok(t.app, '/api/cart/get-cart', {}, customer.token)).lines).toEqual([]);

    const productId = await productIdOf(t.app.db, 'vps-2core');
    const where = and(eq(productPrices.productId, productId), eq(productPrices.cycle, 'quarterly'));
    await t.app.db
      .update(productPrices)
      .set({ priceRial: vps * 3 })
      .where(where);
    try {
      await ok(
        t.app,
        '/api/cart/update-user',
        { fullName: 'نام تازه', email: 'new@example.com' },
        customer.token,
      );
      const later = await detail(customer, order.id);
      expect(later.lines).toEqual(order.lines);
      expect(later.totalRial).toBe(order.totalRial);
      expect(later.buyer).toEqual(order.buyer);
      expect(later.buyer.fullName).toBe('مریم آزمون');
    } finally {
      await t.app.db.update(productPrices).set({ priceRial: vps }).where(where);
    }
  });

  test('a line that stopped selling since it was added refuses the submit, nothing kept', async () => {
    const customer = await createCustomer(t.app);
    await fillCart(t.app, { token: customer.token }, [
      { slug: 'vps-4core', cycle: 'quarterly' },
      HOSTING_MONTH,
    ]);
    const productId = await productIdOf(t.app.db, 'vps-4core');
    const where = and(eq(productPrices.productId, productId), eq(productPrices.cycle, 'quarterly'));
    const [price] = await t.app.db.select().from(productPrices).where(where);
    if (!price) throw new Error('no price');
    await t.app.db.delete(productPrices).where(where);
    try {
      const error = await refused(t.app, '/api/cart/submit-order', {}, customer.token, 422);
      expect(error.code).toBe('PRODUCT_UNAVAILABLE');
      const orderRows = await t.app.db.select().from(orders).where(eq(orders.userId, customer.id));
      expect(orderRows).toEqual([]);
      // The next read drops the line and says so.
      const cart = await ok(t.app, '/api/cart/get-cart', {}, customer.token);
      expect(cart.lines.map((line) => line.product.slug)).toEqual(['host-linux-5g']);
      expect(cart.removedNotice).not.toBeNull();
    } finally {
      await t.app.db.insert(productPrices).values(price);
    }
  });

  test('a submit that carries a visitor cart token orders the merged cart', async () => {
    const customer = await createCustomer(t.app);
    await fillCart(t.app, { token: customer.token }, [HOSTING_MONTH]);
    const visitor = await fillCart(t.app, {}, [
      { slug: 'email-team', cycle: 'annual', domain: 'brought-along.ir' },
    ]);
    const order = await ok(
      t.app,
      '/api/cart/submit-order',
      { cartToken: visitor.cartToken ?? undefined },
      customer.token,
    );
    expect(order.lines.map((line) => line.domainName)).toEqual([
      HOSTING_MONTH.domain,
      'brought-along.ir',
    ]);
    expect(
      (await ok(t.app, '/api/cart/get-cart', { cartToken: visitor.cartToken ?? undefined })).lines,
    ).toEqual([]);
  });

  test('order-get-detail answers the same on the cart and the panel paths', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
    const fromCart = await ok(
      t.app,
      '/api/cart/order-get-detail',
      { orderId: order.id },
      customer.token,
    );
    expect(fromCart).toEqual(order);
    expect(await detail(customer, order.id)).toEqual(order);
  });
});

describe('another user’s order', () => {
  test('is 404 on every order and pay call, and nothing about it changes', async () => {
    const owner = await createCustomer(t.app);
    const order = await submitCart(t.app, owner, [HOSTING_MONTH]);
    const stranger = await createCustomer(t.app);
    await grantCredit(t.app.db, stranger.id, 50_000_000);
    for (const path of [
      '/api/cart/order-get-detail',
      '/api/user/orders/order-get-detail',
      '/api/user/orders/cancel-order',
      '/api/cart/use-wallet-in-order',
      '/api/pay/pay-order',
    ] as const) {
      const theirs = await refused(t.app, path, { orderId: order.id }, stranger.token, 404);
      const none = await refused(t.app, path, { orderId: randomUUID() }, stranger.token, 404);
      // Told apart from an order that does not exist by nothing at all.
      expect(theirs).toEqual(none);
      expect(theirs).toMatchObject({ code: 'NOT_FOUND', message: 'این سفارش پیدا نشد' });
    }
    expect(await detail(owner, order.id)).toEqual(order);
    expect(await readBalance(t.app.db, stranger.id)).toBe(50_000_000);
  });

  test('needs a signed-in caller at all', async () => {
    const error = await refused(
      t.app,
      '/api/user/orders/order-get-detail',
      { orderId: randomUUID() },
      undefined,
      401,
    );
    expect(error.code).toBe('UNAUTHENTICATED');
  });
});

describe('closing an unpaid order', () => {
  test('cancel gives the code’s use back and refunds the wallet credit spent on it', async () => {
    const customer = await createCustomer(t.app);
    const usesBefore = await usedCount('VITRIN10');
    const order = await submitCart(
      t.app,
      customer,
      [HOSTING_MONTH, { slug: 'vps-2core', cycle: 'monthly' }],
      'VITRIN10',
    );
    expect(await usedCount('VITRIN10')).toBe(usesBefore + 1);
    await grantCredit(t.app.db, customer.id, 2_000_000);
    await ok(
      t.app,
      '/api/cart/use-wallet-in-order',
      { orderId: order.id, amountRial: 2_000_000 },
      customer.token,
    );
    expect(await readBalance(t.app.db, customer.id)).toBe(0);
    expect(await unpaidDot(customer)).toBe(1);

    const cancelled = await ok(
      t.app,
      '/api/user/orders/cancel-order',
      { orderId: order.id },
      customer.token,
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', payableRial: 0 });
    expect(cancelled.closedAt).not.toBeNull();
    expect(await usedCount('VITRIN10')).toBe(usesBefore);
    expect(await readBalance(t.app.db, customer.id)).toBe(2_000_000);
    const ledger = await ok(t.app, '/api/user/account/get-credit-transactions', {}, customer.token);
    expect(ledger.items[0]).toMatchObject({
      amountRial: 2_000_000,
      reason: 'refund',
      orderId: order.id,
      balanceAfterRial: 2_000_000,
    });
    expect(await unpaidDot(customer)).toBe(0);
    // Closed is closed: no second cancel, no payment.
    expect(
      (
        await refused(
          t.app,
          '/api/user/orders/cancel-order',
          { orderId: order.id },
          customer.token,
          409,
        )
      ).code,
    ).toBe('CONFLICT');
    expect(
      (await refused(t.app, '/api/pay/pay-order', { orderId: order.id }, customer.token, 409)).code,
    ).toBe('CONFLICT');
    await expectBooksBalanced(t.app.db);
  });

  test('a pending order expires after 24 hours: the job closes it the same way', async () => {
    const customer = await createCustomer(t.app);
    const usesBefore = await usedCount('VITRIN10');
    const order = await submitCart(
      t.app,
      customer,
      [{ slug: 'vps-2core', cycle: 'monthly' }],
      'VITRIN10',
    );
    await grantCredit(t.app.db, customer.id, 1_000_000);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token);
    const createdAt = new Date(order.createdAt).getTime();

    // A minute before its time the job leaves it; from its time on, it is expired.
    await expireOrders(t.app.db, new Date(createdAt + ORDER_EXPIRY_HOURS * HOUR_MS - 60_000));
    expect((await detail(customer, order.id)).status).toBe('pending');
    await t.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    expect(await t.app.checkoutJob.runOnce()).toBe(true);
    const expired = await detail(customer, order.id);
    expect(expired.status).toBe('expired');
    expect(expired.closedAt).not.toBeNull();
    expect(await usedCount('VITRIN10')).toBe(usesBefore);
    expect(await readBalance(t.app.db, customer.id)).toBe(1_000_000);
    const refunds = await t.app.db
      .select()
      .from(walletTransactions)
      .where(
        and(eq(walletTransactions.orderId, order.id), eq(walletTransactions.reason, 'refund')),
      );
    expect(refunds.map((row) => row.amountRial)).toEqual([1_000_000]);
    await expectBooksBalanced(t.app.db);
  });

  test('an order past its time cannot be paid even before the job has run', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
    await t.app.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    const error = await refused(
      t.app,
      '/api/pay/pay-order',
      { orderId: order.id },
      customer.token,
      409,
    );
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'مهلت پرداخت این سفارش تمام شده است؛ دوباره سفارش دهید',
    });
    await ok(t.app, '/api/user/orders/cancel-order', { orderId: order.id }, customer.token);
  });

  test('a paid order cannot be cancelled', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
    await grantCredit(t.app.db, customer.id, order.totalRial);
    const paid = await ok(
      t.app,
      '/api/cart/use-wallet-in-order',
      { orderId: order.id },
      customer.token,
    );
    expect(paid.status).toBe('paid');
    const error = await refused(
      t.app,
      '/api/user/orders/cancel-order',
      { orderId: order.id },
      customer.token,
      409,
    );
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'فقط سفارش در انتظار پرداخت لغو می‌شود',
    });
    expect((await detail(customer, order.id)).status).toBe('paid');
    const made = await t.app.db.select().from(services).where(eq(services.orderId, order.id));
    expect(made).toHaveLength(1);
  });
});

describe('amounts never come from the client', () => {
  test.each([
    ['/api/cart/add-to-cart', { priceRial: 1 }],
    ['/api/cart/submit-order', { totalRial: 1 }],
    ['/api/cart/submit-order', { amountRial: 1 }],
    ['/api/pay/pay-order', { amountRial: 1 }],
    ['/api/pay/verify-pay-order', { amountRial: 1 }],
    ['/api/cart/update-cart-product', { priceRial: 1 }],
  ] as const)('%s with %o is refused as unknown fields', async (path, extra) => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
    const cart = await fillCart(t.app, { token: customer.token }, [
      { slug: 'host-linux-1g', cycle: 'monthly', domain: 'tamper.ir' },
    ]);
    const bodies: Record<string, Record<string, unknown>> = {
      '/api/cart/add-to-cart': {
        productId: await productIdOf(t.app.db, 'wp-start'),
        cycle: 'annual',
        domainName: 'tamper.com',
      },
      '/api/cart/submit-order': {},
      '/api/pay/pay-order': { orderId: order.id },
      '/api/pay/verify-pay-order': { authority: 'S-anything' },
      '/api/cart/update-cart-product': { lineId: cart.lines[0]?.id, cycle: 'annual' },
    };
    const error = await refused(t.app, path, { ...bodies[path], ...extra }, customer.token, 400);
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.fields ?? {})).toEqual(Object.keys(extra));
    // Nothing moved: the cart, the order and its attempts are as they were.
    expect((await ok(t.app, '/api/cart/get-cart', {}, customer.token)).lines).toHaveLength(1);
    expect(await detail(customer, order.id)).toEqual(order);
    const orderRows = await t.app.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(orderRows).toHaveLength(1);
  });

  test('a wallet amount that is not a positive whole Rial is refused', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
    for (const amountRial of [0, -5_000, 1.5, 2 ** 60]) {
      const response = await send(
        t.app,
        '/api/cart/use-wallet-in-order',
        { orderId: order.id, amountRial },
        customer.token,
      );
      expect(response.statusCode, String(amountRial)).toBe(400);
    }
    expect((await detail(customer, order.id)).walletAppliedRial).toBe(0);
  });
});

describe('the buyer’s name and e-mail reach the profile', () => {
  async function profileOf(who: { token: string }) {
    const info = await ok(t.app, '/api/user/get-user-info', {}, who.token);
    const dots = await ok(t.app, '/api/app/get-red-dot-info', {}, who.token);
    return {
      firstName: info.firstName,
      lastName: info.lastName,
      email: info.email,
      incomplete: dots.find((dot) => dot.title === RED_DOT_PROFILE_INCOMPLETE)?.value ?? 0,
    };
  }

  test('an account without them takes them when the order is submitted', async () => {
    const fresh = await createSignedInUser(t.app, { firstName: null, lastName: null });
    await ok(
      t.app,
      '/api/cart/update-user',
      { fullName: ' زهرا  سادات   کریمی ', email: 'Zahra.Karimi@Example.com' },
      fresh.token,
    );
    // Giving the details alone changes nothing: they become the person's with the order.
    expect((await profileOf(fresh)).incomplete).toBe(1);
    await submitCart(t.app, fresh, [HOSTING_MONTH]);
    expect(await profileOf(fresh)).toEqual({
      firstName: 'زهرا',
      lastName: 'سادات کریمی',
      email: 'zahra.karimi@example.com',
      incomplete: 0,
    });
  });

  test('what the person set is never overwritten; only the empty e-mail is filled', async () => {
    const named = await createSignedInUser(t.app, { firstName: 'مریم', lastName: null });
    await ok(
      t.app,
      '/api/cart/update-user',
      { fullName: 'علی رضایی', email: 'ali@example.com' },
      named.token,
    );
    await submitCart(t.app, named, [HOSTING_MONTH]);
    expect(await profileOf(named)).toEqual({
      firstName: 'مریم',
      lastName: null,
      email: 'ali@example.com',
      incomplete: 0,
    });
    await ok(
      t.app,
      '/api/user/update-profile',
      { firstName: 'مریم', lastName: 'آزمون', email: 'maryam@example.com' },
      named.token,
    );
    await submitCart(t.app, named, [HOSTING_MONTH]);
    expect(await profileOf(named)).toMatchObject({
      firstName: 'مریم',
      lastName: 'آزمون',
      email: 'maryam@example.com',
    });
  });
});

describe('what the panel shows', () => {
  test('the unpaid-orders red dot counts pending orders', async () => {
    const customer = await createCustomer(t.app);
    expect(await unpaidDot(customer)).toBe(0);
    const first = await submitCart(t.app, customer, [HOSTING_MONTH]);
    await submitCart(t.app, customer, [{ slug: 'wp-start', cycle: 'annual', domain: 'dot.ir' }]);
    expect(await unpaidDot(customer)).toBe(2);
    await grantCredit(t.app.db, customer.id, first.totalRial);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: first.id }, customer.token);
    expect(await unpaidDot(customer)).toBe(1);
  });

  test('the demo customer sees their waiting order in the red dot', async () => {
    const sara = await signIn(t.app, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    expect(await unpaidDot({ id: sara.id, mobile: '+989121234567', token: sara.token })).toBe(1);
  });

  test('get-user-info counts orders and services, and a purchase moves both', async () => {
    const customer = await createCustomer(t.app);
    const before = await ok(t.app, '/api/user/get-user-info', {}, customer.token);
    expect(before).toMatchObject({ ordersCount: 0, servicesCount: 0 });
    const order = await submitCart(t.app, customer, [
      { slug: 'builder-starter', cycle: 'monthly', theme: FREE_THEME, domain: 'count.ir' },
      { slug: 'email-team', cycle: 'monthly', domain: 'count.ir' },
    ]);
    const submitted = await ok(t.app, '/api/user/get-user-info', {}, customer.token);
    expect(submitted).toMatchObject({ ordersCount: 1, servicesCount: 0 });
    await grantCredit(t.app.db, customer.id, order.totalRial);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token);
    const bought = await ok(t.app, '/api/jwt/get-user-info', {}, customer.token);
    expect(bought).toMatchObject({ ordersCount: 1, servicesCount: 2 });
  });
});

test('after everything in this file the books balance', async () => {
  await expectBooksBalanced(t.app.db);
});
