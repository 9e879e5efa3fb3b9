import type { AdminOrderDetail, AdminOrderRow, AdminOrderSort } from '@vitrin/contracts';
import { formatAmount, normalizeMobile, toLatinDigits, toPersianDigits } from '@vitrin/fa';
import { and, asc, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { ask, emit } from '../../lib/events';
import {
  cursorNotUnderstood,
  encodeCursor,
  listTotal,
  readCursor,
  timestampText,
} from '../../lib/list-total';
import { tehranDay, tehranDayOf } from '../../lib/tehran-days';
import { peopleView, personFields, personName } from '../accounts';
import { findRecordHistory, writeAudit } from '../audit';
import { walletTransactionsView } from '../wallet';
import { type OrderRefunded, orderRefunded, servicesOfOrder } from './events';
import { creditOrderToWallet, refundableRial } from './order-refunds';
import { closeOrder, getOrderDetail } from './orders.service';
import { discountCodes, orderLines, orders, payments } from './schema';

// The staff console's orders (issue 8): search, detail, cancel an unpaid order, refund a paid
// one to the wallet. Every change locks the order row, writes one audit row and commits once.

const ORDER_NOT_FOUND = 'این سفارش پیدا نشد';
const QUERY_NOT_UNDERSTOOD = 'شمارهٔ موبایل یا شمارهٔ سفارش را وارد کنید';

type OrderRow = typeof orders.$inferSelect;

export interface OrderFilters {
  status?: OrderRow['status'] | undefined;
  query?: string | undefined;
  customerId?: string | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  sort: AdminOrderSort;
}

/**
 * The conditions of the console's order filters. The query is a mobile in any form people type
 * it or an order number; anything else is a field error rather than an empty list, so a typo
 * is not mistaken for "no orders".
 */
function orderConditions(filters: OrderFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.customerId) conditions.push(eq(orders.userId, filters.customerId));
  const query = filters.query?.trim();
  if (query) {
    const mobile = normalizeMobile(query);
    const number = toLatinDigits(query).replace(/^#/, '');
    if (mobile) conditions.push(eq(peopleView.mobile, mobile));
    else if (/^\d{1,9}$/.test(number)) conditions.push(eq(orders.number, Number(number)));
    else
      throw new AppError('VALIDATION', QUERY_NOT_UNDERSTOOD, {
        fields: { query: QUERY_NOT_UNDERSTOOD },
      });
  }
  // Whole Tehran days, both ends included: "1405/08/01 to 1405/08/30" means all of both days.
  if (filters.createdFrom) {
    conditions.push(
      sql`${tehranDayOf(orders.createdAt)} >= ${tehranDay(filters.createdFrom)}::date`,
    );
  }
  if (filters.createdTo) {
    conditions.push(sql`${tehranDayOf(orders.createdAt)} <= ${tehranDay(filters.createdTo)}::date`);
  }
  return conditions;
}

function orderSort(sort: AdminOrderSort) {
  if (sort === 'oldest') return [asc(orders.createdAt), asc(orders.number)];
  if (sort === 'total-desc') return [desc(orders.totalRial), desc(orders.createdAt)];
  return [desc(orders.createdAt), desc(orders.number)];
}

/** The cursor's condition: rows after the cursor's row in the list's order (newest or oldest). */
function afterCursor(sort: AdminOrderSort, after: string): SQL {
  if (sort === 'total-desc') throw cursorNotUnderstood();
  const cursor = readCursor(after, /^\d{1,9}$/);
  const key = sql`(${cursor.at}::timestamptz, ${Number(cursor.key)}::int)`;
  return sort === 'oldest'
    ? sql`(${orders.createdAt}, ${orders.number}) > ${key}`
    : sql`(${orders.createdAt}, ${orders.number}) < ${key}`;
}

/**
 * Orders matching the console's filters, one page (or up to `limit` rows for an export): from
 * `offset`, or after the cursor `after` (newest and oldest first only; decision 0031).
 */
export async function findOrders(
  db: Database,
  filters: OrderFilters,
  paging: { limit: number; offset: number; after?: string | undefined },
): Promise<{
  items: AdminOrderRow[];
  total: number;
  totalIsEstimate: boolean;
  nextCursor: string | null;
}> {
  const conditions = orderConditions(filters);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const pageWhere = paging.after ? and(where, afterCursor(filters.sort, paging.after)) : where;
  const [rows, counted] = await Promise.all([
    db
      .select({
        order: orders,
        firstName: peopleView.firstName,
        lastName: peopleView.lastName,
        mobile: peopleView.mobile,
        createdAtText: timestampText(orders.createdAt),
      })
      .from(orders)
      .innerJoin(peopleView, eq(peopleView.id, orders.userId))
      .where(pageWhere)
      .orderBy(...orderSort(filters.sort))
      .limit(paging.limit)
      .offset(paging.after ? 0 : paging.offset),
    listTotal(
      db,
      db
        .select({ one: sql`1` })
        .from(orders)
        .innerJoin(peopleView, eq(peopleView.id, orders.userId))
        .where(where),
    ),
  ]);
  const methods =
    rows.length === 0
      ? []
      : await db
          .selectDistinct({ orderId: payments.orderId, gateway: payments.gateway })
          .from(payments)
          .where(
            and(
              inArray(
                payments.orderId,
                rows.map((row) => row.order.id),
              ),
              eq(payments.status, 'paid'),
              eq(payments.creditedToWallet, false),
            ),
          )
          .orderBy(payments.gateway);
  const last = rows.at(-1);
  const nextCursor =
    last && rows.length === paging.limit && filters.sort !== 'total-desc'
      ? encodeCursor({ at: last.createdAtText, key: String(last.order.number) })
      : null;
  return {
    items: rows.map(({ order, createdAtText: _, ...person }) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      customer: { id: order.userId, name: buyerName(person, order), mobile: person.mobile },
      totalRial: order.totalRial,
      walletAppliedRial: order.walletAppliedRial,
      gatewayPaidRial: order.gatewayPaidRial,
      paidWith: methods.filter((paid) => paid.orderId === order.id).map((paid) => paid.gateway),
      discountCode: order.discountCode,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      refundedAt: order.refundedAt?.toISOString() ?? null,
    })),
    ...counted,
    nextCursor,
  };
}

