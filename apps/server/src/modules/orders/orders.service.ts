import {
  type BillingDocumentPayment,
  type BuyerKind,
  MANUAL_METHODS,
  type ManualMethod,
  ORDER_EXPIRY_HOURS,
  type orderDetail as orderDetailSchema,
  ratePercent,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ask, emit } from '../../lib/events';
import { fillEmptyProfile, peopleView } from '../accounts';
import { issueSalesInvoice, orderDocumentRefs, paymentNoteOf, vatRateAt } from '../billing';
import { productsView } from '../catalog';
import { changeBalance, readBalance } from '../wallet';
import {
  buyerHistory,
  type CartOwner,
  discountRefused,
  lineVat,
  openCart,
  priceLines,
} from './cart.service';
import { DISCOUNT_PROBLEMS, evaluateDiscount } from './discount-rules';
import {
  type DomainPurchase,
  domainOrderReady,
  type OrderLineDomain,
  type OrderPaid,
  orderLineDomains,
  orderPaid,
  type PaidPlanChange,
  type PurchasedLine,
  type RenewalLine,
  servicesStillAsOrdered,
} from './events';
import { creditOrderToWallet, refundableRial } from './order-refunds';
import { refuseIfServiceOrderPending } from './pending-service-orders';
import {
  type BuyerSnapshot,
  buyerProfiles,
  cartLines,
  carts,
  discountCodes,
  orderLines,
  orders,
  payments,
} from './schema';

export type OrderDetail = z.output<typeof orderDetailSchema>;
type OrderRow = typeof orders.$inferSelect;

const ORDER_NOT_FOUND = 'این سفارش پیدا نشد';

// ---------------------------------------------------------------------------------------------
// Buyer details (decision 0012)

type BuyerProfileRow = typeof buyerProfiles.$inferSelect;

/** The saved profile as the checkout and the order keep it. */
function snapshotOf(saved: BuyerProfileRow): BuyerSnapshot {
  return {
    kind: saved.kind,
    fullName: saved.fullName,
    email: saved.email,
    nationalId: saved.nationalId,
    companyName: saved.companyName,
    legalNationalId: saved.legalNationalId,
    economicNumber: saved.economicNumber,
    registrationNumber: saved.registrationNumber,
    address: saved.address,
    postalCode: saved.postalCode,
  };
}

/** Every field of the answer, from a snapshot of any age (older ones are a person's). */
export function buyerDetailsOf(buyer: BuyerSnapshot) {
  return {
    kind: buyer.kind ?? 'person',
    fullName: buyer.fullName,
    email: buyer.email,
    nationalId: buyer.nationalId,
    companyName: buyer.companyName,
    legalNationalId: buyer.legalNationalId ?? null,
    economicNumber: buyer.economicNumber ?? null,
    registrationNumber: buyer.registrationNumber ?? null,
    address: buyer.address ?? null,
    postalCode: buyer.postalCode ?? null,
  };
}

export async function getBuyerDetails(db: Database, userId: string) {
  const [saved] = await db.select().from(buyerProfiles).where(eq(buyerProfiles.userId, userId));
  if (saved) return { ...buyerDetailsOf(snapshotOf(saved)), complete: true };
  // Until confirmed once, the form starts from the profile.
  const [user] = await db
    .select({
      firstName: peopleView.firstName,
      lastName: peopleView.lastName,
      email: peopleView.email,
    })
    .from(peopleView)
    .where(eq(peopleView.id, userId));
  return {
    ...buyerDetailsOf({
      fullName: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
      email: user?.email ?? '',
      nationalId: null,
      companyName: null,
    }),
    complete: false,
  };
}

