import { createHash, randomBytes } from 'node:crypto';
import {
  type BillingCycle,
  type CallResult,
  type DomainOrderAction,
  type getCart,
  ratePercent,
  vatOf,
} from '@vitrin/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ask } from '../../lib/events';
import { vatRateAt } from '../billing';
import {
  productGroupsView,
  productPricesView,
  productsView,
  productThemesView,
  themesView,
} from '../catalog';
import {
  type BuyerHistory,
  DISCOUNT_PROBLEMS,
  type DiscountCode,
  describeDiscount,
  evaluateDiscount,
} from './discount-rules';
import {
  type CartDomainLine,
  cartRenewals,
  type DomainLineTerms,
  domainLineTerms,
  renewableService,
  soldAsDomain,
} from './events';
import { refuseIfServiceOrderPending } from './pending-service-orders';
import { pricesOnOffer } from './prices-on-offer';
import { cartLines, carts, discountCodes, orders } from './schema';

export type CartView = CallResult<typeof getCart>;

/** Who is asking: a signed-in user, or a visitor with (or without yet) a cart token. */
export interface CartOwner {
  userId: string | null;
  cartToken: string | undefined;
}

/** The most lines a cart holds: one line is one service. */
export const MAX_CART_LINES = 20;
/** A visitor's cart nobody touched for this long is deleted (checkout jobs). */
export const VISITOR_CART_TTL_DAYS = 30;

const REMOVED_NOTICE =
  'برخی از ردیف‌های سبد شما دیگر فروخته نمی‌شوند یا قیمتشان تغییر کرده است و از سبد حذف شدند';

/** What a dropped renewal line tells the person: which service, and why. */
function renewalRemovedNotice(serviceName: string, problem: string): string {
  return `تمدید «${serviceName}» از سبد حذف شد: ${problem}`;
}

export function hashCartToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function newCartToken(): string {
  return randomBytes(32).toString('base64url');
}

interface OpenedCart {
  id: string;
  discountCodeId: string | null;
  /** The token to hand back to a visitor; null for a signed-in owner. */
  token: string | null;
}

/**
 * The owner's cart, created when missing, locked for the rest of the transaction. A signed-in
 * owner who also sends a visitor's token gets that cart merged in first (decision 0011).
 */
export async function openCart(tx: Transaction, owner: CartOwner): Promise<OpenedCart> {
  if (owner.userId) {
    // One statement: the upsert creates the cart or touches it, and either way locks its row
    // as `for update` would (issue 24: one round trip instead of three).
    const [cart] = await tx
      .insert(carts)
      .values({ userId: owner.userId })
      .onConflictDoUpdate({ target: carts.userId, set: { updatedAt: new Date() } })
      .returning({ id: carts.id, discountCodeId: carts.discountCodeId });
    if (!cart) throw new Error('cart upsert returned no row');
    if (owner.cartToken) await mergeVisitorCart(tx, cart, owner.cartToken);
    return { ...cart, token: null };
  }
  if (owner.cartToken) {
    const [cart] = await tx
      .select({ id: carts.id, discountCodeId: carts.discountCodeId })
      .from(carts)
      .where(eq(carts.tokenHash, hashCartToken(owner.cartToken)))
      .for('update');
    if (cart) return { ...cart, token: owner.cartToken };
  }
  // No token, or one whose cart was cleaned up: a new cart with a new token.
  const token = newCartToken();
  const [cart] = await tx
    .insert(carts)
    .values({ tokenHash: hashCartToken(token) })
    .returning({ id: carts.id, discountCodeId: carts.discountCodeId });
  if (!cart) throw new Error('cart insert returned no row');
  return { ...cart, token };
}