/**
 * Who ordered, as staff read it: the account's name, else the name given on the order (an
 * account made at checkout has none yet; issue 35), never the bare E.164 number if avoidable.
 */
function buyerName(
  person: { firstName: string | null; lastName: string | null; mobile: string },
  order: Pick<typeof orders.$inferSelect, 'buyer'>,
): string {
  return (
    [person.firstName, person.lastName].filter(Boolean).join(' ') ||
    order.buyer.fullName?.trim() ||
    personName(person)
  );
}

/** Any customer's order with everything staff need to answer for it, or NOT_FOUND. */
export async function getStaffOrderDetail(
  db: Database,
  orderId: string,
): Promise<AdminOrderDetail> {
  const [row] = await db
    .select({ order: orders, customer: personFields })
    .from(orders)
    .innerJoin(peopleView, eq(peopleView.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  const { order, customer } = row;
  const [detail, attempts, ledger, services, audit] = await Promise.all([
    getOrderDetail(db, order.userId, order.id),
    db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(desc(payments.createdAt)),
    db
      .select()
      .from(walletTransactionsView)
      .where(eq(walletTransactionsView.orderId, order.id))
      .orderBy(asc(walletTransactionsView.createdAt), asc(walletTransactionsView.id)),
    ask(servicesOfOrder)(db, order.id),
    findRecordHistory(db, 'order', order.id),
  ]);
  return {
    ...detail,
    customer: { id: customer.id, name: buyerName(customer, order), mobile: customer.mobile },
    refundedAt: order.refundedAt?.toISOString() ?? null,
    refundedRial: order.refundedRial,
    payments: attempts.map((payment) => ({
      id: payment.id,
      gateway: payment.gateway,
      amountRial: payment.amountRial,
      status: payment.status,
      authority: payment.authority,
      referenceId: payment.referenceId,
      cardPan: payment.cardPan,
      failureReason: payment.failureReason,
      creditedToWallet: payment.creditedToWallet,
      createdAt: payment.createdAt.toISOString(),
      settledAt: payment.settledAt?.toISOString() ?? null,
    })),
    walletTransactions: ledger.map((entry) => ({
      id: entry.id,
      amountRial: entry.amountRial,
      reason: entry.reason,
      description: entry.description,
      createdAt: entry.createdAt.toISOString(),
    })),
    services,
    audit,
  };
}

/** Who acts, and why when staff must say. */
type StaffAction = Actor & { reason?: string | null | undefined };

async function lockOrder(tx: Transaction, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
  return order;
}

/**
 * Staff cancel a customer's unpaid order: the checkout's own closing (the code's use and the
 * wallet credit spent on it come back), with an audit row, in one transaction.
 */
export async function cancelOrderAsStaff(
  db: Database,
  orderId: string,
  action: StaffAction,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status !== 'pending') {
      throw new AppError('CONFLICT', 'فقط سفارش در انتظار پرداخت لغو می‌شود');
    }
    await closeOrder(tx, order, 'cancelled', now);
    await writeAudit(tx, {
      actorId: action.id,
      action: 'order.cancel',
      entityType: 'order',
      entityId: order.id,
      before: { status: order.status, walletAppliedRial: order.walletAppliedRial },
      after: { status: 'cancelled', closedAt: now, walletReturnedRial: order.walletAppliedRial },
      reason: action.reason ?? null,
      ipAddress: action.ipAddress,
    });
  });
}