/** Saves the buyer's details; a person keeps no company fields, a company every one. */
export async function updateBuyerDetails(
  db: Database,
  userId: string,
  details: {
    kind: BuyerKind;
    fullName: string;
    email: string;
    nationalId?: string | null | undefined;
    companyName?: string | null | undefined;
    legalNationalId?: string | null | undefined;
    economicNumber?: string | null | undefined;
    registrationNumber?: string | null | undefined;
    address?: string | null | undefined;
    postalCode?: string | null | undefined;
  },
) {
  const company = details.kind === 'company';
  const companyField = (value: string | null | undefined) => (company ? (value ?? null) : null);
  const values = {
    kind: details.kind,
    fullName: details.fullName,
    email: details.email,
    nationalId: details.nationalId ?? null,
    // A person may still name the company they work for, as before (decision 0012).
    companyName: details.companyName ?? null,
    legalNationalId: companyField(details.legalNationalId),
    economicNumber: companyField(details.economicNumber),
    registrationNumber: companyField(details.registrationNumber),
    address: companyField(details.address),
    postalCode: companyField(details.postalCode),
    updatedAt: new Date(),
  };
  await db
    .insert(buyerProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: buyerProfiles.userId, set: values });
  return getBuyerDetails(db, userId);
}

/** What an order's invoice says of its buyer, copied now; refused until they gave it. */
export async function buyerSnapshot(tx: Transaction, userId: string): Promise<BuyerSnapshot> {
  const [buyer] = await tx.select().from(buyerProfiles).where(eq(buyerProfiles.userId, userId));
  if (!buyer) throw new AppError('BUYER_DETAILS_REQUIRED');
  return snapshotOf(buyer);
}

// ---------------------------------------------------------------------------------------------
// Submit

/**
 * Turns the owner's cart into a pending order: every price from the catalog now, the code's
 * rules checked again and one use claimed, all frozen in the order, the cart emptied, in one
 * transaction. An order that comes to nothing (a 100% code) is paid at once.
 */
export async function submitOrder(
  db: Database,
  owner: CartOwner & { userId: string },
  now: Date = new Date(),
): Promise<OrderDetail> {
  const submitted = await db.transaction(async (tx) => {
    const cart = await openCart(tx, owner);
    const snapshot = await buyerSnapshot(tx, owner.userId);
    // The name and e-mail given here are the person's: an account still without them takes them.
    await fillEmptyProfile(tx, owner.userId, snapshot);

    const { lines, removed, renewalProblem } = await priceLines(tx, cart.id);
    // Rolled back with the rest: the next cart read removes them and tells the person why.
    if (renewalProblem) throw new AppError('SERVICE_NOT_RENEWABLE', renewalProblem);
    if (removed) {
      throw new AppError(
        'PRODUCT_UNAVAILABLE',
        'برخی از ردیف‌های سبد دیگر فروخته نمی‌شوند؛ سبد را دوباره بررسی کنید',
      );
    }
    if (lines.length === 0) throw new AppError('CART_EMPTY');
    await refuseIfServiceOrderPending(
      tx,
      owner.userId,
      lines.flatMap((line) => (line.renewal ? [line.renewal.serviceId] : [])),
      'renewal',
    );
    const domainLines = lines.flatMap((line) =>
      line.domain && line.domainName
        ? [{ ...line.domain, id: line.id, productId: line.productId, domainName: line.domainName }]
        : [],
    );
    if (domainLines.length > 0) await ask(domainOrderReady)(tx, owner.userId, domainLines);

    let perLine = lines.map(() => 0);
    let code: { id: string; code: string } | null = null;
    if (cart.discountCodeId) {
      // The code's row is locked: submits using it queue here, so the per-user count below
      // and the claim after it cannot race.
      const [row] = await tx
        .select()
        .from(discountCodes)
        .where(eq(discountCodes.id, cart.discountCodeId))
        .for('update');
      if (!row) throw discountRefused(DISCOUNT_PROBLEMS.unknown);
      const outcome = evaluateDiscount(
        row,
        lines,
        await buyerHistory(tx, owner.userId, row.id),
        now,
      );
      if (!outcome.ok) throw discountRefused(outcome.problem);
      const [claimed] = await tx
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
        .where(
          and(
            eq(discountCodes.id, row.id),
            sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
          ),
        )
        .returning({ id: discountCodes.id });
      if (!claimed) throw discountRefused(DISCOUNT_PROBLEMS.usedUp);
      perLine = outcome.perLine;
      code = { id: row.id, code: row.code };
    }

    const subtotalRial = lines.reduce((sum, line) => sum + line.amountRial, 0);
    const discountRial = perLine.reduce((sum, part) => sum + part, 0);
    // The rate in force now is frozen on every line (decision 0022).
    const vat = lineVat(lines, perLine, await vatRateAt(tx, now));
    const vatRial = vat.reduce((sum, line) => sum + line.vatRial, 0);
    const [order] = await tx
      .insert(orders)
      .values({
        userId: owner.userId,
        subtotalRial,
        discountRial,
        vatRial,
        totalRial: subtotalRial - discountRial + vatRial,
        discountCodeId: code?.id ?? null,
        discountCode: code?.code ?? null,
        buyer: snapshot,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ORDER_EXPIRY_HOURS * 3_600_000),
      })
      .returning();
    if (!order) throw new Error('order insert returned no row');
    const written = await tx
      .insert(orderLines)
      .values(
        lines.map((line, index) => ({
          orderId: order.id,
          position: index + 1,
          productId: line.productId,
          productSlug: line.productSlug,
          productName: line.productName,
          groupName: line.groupName,
          cycle: line.cycle,
          themeId: line.themeId,
          themeName: line.themeName,
          domainName: line.domainName,
          domainAction: line.domain?.action ?? null,
          domainYears: line.domain?.years ?? null,
          renewsServiceId: line.renewal?.serviceId ?? null,
          priceRial: line.priceRial,
          setupFeeRial: line.setupFeeRial,
          themePriceRial: line.themePriceRial,
          discountRial: perLine[index] ?? 0,
          totalRial: line.amountRial - (perLine[index] ?? 0),
          vatRateBp: vat[index]?.vatRateBp ?? 0,
          vatRial: vat[index]?.vatRial ?? 0,
        })),
      )
      .returning();
    await tx.delete(cartLines).where(eq(cartLines.cartId, cart.id));
    // The cart was touched when it was opened; only its code goes.
    if (cart.discountCodeId) {
      await tx.update(carts).set({ discountCodeId: null }).where(eq(carts.id, cart.id));
    }
    if (order.totalRial === 0) {
      await markOrderPaid(tx, order, now);
      return { order, lines: null };
    }
    return { order, lines: written };
  });
  // A new pending order has no payment or document yet: its answer is what was just written,
  // not a second read (issue 24). One paid at once (a 100% code) is read back with its invoice.
  if (!submitted.lines) return getOrderDetail(db, owner.userId, submitted.order.id);
  const byPosition = [...submitted.lines].sort((a, b) => a.position - b.position);
  return orderDetailOf(submitted.order, byPosition, [], { invoice: null, creditNotes: [] });
}