/** The cart of a read: found without creating one (a visitor who never added has none). */
async function findCart(db: Database, owner: CartOwner): Promise<OpenedCart | null> {
  if (owner.userId) {
    if (owner.cartToken) return db.transaction((tx) => openCart(tx, owner));
    const [cart] = await db
      .select({ id: carts.id, discountCodeId: carts.discountCodeId })
      .from(carts)
      .where(eq(carts.userId, owner.userId));
    return cart ? { ...cart, token: null } : null;
  }
  if (!owner.cartToken) return null;
  const [cart] = await db
    .select({ id: carts.id, discountCodeId: carts.discountCodeId })
    .from(carts)
    .where(eq(carts.tokenHash, hashCartToken(owner.cartToken)));
  return cart ? { ...cart, token: owner.cartToken } : null;
}

/**
 * Moves a visitor's lines into the account's cart and deletes the visitor's cart. A line the
 * account already has (same product, theme and domain) stays once, with the visitor's cycle: the
 * visitor chose it last. The visitor's code is kept when the account's cart has none. Visitor
 * carts never hold renewals; the filter makes sure none could ever move to another account.
 */
async function mergeVisitorCart(
  tx: Transaction,
  target: { id: string; discountCodeId: string | null },
  token: string,
): Promise<void> {
  const [visitor] = await tx
    .select({ id: carts.id, discountCodeId: carts.discountCodeId })
    .from(carts)
    .where(eq(carts.tokenHash, hashCartToken(token)))
    .for('update');
  if (!visitor) return;
  await tx.execute(sql`
    insert into ${cartLines}
      (cart_id, product_id, cycle, theme_id, domain_name, domain_action, domain_years, created_at)
    select ${target.id}, product_id, cycle, theme_id, domain_name, domain_action, domain_years,
      created_at
    from ${cartLines} where cart_id = ${visitor.id} and renew_service_id is null
    on conflict on constraint cart_lines_identity_unique do update set cycle = excluded.cycle,
      domain_action = excluded.domain_action, domain_years = excluded.domain_years`);
  if (!target.discountCodeId && visitor.discountCodeId) {
    await tx
      .update(carts)
      .set({ discountCodeId: visitor.discountCodeId })
      .where(eq(carts.id, target.id));
    target.discountCodeId = visitor.discountCodeId;
  }
  await tx.delete(carts).where(eq(carts.id, visitor.id));
  await trimToLimit(tx, target.id);
}

/** A merge may pass the limit: the newest lines beyond it go. */
async function trimToLimit(tx: Transaction, cartId: string): Promise<void> {
  await tx.execute(sql`
    delete from ${cartLines} where id in (
      select id from ${cartLines} where cart_id = ${cartId}
      order by created_at asc, id asc offset ${MAX_CART_LINES})`);
}

