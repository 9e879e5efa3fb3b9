import type { BillingCycle, PathResult } from '@vitrin/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client';
import { productPrices, products, themes } from '../../schema';
import { createSignedInUser, ok, type SignedInUser } from '../../test/api-kit';
import { changeBalance } from '../wallet/wallet.service';
import { checkoutInvariantViolations } from './invariants';

// Shared by the checkout's test files: customers who confirmed their buyer details, the demo
// catalog by slug, the sandbox gateway's page, and the money invariants.

export type Customer = SignedInUser;

/**
 * A verified customer with an open session and its access token (the same token sign-in
 * issues). With `buyer` (the default) the invoice details are confirmed through the API.
 */
export async function createCustomer(
  app: FastifyInstance,
  options: { buyer?: boolean } = {},
): Promise<Customer> {
  const customer = await createSignedInUser(app, { firstName: 'مریم', lastName: 'آزمون' });
  if (options.buyer !== false) {
    await ok(
      app,
      '/api/cart/update-user',
      { fullName: 'مریم آزمون', email: `buyer${customer.mobile.slice(-7)}@example.com` },
      customer.token,
    );
  }
  return customer;
}

/** Signs in with a password through the API (the demo customer). */
export async function signIn(app: FastifyInstance, username: string, password: string) {
  const identity = await ok(app, '/api/jwt/authenticate', { username, password });
  return { id: identity.id, token: identity.jwtToken };
}

/** The demo customer the seed gives paid orders, a pending one and wallet credit. */
export const DEMO_CUSTOMER = { username: '09121234567', password: 'vitrin-demo-1405' };

/** Credit put in a wallet the way staff would (ledger row and balance together). */
export function grantCredit(db: Database, userId: string, amountRial: number) {
  return db.transaction((tx) =>
    changeBalance(tx, { userId, amountRial, reason: 'adjustment', description: 'اعتبار آزمون' }),
  );
}

export async function productIdOf(db: Database, slug: string): Promise<string> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  if (!row) throw new Error(`no product ${slug}`);
  return row.id;
}

export async function themeIdOf(db: Database, slug: string): Promise<string> {
  const [row] = await db.select({ id: themes.id }).from(themes).where(eq(themes.slug, slug));
  if (!row) throw new Error(`no theme ${slug}`);
  return row.id;
}

/** What a cycle of a product costs now in the catalog (its sale price when on sale). */
export async function catalogPrice(
  db: Database,
  slug: string,
  cycle: BillingCycle,
): Promise<number> {
  const [row] = await db
    .select({ price: productPrices.priceRial, sale: productPrices.salePriceRial })
    .from(productPrices)
    .innerJoin(products, eq(products.id, productPrices.productId))
    .where(and(eq(products.slug, slug), eq(productPrices.cycle, cycle)));
  if (!row) throw new Error(`no ${cycle} price for ${slug}`);
  return row.sale ?? row.price;
}

/** A free theme every website-builder plan offers, and a paid one the cheapest plan does not. */
export const FREE_THEME = 'bazaarcheh';
export const PAID_THEME = 'gadget-land';

export interface LineWanted {
  slug: string;
  cycle: BillingCycle;
  theme?: string;
  domain?: string;
}

/** Adds lines one by one as the product pages do; answers the cart after the last. */
export async function fillCart(
  app: FastifyInstance,
  who: { token?: string; cartToken?: string },
  lines: readonly LineWanted[],
) {
  let cart: PathResult<'/api/cart/add-to-cart'> | null = null;
  let cartToken = who.cartToken;
  for (const line of lines) {
    cart = await ok(
      app,
      '/api/cart/add-to-cart',
      {
        ...(cartToken ? { cartToken } : {}),
        productId: await productIdOf(app.db, line.slug),
        cycle: line.cycle,
        ...(line.theme ? { themeId: await themeIdOf(app.db, line.theme) } : {}),
        ...(line.domain ? { domainName: line.domain } : {}),
      },
      who.token,
    );
    cartToken = cart.cartToken ?? undefined;
  }
  if (!cart) throw new Error('fillCart needs a line');
  return cart;
}

/** A customer's cart filled, a code applied when given, and submitted: the pending order. */
export async function submitCart(
  app: FastifyInstance,
  customer: Customer,
  lines: readonly LineWanted[],
  code?: string,
) {
  await fillCart(app, { token: customer.token }, lines);
  if (code) await ok(app, '/api/cart/apply-discount-code-in-cart', { code }, customer.token);
  return ok(app, '/api/cart/submit-order', {}, customer.token);
}

/** Spends wallet credit on an order through the API: `amountRial`, or as much as covers it. */
export function useWallet(
  app: FastifyInstance,
  who: Customer,
  orderId: string,
  amountRial?: number,
) {
  return ok(
    app,
    '/api/cart/use-wallet-in-order',
    amountRial === undefined ? { orderId } : { orderId, amountRial },
    who.token,
  );
}

/** A small order: one hosting plan for a month. */
export const HOSTING_MONTH: LineWanted = {
  slug: 'host-linux-5g',
  cycle: 'monthly',
  domain: 'example-shop.ir',
};

/**
 * The person on the sandbox gateway's page presses pay or cancel; answers where the gateway
 * sends them back (our callback with `Authority` and `Status`).
 */
export async function chooseAtSandbox(
  app: FastifyInstance,
  redirectUrl: string,
  choice: 'pay' | 'cancel',
): Promise<{ authority: string; status: string | null; callbackPath: string }> {
  const response = await app.inject({
    method: 'POST',
    url: new URL(redirectUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `choice=${choice}`,
  });
  expect(response.statusCode, response.body).toBe(303);
  const back = new URL(String(response.headers.location));
  const authority = back.searchParams.get('Authority');
  if (!authority) throw new Error('the sandbox sent no authority back');
  return { authority, status: back.searchParams.get('Status'), callbackPath: back.pathname };
}

/** The authority of a started attempt (the last segment of its redirect URL). */
export function authorityOf(redirectUrl: string): string {
  const authority = new URL(redirectUrl).pathname.split('/').at(-1);
  if (!authority) throw new Error(`no authority in ${redirectUrl}`);
  return decodeURIComponent(authority);
}

/** Asserts every checkout invariant holds now (invariants.ts lists them). */
export async function expectBooksBalanced(db: Database): Promise<void> {
  expect(await checkoutInvariantViolations(db)).toEqual([]);
}