// ---------------------------------------------------------------------------------------------
// Reading

/** What the owner's view of an order reads of each line. */
type LineRow = Pick<
  typeof orderLines.$inferSelect,
  | 'id'
  | 'position'
  | 'productId'
  | 'productSlug'
  | 'productName'
  | 'groupName'
  | 'cycle'
  | 'themeName'
  | 'domainName'
  | 'domainAction'
  | 'domainYears'
  | 'renewsServiceId'
  | 'changesServiceId'
  | 'planChange'
  | 'priceRial'
  | 'setupFeeRial'
  | 'themePriceRial'
  | 'discountRial'
  | 'totalRial'
  | 'vatRateBp'
  | 'vatRial'
> & {
  /** What a paid domain line became (the domains module's answer); absent on a new order. */
  domain?: OrderLineDomain | null;
};

/** What the owner's view of an order reads of each payment attempt. */
type AttemptRow = Pick<
  typeof payments.$inferSelect,
  | 'id'
  | 'gateway'
  | 'amountRial'
  | 'status'
  | 'referenceId'
  | 'cardPan'
  | 'authority'
  | 'transferReference'
  | 'createdAt'
  | 'settledAt'
>;

/** An attempt as `json_build_object` gives it: its times are the text PostgreSQL sends. */
type AttemptJson = Omit<AttemptRow, 'createdAt' | 'settledAt'> & {
  createdAt: string;
  settledAt: string | null;
};

// The order's lines and attempts come with the order, in one statement (issue 24): the owner's
// view is read after every payment step. Times travel as `::text`, the same text the driver
// parses for a timestamp column, so they are the same Date a plain select gives.
// Drizzle names a column of a one-table select without its table, which inside the subquery
// would mean the line's own id: the outer order's id is spelled out.
const outerOrderId = sql`${sql.identifier('orders')}.${sql.identifier('id')}`;