async function touch(tx: Transaction, cartId: string): Promise<void> {
  await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

export interface AddToCartInput {
  productId: string;
  cycle: BillingCycle;
  themeId?: string | undefined;
  domainName?: string | undefined;
}

export async function addToCart(
  db: Database,
  owner: CartOwner,
  input: AddToCartInput,
): Promise<CartView> {
  const cart = await db.transaction(async (tx) => {
    await checkSellable(tx, input);
    const opened = await openCart(tx, owner);
    await tx
      .insert(cartLines)
      .values({
        cartId: opened.id,
        productId: input.productId,
        cycle: input.cycle,
        themeId: input.themeId ?? null,
        domainName: input.domainName ?? null,
      })
      .onConflictDoUpdate({ target: LINE_IDENTITY, set: { cycle: input.cycle } });
    await refuseOverLimit(tx, opened.id);
    // A signed-in owner's cart was touched when it was opened.
    if (!owner.userId) await touch(tx, opened.id);
    return opened;
  });
  return readCart(db, owner.userId, cart);
}

/** The columns of `cart_lines_identity_unique`: one line per product, theme, domain and renewal. */
const LINE_IDENTITY = [
  cartLines.cartId,
  cartLines.productId,
  cartLines.themeId,
  cartLines.domainName,
  cartLines.renewServiceId,
];

async function refuseOverLimit(tx: Transaction, cartId: string): Promise<void> {
  const [count] = await tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  if ((count?.total ?? 0) > MAX_CART_LINES) {
    throw new AppError('CONFLICT', 'سبد خرید حداکثر ۲۰ ردیف می‌گیرد؛ نخست سفارش فعلی را ثبت کنید');
  }
}

/**
 * Puts a renewal of one of the person's services in their cart (issue 6): one line per
 * service, so renewing again only changes its cycle (its own cycle when none is asked for).
 * Signed-in only: a visitor's cart never holds a renewal.
 */
export async function addRenewalToCart(
  db: Database,
  userId: string,
  input: { serviceId: string; cycle?: BillingCycle | undefined },
): Promise<CartView> {
  const cart = await db.transaction(async (tx) => {
    const opened = await openCart(tx, { userId, cartToken: undefined });
    const service = await ask(renewableService)(tx, userId, input.serviceId, input.cycle);
    await refuseIfServiceOrderPending(tx, userId, [service.id], 'renewal');
    // Theme and domain stay empty: the service names them, and the line's identity is the
    // service.
    await tx
      .insert(cartLines)
      .values({
        cartId: opened.id,
        productId: service.productId,
        cycle: service.cycle,
        renewServiceId: service.id,
      })
      .onConflictDoUpdate({ target: LINE_IDENTITY, set: { cycle: service.cycle } });
    // The cart was touched when it was opened (a signed-in owner's).
    await refuseOverLimit(tx, opened.id);
    return opened;
  });
  return readCart(db, userId, cart);
}

/** A domain line as the domains module found it sellable: its TLD's product, its name as read. */
export interface DomainLineInput {
  productId: string;
  domainName: string;
  action: DomainOrderAction;
  years: number;
}

/**
 * Puts a domain's registration or transfer in the cart (issue 38). The domains module has read
 * the name, found its TLD and asked its registry; the line's identity is the name, so asking
 * again for it changes what the line does and for how long.
 */
export async function addDomainLineToCart(
  db: Database,
  owner: CartOwner,
  input: DomainLineInput,
): Promise<CartView> {
  const cart = await db.transaction(async (tx) => {
    const opened = await openCart(tx, owner);
    // A registration's cycle says nothing: the line's years do. `annual` keeps the column's
    // meaning (one year per unit) for the views that show a cycle.
    await tx
      .insert(cartLines)
      .values({
        cartId: opened.id,
        productId: input.productId,
        cycle: 'annual',
        domainName: input.domainName,
        domainAction: input.action,
        domainYears: input.years,
      })
      .onConflictDoUpdate({
        target: LINE_IDENTITY,
        set: { domainAction: input.action, domainYears: input.years },
      });
    await refuseOverLimit(tx, opened.id);
    if (!owner.userId) await touch(tx, opened.id);
    return opened;
  });
  return readCart(db, owner.userId, cart);
}

/** Refuses, with the field at fault, a line the catalog does not sell as asked. */
async function checkSellable(tx: Transaction, input: AddToCartInput): Promise<void> {
  const [product] = await tx
    .select({
      needsTheme: productsView.needsTheme,
      needsDomain: productsView.needsDomain,
      offered: sql<boolean>`exists (select 1 from ${productPricesView} where ${productPricesView.productId} = ${productsView.id} and ${productPricesView.cycle} = ${input.cycle})`,
    })
    .from(productsView)
    .where(and(eq(productsView.id, input.productId), eq(productsView.status, 'active')));
  if (!product) {
    throw new AppError('NOT_FOUND', 'این محصول پیدا نشد', {
      fields: { productId: 'این محصول پیدا نشد' },
    });
  }
  if (await ask(soldAsDomain)(tx, input.productId)) {
    const message = 'دامنه را از صفحهٔ جست‌وجوی دامنه بخرید تا آزاد بودن نام از ثبت‌کننده پرسیده شود';
    throw new AppError('PRODUCT_UNAVAILABLE', message, { fields: { productId: message } });
  }
  if (!product.offered) {
    const message = 'این محصول با این دورهٔ پرداخت فروخته نمی‌شود';
    throw new AppError('PRODUCT_UNAVAILABLE', message, { fields: { cycle: message } });
  }
  if (product.needsTheme && !input.themeId) {
    throw fieldProblem('themeId', 'قالب سایت را انتخاب کنید');
  }
  if (!product.needsTheme && input.themeId) {
    throw fieldProblem('themeId', 'این محصول قالب ندارد');
  }
  if (product.needsDomain && !input.domainName) {
    throw fieldProblem('domainName', 'نام دامنه را وارد کنید');
  }
  if (!product.needsDomain && input.domainName) {
    throw fieldProblem('domainName', 'این محصول دامنه نمی‌گیرد');
  }
  if (input.themeId) {
    const [theme] = await tx
      .select({ id: themesView.id })
      .from(productThemesView)
      .innerJoin(themesView, eq(themesView.id, productThemesView.themeId))
      .where(
        and(
          eq(productThemesView.productId, input.productId),
          eq(productThemesView.themeId, input.themeId),
          eq(themesView.status, 'active'),
        ),
      );
    if (!theme) {
      throw new AppError('NOT_FOUND', 'این قالب برای این محصول پیدا نشد', {
        fields: { themeId: 'این قالب برای این محصول پیدا نشد' },
      });
    }
  }
}

function fieldProblem(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { fields: { [field]: message } });
}