/**
 * Staff refund a paid order to the customer's wallet, with a credit note (issue 21):
 * - all that is left (no amount, or the amount left): everything paid for it and not yet
 *   refunded becomes wallet credit, one ledger row with reason `refund`; the order becomes
 *   `refunded` and gives its discount code's use back, as a cancelled order does; every service
 *   it created is cancelled; a service it renewed is not cancelled (the person paid for the
 *   earlier periods too): its expiry moves back by the cycle the renewal added, and it is
 *   `expired` if that is now past;
 * - a part: that much becomes wallet credit and the order stays paid with its services.
 * The order row is locked first, so a second refund waits and then sees what the first did.
 */
export async function refundOrder(
  db: Database,
  orderId: string,
  action: StaffAction & { reason: string; amountRial?: number | undefined },
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'refunded') {
      throw new AppError('CONFLICT', 'این سفارش پیش‌تر بازپرداخت شده است');
    }
    if (order.status !== 'paid') {
      throw new AppError('CONFLICT', 'فقط سفارش پرداخت‌شده بازپرداخت می‌شود');
    }
    const leftRial = refundableRial(order);
    const refundRial = action.amountRial ?? leftRial;
    if (refundRial > leftRial) {
      const message = `مبلغ بازپرداخت از باقی‌ماندهٔ پرداختی این سفارش (${formatAmount(leftRial)} ریال) بیشتر است`;
      throw new AppError('VALIDATION', message, { fields: { amountRial: message } });
    }
    const whole = refundRial === leftRial;
    await creditOrderToWallet(tx, order, {
      amountRial: refundRial,
      reason: action.reason,
      description: `${whole ? 'بازپرداخت' : 'بازپرداخت بخشی از'} سفارش ${toPersianDigits(order.number)}`,
      at: now,
    });
    if (whole) {
      await tx
        .update(orders)
        .set({ status: 'refunded', refundedAt: now })
        .where(eq(orders.id, order.id));
    }
    if (!whole) {
      await writeAudit(tx, {
        actorId: action.id,
        action: 'order.partial-refund',
        entityType: 'order',
        entityId: order.id,
        before: { refundedRial: order.refundedRial },
        after: { refundedRial: order.refundedRial + refundRial, refundedToWalletRial: refundRial },
        reason: action.reason,
        ipAddress: action.ipAddress,
      });
      return;
    }
    if (order.discountCodeId) {
      await tx
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} - 1` })
        .where(and(eq(discountCodes.id, order.discountCodeId), gt(discountCodes.usedCount, 0)));
    }
    // The services the order started, renewed or moved go back, and say what they did.
    const reports = await emit(tx, orderRefunded, await refundedOf(tx, order, now));
    const cancelled = reports.flatMap((report) => report?.cancelledServiceIds ?? []);
    const shortened = reports.flatMap((report) => report?.shortened ?? []);
    const reverted = reports.flatMap((report) => report?.planRevertedServiceIds ?? []);
    await writeAudit(tx, {
      actorId: action.id,
      action: 'order.refund',
      entityType: 'order',
      entityId: order.id,
      before: {
        status: order.status,
        walletAppliedRial: order.walletAppliedRial,
        gatewayPaidRial: order.gatewayPaidRial,
        refundedRial: order.refundedRial,
        services: shortened.map((service) => ({ id: service.id, expiresAt: service.before })),
      },
      after: {
        status: 'refunded',
        refundedAt: now,
        refundedToWalletRial: refundRial,
        cancelledServiceIds: cancelled,
        ...(reverted.length > 0 ? { planRevertedServiceIds: reverted } : {}),
        services: shortened.map((service) => ({
          id: service.id,
          expiresAt: service.after,
          status: service.status,
        })),
      },
      reason: action.reason,
      ipAddress: action.ipAddress,
    });
  });
}

/** What a whole refund's subscribers hear: the order's renewal and plan-change lines. */
async function refundedOf(tx: Transaction, order: OrderRow, now: Date): Promise<OrderRefunded> {
  const lines = await tx
    .select({
      productId: orderLines.productId,
      cycle: orderLines.cycle,
      renewsServiceId: orderLines.renewsServiceId,
      changesServiceId: orderLines.changesServiceId,
      planChange: orderLines.planChange,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return {
    order: { id: order.id, userId: order.userId, number: order.number },
    renewals: lines.flatMap((line) =>
      line.renewsServiceId ? [{ serviceId: line.renewsServiceId, cycle: line.cycle }] : [],
    ),
    planChanges: lines.flatMap((line) =>
      line.changesServiceId && line.planChange
        ? [{ serviceId: line.changesServiceId, productId: line.productId, record: line.planChange }]
        : [],
    ),
    now,
  };
}