/** The lines, each domain line with what became of it (the domains module's column). */
function linesOfOrder() {
  const domainOf = ask(orderLineDomains).column({
    lineId: sql`${sql.identifier('order_lines')}.${sql.identifier('id')}`,
    paid: sql`${sql.identifier('orders')}.${sql.identifier('paid_at')} is not null`,
  });
  return sql<LineRow[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${orderLines.id}, 'position', ${orderLines.position},
    'productId', ${orderLines.productId}, 'productSlug', ${orderLines.productSlug},
    'productName', ${orderLines.productName}, 'groupName', ${orderLines.groupName},
    'cycle', ${orderLines.cycle}, 'themeName', ${orderLines.themeName},
    'domainName', ${orderLines.domainName}, 'renewsServiceId', ${orderLines.renewsServiceId},
    'domainAction', ${orderLines.domainAction}, 'domainYears', ${orderLines.domainYears},
    'domain', case when ${orderLines.domainAction} is not null then ${domainOf} end,
    'changesServiceId', ${orderLines.changesServiceId}, 'planChange', ${orderLines.planChange},
    'priceRial', ${orderLines.priceRial}, 'setupFeeRial', ${orderLines.setupFeeRial},
    'themePriceRial', ${orderLines.themePriceRial}, 'discountRial', ${orderLines.discountRial},
    'totalRial', ${orderLines.totalRial}, 'vatRateBp', ${orderLines.vatRateBp},
    'vatRial', ${orderLines.vatRial}
  ) order by ${orderLines.position})
  from ${orderLines} where ${orderLines.orderId} = ${outerOrderId}
), '[]'::json)`;
}

const attemptsOfOrder = sql<AttemptJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${payments.id}, 'gateway', ${payments.gateway}, 'amountRial', ${payments.amountRial},
    'status', ${payments.status}, 'referenceId', ${payments.referenceId},
    'cardPan', ${payments.cardPan}, 'authority', ${payments.authority},
    'transferReference', ${payments.transferReference},
    'createdAt', ${payments.createdAt}::text, 'settledAt', ${payments.settledAt}::text
  ) order by ${payments.createdAt} desc)
  from ${payments} where ${payments.orderId} = ${outerOrderId}
), '[]'::json)`;

/** An order of this user, or NOT_FOUND: another user's order is never told apart from none. */
export async function getOrderDetail(
  db: Database,
  userId: string,
  orderId: string,
): Promise<OrderDetail> {
  const [row] = await db
    .select({ order: orders, lines: linesOfOrder(), attempts: attemptsOfOrder })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const attempts = row.attempts.map((attempt) => ({
    ...attempt,
    createdAt: new Date(attempt.createdAt),
    settledAt: attempt.settledAt === null ? null : new Date(attempt.settledAt),
  }));
  const documents = await orderDocumentRefs(db, row.order.id);
  return orderDetailOf(row.order, row.lines, attempts, documents);
}

/** The order as its owner sees it, from its rows: lines by position, attempts newest first. */
function orderDetailOf(
  order: OrderRow,
  lines: ReadonlyArray<LineRow>,
  attempts: ReadonlyArray<AttemptRow>,
  { invoice, creditNotes }: Awaited<ReturnType<typeof orderDocumentRefs>>,
): OrderDetail {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      productSlug: line.productSlug,
      productName: line.productName,
      groupName: line.groupName,
      cycle: line.cycle,
      themeName: line.themeName,
      domainName: line.domainName,
      domain:
        line.domainAction !== null && line.domainYears !== null
          ? {
              action: line.domainAction,
              years: line.domainYears,
              domainId: line.domain?.domainId ?? null,
              state: line.domain?.state ?? null,
              note: line.domain?.note ?? null,
            }
          : null,
      renewsServiceId: line.renewsServiceId,
      planChange:
        line.changesServiceId && line.planChange
          ? {
              serviceId: line.changesServiceId,
              fromProductName: line.planChange.fromProductName,
              calculation: line.planChange.calculation,
            }
          : null,
      priceRial: line.priceRial,
      setupFeeRial: line.setupFeeRial,
      themePriceRial: line.themePriceRial,
      discountRial: line.discountRial,
      totalRial: line.totalRial,
      vatRatePercent: ratePercent(line.vatRateBp),
      vatRial: line.vatRial,
    })),
    discountCode: order.discountCode,
    subtotalRial: order.subtotalRial,
    discountRial: order.discountRial,
    vatRial: order.vatRial,
    totalRial: order.totalRial,
    walletAppliedRial: order.walletAppliedRial,
    gatewayPaidRial: order.gatewayPaidRial,
    payableRial: payableOf(order),
    buyer: buyerDetailsOf(order.buyer),
    invoice,
    creditNotes,
    payments: attempts
      // An attempt the gateway never opened is noise to the customer; a transfer claim is not.
      .filter((payment) => payment.authority !== null || payment.transferReference !== null)
      .map((payment) => ({
        id: payment.id,
        gateway: payment.gateway,
        amountRial: payment.amountRial,
        status: payment.status,
        referenceId: payment.referenceId,
        cardPan: payment.cardPan,
        createdAt: payment.createdAt.toISOString(),
        settledAt: payment.settledAt?.toISOString() ?? null,
      })),
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    awaitingConfirmation: awaitingConfirmationOf(order, attempts),
    paidAt: order.paidAt?.toISOString() ?? null,
    closedAt: order.closedAt?.toISOString() ?? null,
  };
}