export async function updateCartLine(
  db: Database,
  owner: CartOwner,
  input: { lineId: string; cycle: BillingCycle },
): Promise<CartView> {
  const cart = await db.transaction(async (tx) => {
    const opened = await openCart(tx, owner);
    const [line] = await tx
      .select({ productId: cartLines.productId, domainAction: cartLines.domainAction })
      .from(cartLines)
      .where(and(eq(cartLines.id, input.lineId), eq(cartLines.cartId, opened.id)));
    if (!line) throw lineNotFound();
    if (line.domainAction !== null) {
      const message = 'دامنه دورهٔ پرداخت ندارد؛ تعداد سال را از جست‌وجوی دامنه دوباره انتخاب کنید';
      throw new AppError('VALIDATION', message, { fields: { cycle: message } });
    }
    const [price] = await tx
      .select({ cycle: productPricesView.cycle })
      .from(productPricesView)
      .where(
        and(
          eq(productPricesView.productId, line.productId),
          eq(productPricesView.cycle, input.cycle),
        ),
      );
    if (!price) {
      const message = 'این محصول با این دورهٔ پرداخت فروخته نمی‌شود';
      throw new AppError('PRODUCT_UNAVAILABLE', message, { fields: { cycle: message } });
    }
    await tx.update(cartLines).set({ cycle: input.cycle }).where(eq(cartLines.id, input.lineId));
    if (!owner.userId) await touch(tx, opened.id);
    return opened;
  });
  return readCart(db, owner.userId, cart);
}

function lineNotFound(): AppError {
  return new AppError('NOT_FOUND', 'این ردیف در سبد خرید شما نیست');
}

export async function deleteCartLines(
  db: Database,
  owner: CartOwner,
  lineIds: string[],
): Promise<CartView> {
  const cart = await db.transaction(async (tx) => {
    const opened = await openCart(tx, owner);
    // Lines of another cart are not in this one: deleting them is a no-op, never an error
    // that would tell the caller they exist.
    await tx
      .delete(cartLines)
      .where(and(eq(cartLines.cartId, opened.id), inArray(cartLines.id, lineIds)));
    if (!owner.userId) await touch(tx, opened.id);
    return opened;
  });
  return readCart(db, owner.userId, cart);
}

