import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { carts, productPrices, products } from '../../schema';
import { ok, refused } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { hashCartToken, MAX_CART_LINES } from './cart.service';
import {
  catalogPrice,
  createCustomer,
  FREE_THEME,
  fillCart,
  PAID_THEME,
  productIdOf,
  themeIdOf,
} from './checkout-test-kit';

const t = setupTestApp({ seedDemoData: true });

const getCart = (cartToken?: string, token?: string) =>
  ok(t.app, '/api/cart/get-cart', cartToken ? { cartToken } : {}, token);

describe('a visitor cart', () => {
  test('the first add-to-cart without a user issues a cart token', async () => {
    const cart = await fillCart(t.app, {}, [
      { slug: 'host-linux-1g', cycle: 'annual', domain: 'first-visit.ir' },
    ]);
    expect(cart.cartToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cart.lines).toHaveLength(1);
    // Stored hashed: the token itself is nowhere in the database.
    const byHash = await t.app.db
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.tokenHash, hashCartToken(cart.cartToken ?? '')));
    const byToken = await t.app.db
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.tokenHash, cart.cartToken ?? ''));
    expect([byHash.length, byToken.length]).toEqual([1, 0]);
    const again = await getCart(cart.cartToken ?? undefined);
    expect(again.lines.map((line) => line.domainName)).toEqual(['first-visit.ir']);
    expect(again.cartToken).toBe(cart.cartToken);
  });

  test('each token shows only its own cart; an unknown token shows an empty one', async () => {
    const first = await fillCart(t.app, {}, [
      { slug: 'host-linux-1g', cycle: 'annual', domain: 'visitor-a.ir' },
    ]);
    const second = await fillCart(t.app, {}, [
      { slug: 'wp-start', cycle: 'annual', domain: 'visitor-b.com' },
    ]);
    expect(first.cartToken).not.toBe(second.cartToken);
    expect((await getCart(first.cartToken ?? undefined)).lines.map((l) => l.domainName)).toEqual([
      'visitor-a.ir',
    ]);
    expect((await getCart(second.cartToken ?? undefined)).lines.map((l) => l.domainName)).toEqual([
      'visitor-b.com',
    ]);
    const unknown = await getCart('A'.repeat(43));
    // A dead token is not handed back, so the client forgets it.
    expect(unknown).toMatchObject({ cartToken: null, lines: [], totalRial: 0 });
    // Adding with an unknown token starts a new cart under a new token, never someone else's.
    const fresh = await fillCart(t.app, { cartToken: 'B'.repeat(43) }, [
      { slug: 'email-team', cycle: 'annual', domain: 'visitor-c.net' },
    ]);
    expect(fresh.cartToken).not.toBe('B'.repeat(43));
    expect(fresh.lines.map((line) => line.domainName)).toEqual(['visitor-c.net']);
  });

  test('a malformed cart token is refused with the field named', async () => {
    const error = await refused(
      t.app,
      '/api/cart/get-cart',
      { cartToken: 'short' },
      undefined,
      400,
    );
    expect(error.code).toBe('VALIDATION');
    expect(error.fields?.cartToken).toBe('شناسهٔ سبد خرید معتبر نیست');
  });

  test('without a token a visitor has an empty cart and no token yet', async () => {
    const cart = await getCart();
    expect(cart).toMatchObject({ cartToken: null, lines: [], totalRial: 0, discount: null });
  });

  test('adding the same product, theme and domain again keeps one line with the new cycle', async () => {
    const first = await fillCart(t.app, {}, [
      { slug: 'host-linux-1g', cycle: 'monthly', domain: 'same-line.ir' },
    ]);
    const again = await fillCart(t.app, { cartToken: first.cartToken ?? undefined }, [
      { slug: 'host-linux-1g', cycle: 'annual', domain: 'SAME-LINE.ir' },
    ]);
    expect(again.lines).toHaveLength(1);
    expect(again.lines[0]?.cycle).toBe('annual');
    expect(again.lines[0]?.priceRial).toBe(await catalogPrice(t.app.db, 'host-linux-1g', 'annual'));
  });
});