/** The transfer claim staff have yet to review, which holds a pending order from expiring. */
function awaitingConfirmationOf(order: OrderRow, attempts: ReadonlyArray<AttemptRow>) {
  if (order.status !== 'pending') return null;
  const claim = attempts.find(
    (attempt): attempt is AttemptRow & { gateway: ManualMethod } =>
      attempt.status === 'pending' &&
      (MANUAL_METHODS as readonly string[]).includes(attempt.gateway),
  );
  return claim
    ? { paymentId: claim.id, method: claim.gateway, claimedAt: claim.createdAt.toISOString() }
    : null;
}

export function payableOf(
  order: Pick<OrderRow, 'status' | 'totalRial' | 'walletAppliedRial' | 'gatewayPaidRial'>,
): number {
  if (order.status !== 'pending') return 0;
  return order.totalRial - order.walletAppliedRial - order.gatewayPaidRial;
}

// ---------------------------------------------------------------------------------------------
// Paying and closing

/**
 * This user's order, locked, checked to still be payable now: pending, not past its expiry,
 * its code still inside its window (every rule is checked again at payment), and no service it
 * renews stopped by staff since it was submitted.
 */
export async function lockPayableOrder(
  tx: Transaction,
  userId: string,
  orderId: string,
  now: Date,
): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .for('update');
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  // The order's state, not a rule, forbids paying it: 409 as API.md says (issue 18), whether
  // the expiry job has closed it yet or not.
  if (order.status !== 'pending') {
    throw new AppError(
      'CONFLICT',
      order.status === 'paid'
        ? 'این سفارش پیش‌تر پرداخت شده است'
        : 'این سفارش بسته شده است و قابل پرداخت نیست',
    );
  }
  if (order.expiresAt <= now) {
    throw new AppError('CONFLICT', 'مهلت پرداخت این سفارش تمام شده است؛ دوباره سفارش دهید');
  }
  if (order.discountCodeId) {
    const [code] = await tx
      .select({ active: discountCodes.active, endsAt: discountCodes.endsAt })
      .from(discountCodes)
      .where(eq(discountCodes.id, order.discountCodeId));
    if (!code?.active || (code.endsAt && code.endsAt <= now)) {
      throw new AppError(
        'DISCOUNT_INVALID',
        'کد تخفیف این سفارش دیگر معتبر نیست؛ سفارش را لغو کنید و بدون آن کد دوباره ثبت کنید',
      );
    }
  }
  await ask(servicesStillAsOrdered)(tx, order.id);
  return order;
}