/** Puts a code on the cart, or with an empty code takes it off. A code that does not apply is refused. */
export async function applyDiscountCode(
  db: Database,
  owner: CartOwner,
  code: string,
): Promise<CartView> {
  const cart = await db.transaction(async (tx) => {
    const opened = await openCart(tx, owner);
    let discountCodeId: string | null = null;
    if (code !== '') {
      // The cart is checked before the code is looked up: an empty cart answers the same for a
      // code that exists and one that does not.
      const priced = await priceLines(tx, opened.id);
      if (priced.lines.length === 0) throw new AppError('CART_EMPTY');
      const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code));
      if (!row) throw discountRefused(DISCOUNT_PROBLEMS.unknown);
      const buyer = owner.userId ? await buyerHistory(tx, owner.userId, row.id) : null;
      const outcome = evaluateDiscount(row, priced.lines, buyer, new Date());
      if (!outcome.ok) throw discountRefused(outcome.problem);
      discountCodeId = row.id;
    }
    await tx
      .update(carts)
      .set({ discountCodeId, updatedAt: new Date() })
      .where(eq(carts.id, opened.id));
    return { ...opened, discountCodeId };
  });
  return readCart(db, owner.userId, cart);
}

export function discountRefused(problem: string): AppError {
  return new AppError('DISCOUNT_INVALID', problem, { fields: { code: problem } });
}