describe('signing in with a visitor cart', () => {
  test('merges the visitor lines into the account cart and deletes the visitor cart', async () => {
    const customer = await createCustomer(t.app);
    await fillCart(t.app, { token: customer.token }, [
      { slug: 'host-linux-1g', cycle: 'annual', domain: 'kept.ir' },
      { slug: 'host-linux-5g', cycle: 'monthly', domain: 'both.ir' },
    ]);
    const visitor = await fillCart(t.app, {}, [
      { slug: 'host-linux-5g', cycle: 'quarterly', domain: 'both.ir' },
      { slug: 'email-team', cycle: 'monthly', domain: 'added.ir' },
    ]);
    const visitorToken = visitor.cartToken ?? '';
    await ok(
      t.app,
      '/api/cart/apply-discount-code-in-cart',
      { cartToken: visitorToken, code: 'VITRIN10' },
      undefined,
    );

    const merged = await getCart(visitorToken, customer.token);
    expect(merged.cartToken).toBeNull();
    expect(merged.lines.map((line) => [line.product.slug, line.domainName, line.cycle])).toEqual([
      ['host-linux-1g', 'kept.ir', 'annual'],
      // The line both carts had stays once, with the cycle the visitor chose.
      ['host-linux-5g', 'both.ir', 'quarterly'],
      ['email-team', 'added.ir', 'monthly'],
    ]);
    // The account had no code: the visitor's came along.
    expect(merged.discount).toMatchObject({ code: 'VITRIN10', valid: true });
    expect(merged.discountRial).toBe(Math.floor(merged.subtotalRial / 10));

    const [left] = await t.app.db
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.tokenHash, hashCartToken(visitorToken)));
    expect(left).toBeUndefined();
    // The spent token opens nothing, least of all the account's cart.
    expect(await getCart(visitorToken)).toMatchObject({ cartToken: null, lines: [] });
    expect((await getCart(undefined, customer.token)).lines).toHaveLength(3);
  });

  test("the account's own code stays when the visitor cart brings another", async () => {
    const customer = await createCustomer(t.app);
    await fillCart(t.app, { token: customer.token }, [
      { slug: 'builder-starter', cycle: 'monthly', theme: FREE_THEME, domain: 'account.ir' },
    ]);
    await ok(t.app, '/api/cart/apply-discount-code-in-cart', { code: 'VITRIN10' }, customer.token);
    const visitor = await fillCart(t.app, {}, [
      { slug: 'builder-starter', cycle: 'monthly', theme: FREE_THEME, domain: 'visitor.ir' },
    ]);
    await ok(t.app, '/api/cart/apply-discount-code-in-cart', {
      cartToken: visitor.cartToken ?? '',
      code: 'BUILDER30',
    });
    const merged = await fillCart(
      t.app,
      { token: customer.token, cartToken: visitor.cartToken ?? undefined },
      [{ slug: 'wp-start', cycle: 'annual', domain: 'third.ir' }],
    );
    expect(merged.discount?.code).toBe('VITRIN10');
    expect(merged.lines.map((line) => line.domainName)).toEqual([
      'account.ir',
      'visitor.ir',
      'third.ir',
    ]);
  });

  test('a merge keeps at most 20 lines, dropping the newest', async () => {
    const customer = await createCustomer(t.app);
    const own = Array.from({ length: 15 }, (_, index) => ({
      slug: 'host-linux-1g',
      cycle: 'annual' as const,
      domain: `own-${index + 1}.ir`,
    }));
    await fillCart(t.app, { token: customer.token }, own);
    const brought = Array.from({ length: 10 }, (_, index) => ({
      slug: 'host-linux-1g',
      cycle: 'annual' as const,
      domain: `brought-${index + 1}.ir`,
    }));
    const visitor = await fillCart(t.app, {}, brought);
    const merged = await getCart(visitor.cartToken ?? undefined, customer.token);
    expect(merged.lines).toHaveLength(MAX_CART_LINES);
    expect(merged.lines.map((line) => line.domainName)).toEqual([
      ...own.map((line) => line.domain),
      ...brought.slice(0, 5).map((line) => line.domain),
    ]);
  });

  test('a twenty-first line is refused and the cart keeps its twenty', async () => {
    const customer = await createCustomer(t.app);
    await fillCart(
      t.app,
      { token: customer.token },
      Array.from({ length: MAX_CART_LINES }, (_, index) => ({
        slug: 'host-linux-1g',
        cycle: 'annual' as const,
        domain: `full-${index + 1}.com`,
      })),
    );
    const error = await refused(
      t.app,
      '/api/cart/add-to-cart',
      {
        productId: await productIdOf(t.app.db, 'host-linux-1g'),
        cycle: 'annual',
        domainName: 'one-too-many.com',
      },
      customer.token,
      409,
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe('سبد خرید حداکثر ۲۰ ردیف می‌گیرد؛ نخست سفارش فعلی را ثبت کنید');
    expect((await getCart(undefined, customer.token)).lines).toHaveLength(MAX_CART_LINES);
  });
});