/** Spends wallet credit on an order: the amount asked for, or as much as covers it. */
export async function useWalletInOrder(
  db: Database,
  userId: string,
  input: { orderId: string; amountRial?: number | undefined },
  now: Date = new Date(),
): Promise<OrderDetail> {
  await db.transaction(async (tx) => {
    const order = await lockPayableOrder(tx, userId, input.orderId, now);
    const payable = payableOf(order);
    const amount = input.amountRial ?? Math.min(payable, await readBalance(tx, userId));
    if (amount > payable) {
      const message = 'مبلغ از باقی‌ماندهٔ سفارش بیشتر است';
      throw new AppError('VALIDATION', message, { fields: { amountRial: message } });
    }
    if (amount <= 0) throw new AppError('INSUFFICIENT_CREDIT');
    await changeBalance(tx, {
      userId,
      amountRial: -amount,
      reason: 'order-payment',
      description: `پرداخت سفارش ${toPersianDigits(order.number)}`,
      orderId: order.id,
    });
    const [updated] = await tx
      .update(orders)
      .set({ walletAppliedRial: sql`${orders.walletAppliedRial} + ${amount}` })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error('order update returned no row');
    if (payableOf(updated) === 0) await markOrderPaid(tx, updated, now);
  });
  return getOrderDetail(db, userId, input.orderId);
}

/** How an order was paid, part by part, as its invoice lists it for the tax system (issue 39). */
function settlementOf(
  walletRial: number,
  paid: ReadonlyArray<{
    gateway: string;
    amountRial: number;
    referenceId: string | null;
    settledAt: Date | null;
  }>,
  now: Date,
): BillingDocumentPayment[] {
  const parts: BillingDocumentPayment[] = paid.map((payment) => ({
    method:
      payment.gateway === 'card-to-card' || payment.gateway === 'bank-transfer'
        ? payment.gateway
        : 'gateway',
    amountRial: payment.amountRial,
    referenceId: payment.referenceId,
    paidAt: (payment.settledAt ?? now).toISOString(),
  }));
  if (walletRial > 0) {
    parts.unshift({
      method: 'wallet',
      amountRial: walletRial,
      referenceId: null,
      paidAt: now.toISOString(),
    });
  }
  return parts;
}

/**
 * A locked pending order becomes paid, and says so (orders/events.ts): the services module starts
 * each new line's service, extends each service a renewal line renews and applies each plan
 * change, in this transaction. Callers have made sure it is paid in full.
 */
export async function markOrderPaid(tx: Transaction, order: OrderRow, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'paid', paidAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const reports = await emit(tx, orderPaid, paidOf(order, lines, now));
  const notApplied = new Set(reports.flatMap((report) => report?.planChangesNotApplied ?? []));
  const notAppliedRial = lines
    .filter((line) => notApplied.has(line.id))
    .reduce((sum, line) => sum + line.totalRial + line.vatRial, 0);
  // The sales invoice, numbered in this same transaction (decision 0022).
  const paid = await tx
    .select({
      gateway: payments.gateway,
      amountRial: payments.amountRial,
      referenceId: payments.referenceId,
      settledAt: payments.settledAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, order.id),
        eq(payments.status, 'paid'),
        eq(payments.creditedToWallet, false),
      ),
    )
    .orderBy(asc(payments.settledAt));
  // Each line's goods-and-services id for the tax system (issue 39), as its product has it now.
  const productIds = lines.flatMap((line) => (line.productId ? [line.productId] : []));
  const taxServiceIds = new Map(
    productIds.length === 0
      ? []
      : (
          await tx
            .select({ id: productsView.id, taxServiceId: productsView.taxServiceId })
            .from(productsView)
            .where(inArray(productsView.id, productIds))
        ).map((row) => [row.id, row.taxServiceId]),
  );
  await issueSalesInvoice(
    tx,
    order,
    lines.map((line) => ({
      ...line,
      taxServiceId: line.productId ? (taxServiceIds.get(line.productId) ?? null) : null,
    })),
    paymentNoteOf(order.walletAppliedRial, paid),
    now,
    settlementOf(order.walletAppliedRial, paid, now),
  );
  // An upgrade that could not be applied goes back at once, against the invoice just issued.
  if (notAppliedRial > 0) {
    const [settled] = await tx.select().from(orders).where(eq(orders.id, order.id));
    if (!settled) throw new Error(`paid order ${order.id} is gone`);
    await creditOrderToWallet(tx, settled, {
      amountRial: notAppliedRial,
      reason: 'ارتقای پرداخت‌شده انجام نشد چون سرویس تغییر کرده بود',
      description: `ارتقای سفارش ${toPersianDigits(order.number)} انجام نشد چون سرویس تغییر کرده بود`,
      at: now,
    });
  }
  for (const { lineId, reason } of reports.flatMap((report) => report?.linesNotDelivered ?? [])) {
    const line = lines.find((candidate) => candidate.id === lineId);
    if (!line) continue;
    const [settled] = await tx.select().from(orders).where(eq(orders.id, order.id));
    if (!settled) throw new Error(`paid order ${order.id} is gone`);
    await creditOrderToWallet(tx, settled, {
      amountRial: Math.min(line.totalRial + line.vatRial, refundableRial(settled)),
      reason,
      description: `${line.productName}${line.domainName ? ` (${line.domainName})` : ''}: ${reason}`,
      at: now,
    });
  }
}