/** What the per-user and first-order rules need to know about a buyer. */
export async function buyerHistory(
  db: Database,
  userId: string,
  discountCodeId: string,
): Promise<BuyerHistory> {
  const [row] = await db
    .select({
      usesOfCode:
        sql<number>`count(*) filter (where ${orders.discountCodeId} = ${discountCodeId} and ${orders.status} in ('pending', 'paid'))`.mapWith(
          Number,
        ),
      pendingOrPaidOrders:
        sql<number>`count(*) filter (where ${orders.status} in ('pending', 'paid'))`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  return {
    userId,
    usesOfCode: row?.usesOfCode ?? 0,
    pendingOrPaidOrders: row?.pendingOrPaidOrders ?? 0,
  };
}

export async function getCartView(db: Database, owner: CartOwner): Promise<CartView> {
  const cart = await findCart(db, owner);
  // A token whose cart is gone (cleaned up, or merged) is not handed back: the client forgets it.
  if (!cart) return emptyCart(null);
  return readCart(db, owner.userId, cart);
}

function emptyCart(token: string | null): CartView {
  return {
    cartToken: token,
    lines: [],
    discount: null,
    subtotalRial: 0,
    discountRial: 0,
    vatRatePercent: 0,
    vatRial: 0,
    totalRial: 0,
    removedNotice: null,
  };
}

/** A cart line priced from the catalog now. */
export interface PricedLine {
  id: string;
  productId: string;
  productSlug: string;
  productName: string;
  iconUrl: string;
  groupId: string;
  groupName: string;
  needsDomain: boolean;
  needsTheme: boolean;
  cycle: BillingCycle;
  themeId: string | null;
  themeSlug: string | null;
  themeName: string | null;
  domainName: string | null;
  priceRial: number;
  regularPriceRial: number;
  setupFeeRial: number;
  themePriceRial: number;
  /** price + setup + theme, before any discount. */
  amountRial: number;
  /** Sold without VAT (issue 21). */
  vatExempt: boolean;
  /** The service this line renews: priced at the cycle alone. */
  renewal: { serviceId: string; serviceName: string; expiresAt: Date | null } | null;
  /** The domain this line registers or transfers, priced by its TLD's terms. */
  domain: { action: DomainOrderAction; years: number; tld: string } | null;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Whether lines were dropped because they can no longer be bought as they are. */
  removed: boolean;
  /** What the person is told of the dropped lines; null when none were. */
  removedNotice: string | null;
  /** Why the first dropped renewal can no longer be renewed (submit refuses with it). */
  renewalProblem: string | null;
}

/**
 * Prices a cart's lines from the catalog. Lines that can no longer be sold as they are (the
 * product hidden, the cycle withdrawn, the theme gone, the renewed service stopped) are deleted,
 * and `removed` says so. A renewal costs its cycle's price alone: the setup fee and the theme
 * were paid once, with the service.
 */
export async function priceLines(db: Database, cartId: string): Promise<PricedCart> {
  const renewals = ask(cartRenewals);
  const rows = await db
    .select({
      id: cartLines.id,
      productId: cartLines.productId,
      productSlug: productsView.slug,
      productName: productsView.name,
      iconUrl: productsView.iconUrl,
      productActive: sql<boolean>`${productsView.status} = 'active'`,
      groupId: productsView.groupId,
      groupName: productGroupsView.name,
      needsDomain: productsView.needsDomain,
      needsTheme: productsView.needsTheme,
      cycle: cartLines.cycle,
      themeId: cartLines.themeId,
      themeSlug: themesView.slug,
      themeName: themesView.name,
      themeSellable: sql<boolean>`${themesView.id} is not null and ${themesView.status} = 'active' and exists (select 1 from ${productThemesView} where ${productThemesView.productId} = ${cartLines.productId} and ${productThemesView.themeId} = ${cartLines.themeId})`,
      themePriceRial: themesView.priceRial,
      domainName: cartLines.domainName,
      domainAction: cartLines.domainAction,
      domainYears: cartLines.domainYears,
      priceRial: productPricesView.priceRial,
      salePriceRial: productPricesView.salePriceRial,
      setupFeeRial: productsView.setupFeeRial,
      vatExempt: productsView.vatExempt,
      renewServiceId: cartLines.renewServiceId,
      // Only the cart owner's own service, of this line's product, is renewed by the line.
      renewed: renewals.column({
        serviceId: cartLines.renewServiceId,
        ownerId: carts.userId,
        productId: cartLines.productId,
      }),
    })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .innerJoin(productsView, eq(productsView.id, cartLines.productId))
    .innerJoin(productGroupsView, eq(productGroupsView.id, productsView.groupId))
    .leftJoin(
      productPricesView,
      and(
        eq(productPricesView.productId, cartLines.productId),
        eq(productPricesView.cycle, cartLines.cycle),
      ),
    )
    .leftJoin(themesView, eq(themesView.id, cartLines.themeId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));

  const domainTerms = await termsOfDomainLines(db, rows);
  const notices: string[] = [];
  let renewalRefusal: string | null = null;
  const unsellable = rows.filter((row) => {
    const terms = domainTerms.get(row.id);
    if (terms) {
      if (!terms.ok) notices.push(`«${row.domainName}» از سبد حذف شد: ${terms.problem}`);
      return !terms.ok;
    }
    if (row.renewServiceId === null) {
      return (
        !row.productActive ||
        row.priceRial === null ||
        row.needsTheme !== (row.themeId !== null) ||
        (row.themeId !== null && !row.themeSellable) ||
        row.needsDomain !== (row.domainName !== null)
      );
    }
    if (!row.renewed) return true;
    const problem = renewals.problem(row.renewed, {
      product: row.productActive,
      cycle: row.priceRial !== null,
    });
    if (problem) {
      renewalRefusal ??= problem;
      notices.push(renewalRemovedNotice(row.renewed.name, problem));
    }
    return problem !== null;
  });
  const othersRemoved = unsellable.some(
    (row) => !domainTerms.has(row.id) && (row.renewServiceId === null || !row.renewed),
  );
  if (othersRemoved) notices.unshift(REMOVED_NOTICE);
  if (unsellable.length > 0) {
    await db.delete(cartLines).where(
      inArray(
        cartLines.id,
        unsellable.map((row) => row.id),
      ),
    );
  }
  const lines = rows
    .filter((row) => !unsellable.includes(row))
    .map((row): PricedLine => {
      const terms = domainTerms.get(row.id);
      if (terms?.ok && row.domainAction !== null && row.domainYears !== null) {
        return {
          ...lineOf(row),
          priceRial: terms.priceRial,
          regularPriceRial: terms.priceRial,
          setupFeeRial: 0,
          themePriceRial: 0,
          amountRial: terms.priceRial,
          renewal: null,
          domain: { action: row.domainAction, years: row.domainYears, tld: terms.tld },
        };
      }
      const priceRial = row.salePriceRial ?? row.priceRial ?? 0;
      const renewal =
        row.renewServiceId !== null
          ? {
              serviceId: row.renewServiceId,
              serviceName: row.renewed?.name ?? row.productName,
              expiresAt: row.renewed?.expiresAt ? new Date(row.renewed.expiresAt) : null,
            }
          : null;
      const setupFeeRial = renewal ? 0 : row.setupFeeRial;
      const themePriceRial = renewal ? 0 : (row.themePriceRial ?? 0);
      return {
        ...lineOf(row),
        domainName: renewal ? (row.renewed?.domainName ?? null) : row.domainName,
        priceRial,
        regularPriceRial: row.priceRial ?? 0,
        setupFeeRial,
        themePriceRial,
        amountRial: priceRial + setupFeeRial + themePriceRial,
        renewal,
        domain: null,
      };
    });
  return {
    lines,
    removed: unsellable.length > 0,
    removedNotice: notices.length > 0 ? notices.join('؛ ') : null,
    renewalProblem: renewalRefusal,
  };
}

/** What every priced line takes from its row as it is. */
function lineOf(row: {
  id: string;
  productId: string;
  productSlug: string;
  productName: string;
  iconUrl: string;
  groupId: string;
  groupName: string;
  needsDomain: boolean;
  needsTheme: boolean;
  cycle: BillingCycle;
  themeId: string | null;
  themeSlug: string | null;
  themeName: string | null;
  domainName: string | null;
  vatExempt: boolean;
}) {
  return {
    id: row.id,
    productId: row.productId,
    productSlug: row.productSlug,
    productName: row.productName,
    iconUrl: row.iconUrl,
    groupId: row.groupId,
    groupName: row.groupName,
    needsDomain: row.needsDomain,
    needsTheme: row.needsTheme,
    cycle: row.cycle,
    themeId: row.themeId,
    themeSlug: row.themeSlug,
    themeName: row.themeName,
    domainName: row.domainName,
    vatExempt: row.vatExempt,
  };
}

/** The domains module's terms for the cart's domain lines; none asked when it holds none. */
async function termsOfDomainLines(
  db: Database,
  rows: ReadonlyArray<{
    id: string;
    productId: string;
    domainName: string | null;
    domainAction: DomainOrderAction | null;
    domainYears: number | null;
  }>,
): Promise<Map<string, DomainLineTerms>> {
  const lines = domainLinesOf(rows);
  if (lines.length === 0) return new Map();
  return ask(domainLineTerms)(db, lines);
}

/** The rows that buy a domain, as the domains module reads them. */
export function domainLinesOf(
  rows: ReadonlyArray<{
    id: string;
    productId: string;
    domainName: string | null;
    domainAction: DomainOrderAction | null;
    domainYears: number | null;
  }>,
): CartDomainLine[] {
  return rows.flatMap((row) =>
    row.domainAction !== null && row.domainYears !== null && row.domainName !== null
      ? [
          {
            id: row.id,
            productId: row.productId,
            domainName: row.domainName,
            action: row.domainAction,
            years: row.domainYears,
          },
        ]
      : [],
  );
}

/** The cart as its owner sees it: priced now, the code checked now. */
async function readCart(db: Database, userId: string | null, cart: OpenedCart): Promise<CartView> {
  const { lines, removedNotice } = await priceLines(db, cart.id);
  let discount: CartView['discount'] = null;
  let perLine = lines.map(() => 0);
  if (cart.discountCodeId) {
    const [code] = await db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.id, cart.discountCodeId));
    if (code) {
      const buyer = userId ? await buyerHistory(db, userId, code.id) : null;
      const outcome = evaluateDiscount(code, lines, buyer, new Date());
      if (outcome.ok) perLine = outcome.perLine;
      discount = {
        code: code.code,
        description: describeDiscount(code),
        valid: outcome.ok,
        problem: outcome.ok ? null : outcome.problem,
        amountRial: outcome.ok ? outcome.amountRial : 0,
      };
    }
  }
  const cycles = await offeredCycles(
    db,
    lines.flatMap((line) => (line.domain ? [] : [line.productId])),
  );
  const subtotalRial = lines.reduce((sum, line) => sum + line.amountRial, 0);
  const discountRial = perLine.reduce((sum, part) => sum + part, 0);
  const rateBp = await vatRateAt(db, new Date());
  const vat = lineVat(lines, perLine, rateBp);
  const vatRial = vat.reduce((sum, line) => sum + line.vatRial, 0);
  return {
    cartToken: cart.token,
    lines: lines.map((line, index) => ({
      id: line.id,
      product: {
        id: line.productId,
        slug: line.productSlug,
        name: line.productName,
        iconUrl: line.iconUrl,
        groupName: line.groupName,
        needsDomain: line.needsDomain,
        needsTheme: line.needsTheme,
      },
      cycle: line.cycle,
      cycles: cycles.get(line.productId) ?? [],
      theme:
        line.themeId && line.themeSlug && line.themeName
          ? { id: line.themeId, slug: line.themeSlug, name: line.themeName }
          : null,
      domainName: line.domainName,
      domain: line.domain,
      renewal: line.renewal
        ? {
            serviceId: line.renewal.serviceId,
            serviceName: line.renewal.serviceName,
            expiresAt: line.renewal.expiresAt?.toISOString() ?? null,
          }
        : null,
      priceRial: line.priceRial,
      regularPriceRial: line.regularPriceRial,
      setupFeeRial: line.setupFeeRial,
      themePriceRial: line.themePriceRial,
      discountRial: perLine[index] ?? 0,
      totalRial: line.amountRial - (perLine[index] ?? 0),
      vatRatePercent: ratePercent(vat[index]?.vatRateBp ?? 0),
      vatRial: vat[index]?.vatRial ?? 0,
    })),
    discount,
    subtotalRial,
    discountRial,
    vatRatePercent: ratePercent(rateBp),
    vatRial,
    totalRial: subtotalRial - discountRial + vatRial,
    removedNotice,
  };
}

/** Every cycle each line's product is sold for now, to change a line's cycle. */
async function offeredCycles(db: Database, productIds: string[]) {
  const prices = await pricesOnOffer(db, productIds);
  const byProduct = new Map<string, CartView['lines'][number]['cycles']>();
  for (const [productId, list] of prices) {
    byProduct.set(
      productId,
      list.map((price) => ({
        cycle: price.cycle,
        price: price.priceRial,
        regularPrice: price.regularPriceRial,
      })),
    );
  }
  return byProduct;
}

/**
 * Each line's VAT at `rateBp` (0 for an exempt product), on its net after its share of the
 * discount, rounded per line (decision 0022).
 */
export function lineVat(
  lines: ReadonlyArray<{ amountRial: number; vatExempt: boolean }>,
  perLineDiscount: readonly number[],
  rateBp: number,
): Array<{ vatRateBp: number; vatRial: number }> {
  return lines.map((line, index) => {
    const vatRateBp = line.vatExempt ? 0 : rateBp;
    return {
      vatRateBp,
      vatRial: vatOf(line.amountRial - (perLineDiscount[index] ?? 0), vatRateBp),
    };
  });
}

export type { DiscountCode };