describe('what a line needs', () => {
  const add = async (body: Record<string, unknown>, status: number) =>
    refused(t.app, '/api/cart/add-to-cart', body, undefined, status);

  test('a website-builder plan needs a theme and a domain, each named in fields', async () => {
    const productId = await productIdOf(t.app.db, 'builder-starter');
    const noTheme = await add({ productId, cycle: 'monthly', domainName: 'shop.ir' }, 400);
    expect(noTheme.fields).toEqual({ themeId: 'قالب سایت را انتخاب کنید' });
    const noDomain = await add(
      { productId, cycle: 'monthly', themeId: await themeIdOf(t.app.db, FREE_THEME) },
      400,
    );
    expect(noDomain.fields).toEqual({ domainName: 'نام دامنه را وارد کنید' });
  });

  test('a product without a theme or a domain refuses one', async () => {
    const withTheme = await add(
      {
        productId: await productIdOf(t.app.db, 'host-linux-5g'),
        cycle: 'monthly',
        domainName: 'shop.ir',
        themeId: await themeIdOf(t.app.db, FREE_THEME),
      },
      400,
    );
    expect(withTheme.fields).toEqual({ themeId: 'این محصول قالب ندارد' });
    const withDomain = await add(
      {
        productId: await productIdOf(t.app.db, 'vps-2core'),
        cycle: 'monthly',
        domainName: 'shop.ir',
      },
      400,
    );
    expect(withDomain.fields).toEqual({ domainName: 'این محصول دامنه نمی‌گیرد' });
  });

  test('a theme the plan does not offer is 404 with fields.themeId', async () => {
    const error = await add(
      {
        productId: await productIdOf(t.app.db, 'builder-starter'),
        cycle: 'monthly',
        themeId: await themeIdOf(t.app.db, PAID_THEME),
        domainName: 'shop.ir',
      },
      404,
    );
    expect(error.code).toBe('NOT_FOUND');
    expect(error.fields).toEqual({ themeId: 'این قالب برای این محصول پیدا نشد' });
  });

  test('a hidden or unknown product is 404 with fields.productId', async () => {
    for (const productId of [await productIdOf(t.app.db, 'host-linux-legacy'), randomUUID()]) {
      const error = await add({ productId, cycle: 'monthly', domainName: 'shop.ir' }, 404);
      expect(error.fields).toEqual({ productId: 'این محصول پیدا نشد' });
    }
  });

  test('a cycle the product is not sold for is PRODUCT_UNAVAILABLE with fields.cycle', async () => {
    const error = await add(
      { productId: await productIdOf(t.app.db, 'vps-2core'), cycle: 'annual' },
      422,
    );
    expect(error.code).toBe('PRODUCT_UNAVAILABLE');
    expect(error.fields).toEqual({ cycle: 'این محصول با این دورهٔ پرداخت فروخته نمی‌شود' });
  });

  test('a refused line leaves the cart as it was', async () => {
    const cart = await fillCart(t.app, {}, [
      { slug: 'host-linux-1g', cycle: 'annual', domain: 'unchanged.ir' },
    ]);
    await refused(
      t.app,
      '/api/cart/add-to-cart',
      {
        cartToken: cart.cartToken,
        productId: await productIdOf(t.app.db, 'vps-2core'),
        cycle: 'annual',
      },
      undefined,
      422,
    );
    expect((await getCart(cart.cartToken ?? undefined)).lines.map((l) => l.domainName)).toEqual([
      'unchanged.ir',
    ]);
  });
});