/** What a paid order's subscribers hear: its lines by kind, each kind in position order. */
function paidOf(
  order: OrderRow,
  lines: ReadonlyArray<typeof orderLines.$inferSelect>,
  now: Date,
): OrderPaid {
  const purchases: PurchasedLine[] = [];
  const renewals: RenewalLine[] = [];
  const planChanges: PaidPlanChange[] = [];
  const domains: DomainPurchase[] = [];
  for (const line of lines) {
    if (line.domainAction !== null && line.domainYears !== null && line.domainName !== null) {
      domains.push({
        lineId: line.id,
        productId: line.productId,
        domainName: line.domainName,
        action: line.domainAction,
        years: line.domainYears,
      });
    } else if (line.renewsServiceId !== null) {
      renewals.push({ serviceId: line.renewsServiceId, cycle: line.cycle });
    } else if (line.changesServiceId !== null) {
      if (line.planChange === null) continue;
      planChanges.push({
        lineId: line.id,
        serviceId: line.changesServiceId,
        productId: line.productId,
        productName: line.productName,
        record: line.planChange,
      });
    } else {
      purchases.push({
        id: line.id,
        productId: line.productId,
        productName: line.productName,
        domainName: line.domainName,
        themeId: line.themeId,
        cycle: line.cycle,
      });
    }
  }
  const { id, userId, number } = order;
  return { order: { id, userId, number }, purchases, renewals, planChanges, domains, now };
}

/** The person cancels an unpaid order. */
export async function cancelOrder(
  db: Database,
  userId: string,
  orderId: string,
  now: Date = new Date(),
): Promise<OrderDetail> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    if (order.status !== 'pending') {
      throw new AppError('CONFLICT', 'فقط سفارش در انتظار پرداخت لغو می‌شود');
    }
    await closeOrder(tx, order, 'cancelled', now);
  });
  return getOrderDetail(db, userId, orderId);
}

/**
 * A locked pending order is cancelled or expires: its code's use is given back and the wallet
 * credit spent on it returns to the wallet, in the caller's transaction.
 */
export async function closeOrder(
  tx: Transaction,
  order: OrderRow,
  status: 'cancelled' | 'expired',
  now: Date,
): Promise<void> {
  await tx.update(orders).set({ status, closedAt: now }).where(eq(orders.id, order.id));
  if (order.discountCodeId) {
    await tx
      .update(discountCodes)
      .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
      .where(and(eq(discountCodes.id, order.discountCodeId), gt(discountCodes.usedCount, 0)));
  }
  if (order.walletAppliedRial > 0) {
    await changeBalance(tx, {
      userId: order.userId,
      amountRial: order.walletAppliedRial,
      reason: 'refund',
      description: `بازگشت اعتبار سفارش ${toPersianDigits(order.number)} (${status === 'cancelled' ? 'لغوشده' : 'منقضی‌شده'})`,
      orderId: order.id,
    });
  }
}

/**
 * Closes pending orders past their expiry; answers how many. Run by the checkout job. An order
 * whose card-to-card or bank transfer waits for staff is held: the customer has paid, as far as
 * they know (issue 21).
 */
export async function expireOrders(
  db: Database,
  now: Date = new Date(),
  limit = 100,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          lte(orders.expiresAt, now),
          sql`not exists (select 1 from ${payments} where ${payments.orderId} = ${outerOrderId} and ${payments.status} = 'pending' and ${payments.transferReference} is not null)`,
        ),
      )
      .orderBy(asc(orders.expiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const order of due) await closeOrder(tx, order, 'expired', now);
    return due.length;
  });
}

/** How many of a customer's orders wait for payment (the panel's red dot). */
export async function countUnpaidOrders(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
  return row?.total ?? 0;
}