describe('changing and removing lines', () => {
  test('update-cart-product changes the cycle and the price with it', async () => {
    const cart = await fillCart(t.app, {}, [
      { slug: 'vps-2core', cycle: 'monthly' },
      { slug: 'email-team', cycle: 'monthly', domain: 'vps-owner.ir' },
    ]);
    const line = cart.lines[0];
    if (!line) throw new Error('no line');
    expect(line.cycles.map((cycle) => cycle.cycle)).toEqual(['monthly', 'quarterly']);
    const updated = await ok(t.app, '/api/cart/update-cart-product', {
      cartToken: cart.cartToken ?? '',
      lineId: line.id,
      cycle: 'quarterly',
    });
    const quarterly = await catalogPrice(t.app.db, 'vps-2core', 'quarterly');
    expect(updated.lines[0]).toMatchObject({
      id: line.id,
      cycle: 'quarterly',
      priceRial: quarterly,
    });
    // A VPS line carries its one-time setup fee on top of the cycle's price.
    expect(updated.lines[0]?.totalRial).toBe(quarterly + 1_500_000);
    const error = await refused(
      t.app,
      '/api/cart/update-cart-product',
      { cartToken: cart.cartToken, lineId: line.id, cycle: 'annual' },
      undefined,
      422,
    );
    expect(error.fields).toEqual({ cycle: 'این محصول با این دورهٔ پرداخت فروخته نمی‌شود' });
  });

  test("another cart's line cannot be changed, and deleting it is a no-op", async () => {
    const mine = await fillCart(t.app, {}, [
      { slug: 'host-linux-1g', cycle: 'annual', domain: 'mine.ir' },
    ]);
    const theirs = await fillCart(t.app, {}, [
      { slug: 'host-linux-1g', cycle: 'annual', domain: 'theirs.ir' },
    ]);
    const theirLine = theirs.lines[0]?.id ?? '';
    const error = await refused(
      t.app,
      '/api/cart/update-cart-product',
      { cartToken: mine.cartToken, lineId: theirLine, cycle: 'annual' },
      undefined,
      404,
    );
    expect(error.message).toBe('این ردیف در سبد خرید شما نیست');
    const afterDelete = await ok(t.app, '/api/cart/delete-cart-products', {
      cartToken: mine.cartToken ?? '',
      lineIds: [theirLine],
    });
    expect(afterDelete.lines.map((line) => line.domainName)).toEqual(['mine.ir']);
    expect((await getCart(theirs.cartToken ?? undefined)).lines.map((l) => l.id)).toEqual([
      theirLine,
    ]);
    // A signed-in person cannot reach a visitor's line either.
    const customer = await createCustomer(t.app);
    await ok(t.app, '/api/cart/delete-cart-products', { lineIds: [theirLine] }, customer.token);
    expect((await getCart(theirs.cartToken ?? undefined)).lines).toHaveLength(1);
  });

  test('delete-cart-products removes the named lines of this cart', async () => {
    const cart = await fillCart(t.app, {}, [
      { slug: 'host-linux-1g', cycle: 'annual', domain: 'one.ir' },
      { slug: 'host-linux-1g', cycle: 'annual', domain: 'two.ir' },
      { slug: 'host-linux-1g', cycle: 'annual', domain: 'three.ir' },
    ]);
    const after = await ok(t.app, '/api/cart/delete-cart-products', {
      cartToken: cart.cartToken ?? '',
      lineIds: [cart.lines[0]?.id ?? '', cart.lines[2]?.id ?? ''],
    });
    expect(after.lines.map((line) => line.domainName)).toEqual(['two.ir']);
    expect(after.totalRial - after.vatRial).toBe(after.lines[0]?.totalRial);
  });
});

describe('the cart is priced from the catalog each time it is read', () => {
  test('a product hidden after it was added leaves the cart with a removedNotice', async () => {
    const cart = await fillCart(t.app, {}, [
      { slug: 'wp-start', cycle: 'monthly', domain: 'blog.ir' },
      { slug: 'email-team', cycle: 'annual', domain: 'blog.ir' },
    ]);
    const productId = await productIdOf(t.app.db, 'wp-start');
    await t.app.db.update(products).set({ status: 'hidden' }).where(eq(products.id, productId));
    try {
      const read = await getCart(cart.cartToken ?? undefined);
      expect(read.lines.map((line) => line.product.slug)).toEqual(['email-team']);
      expect(read.removedNotice).toBe(
        'برخی از ردیف‌های سبد شما دیگر فروخته نمی‌شوند یا قیمتشان تغییر کرده است و از سبد حذف شدند',
      );
      expect(read.totalRial - read.vatRial).toBe(
        await catalogPrice(t.app.db, 'email-team', 'annual'),
      );
      // Said once: the line is gone now.
      expect((await getCart(cart.cartToken ?? undefined)).removedNotice).toBeNull();
    } finally {
      await t.app.db.update(products).set({ status: 'active' }).where(eq(products.id, productId));
    }
  });

  test('a price changed in the catalog shows in the cart at once', async () => {
    const cart = await fillCart(t.app, {}, [
      { slug: 'host-linux-20g', cycle: 'monthly', domain: 'price.ir' },
    ]);
    const productId = await productIdOf(t.app.db, 'host-linux-20g');
    const before = await catalogPrice(t.app.db, 'host-linux-20g', 'monthly');
    expect(cart.totalRial - cart.vatRial).toBe(before);
    const where = and(eq(productPrices.productId, productId), eq(productPrices.cycle, 'monthly'));
    await t.app.db
      .update(productPrices)
      .set({ priceRial: before + 330_000 })
      .where(where);
    try {
      const read = await getCart(cart.cartToken ?? undefined);
      expect(read.lines[0]?.priceRial).toBe(before + 330_000);
      expect(read.totalRial).toBe(((before + 330_000) * 11) / 10);
    } finally {
      await t.app.db.update(productPrices).set({ priceRial: before }).where(where);
    }
  });

  test('a sale price is charged and the regular price shown beside it', async () => {
    const cart = await fillCart(t.app, {}, [
      { slug: 'builder-shop', cycle: 'annual', theme: PAID_THEME, domain: 'sale.ir' },
    ]);
    expect(cart.lines[0]).toMatchObject({
      priceRial: 79_000_000,
      regularPriceRial: 89_000_000,
      themePriceRial: 12_900_000,
      totalRial: 79_000_000 + 12_900_000,
    });
    expect(cart.lines[0]?.theme?.slug).toBe(PAID_THEME);
  });
});

test('a visitor cart untouched for 30 days is deleted by the checkout job; accounts keep theirs', async () => {
  const stale = await fillCart(t.app, {}, [
    { slug: 'host-linux-1g', cycle: 'annual', domain: 'stale.ir' },
  ]);
  const recent = await fillCart(t.app, {}, [
    { slug: 'host-linux-1g', cycle: 'annual', domain: 'recent.ir' },
  ]);
  const customer = await createCustomer(t.app);
  await fillCart(t.app, { token: customer.token }, [
    { slug: 'host-linux-1g', cycle: 'annual', domain: 'account-old.ir' },
  ]);
  const staleHash = hashCartToken(stale.cartToken ?? '');
  await t.app.db
    .update(carts)
    .set({ updatedAt: sql`now() - interval '31 days'` })
    .where(eq(carts.tokenHash, staleHash));
  await t.app.db
    .update(carts)
    .set({ updatedAt: sql`now() - interval '400 days'` })
    .where(eq(carts.userId, customer.id));
  expect(await t.app.checkoutJob.runOnce()).toBe(true);
  const [gone] = await t.app.db.select().from(carts).where(eq(carts.tokenHash, staleHash));
  expect(gone).toBeUndefined();
  expect((await getCart(recent.cartToken ?? undefined)).lines).toHaveLength(1);
  expect((await getCart(undefined, customer.token)).lines).toHaveLength(1);
});
