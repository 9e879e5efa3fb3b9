import {
  type CallResult,
  type getOrderSuccessfulPayments,
  type getUserOrders,
  MANUAL_METHODS,
  ORDER_STATUSES,
  type OrderStatus,
} from '@vitrin/contracts';
import { and, asc, desc, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { timestampText } from '../../lib/list-total';
import {
  afterCursor,
  countByStatus,
  type NewestFirst,
  nextCursorOf,
  pageOffset,
  statusPage,
  withStatus,
} from '../../lib/status-page';
import { walletTransactionsView } from '../wallet';
import { payableOf } from './orders.service';
import { orderLines, orders, payments } from './schema';

type OrderList = CallResult<typeof getUserOrders>;
type SuccessfulPayments = CallResult<typeof getOrderSuccessfulPayments>;
type SuccessfulPayment = SuccessfulPayments['items'][number];

const newestOrders: NewestFirst = { time: orders.createdAt, key: orders.number, keyForm: 'number' };

/**
 * A page of this user's orders, newest first, optionally of one status, with counts per status:
 * from `page`, or after the cursor `after` (decision 0033), through `orders_user_idx`.
 */
export async function listUserOrders(
  db: Database,
  userId: string,
  query: {
    status?: OrderStatus | undefined;
    page: number;
    pageSize: number;
    after?: string | undefined;
  },
): Promise<OrderList> {
  const own = eq(orders.userId, userId);
  const after = afterCursor(newestOrders, query.after);
  const [rows, counts] = await Promise.all([
    db
      .select({ ...getTableColumns(orders), createdAtText: timestampText(orders.createdAt) })
      .from(orders)
      .where(and(withStatus(own, orders.status, query.status), after))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    countByStatus(db, orders.status, ORDER_STATUSES, own),
  ]);
  const lines =
    rows.length === 0
      ? []
      : await db
          .select({
            orderId: orderLines.orderId,
            productName: orderLines.productName,
            renewsServiceId: orderLines.renewsServiceId,
          })
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              rows.map((order) => order.id),
            ),
          )
          .orderBy(asc(orderLines.position));
  const pendingIds = rows.filter((order) => order.status === 'pending').map((order) => order.id);
  const claimed =
    pendingIds.length === 0
      ? []
      : await db
          .selectDistinct({ orderId: payments.orderId })
          .from(payments)
          .where(
            and(
              inArray(payments.orderId, pendingIds),
              inArray(payments.gateway, [...MANUAL_METHODS]),
              eq(payments.status, 'pending'),
            ),
          );
  return statusPage(
    rows.map((order) => {
      const own = lines.filter((line) => line.orderId === order.id);
      return {
        id: order.id,
        number: order.number,
        status: order.status,
        totalRial: order.totalRial,
        payableRial: payableOf(order),
        lineCount: own.length,
        firstLineName: own[0]?.productName ?? '',
        hasRenewal: own.some((line) => line.renewsServiceId !== null),
        createdAt: order.createdAt.toISOString(),
        expiresAt: order.expiresAt.toISOString(),
        awaitingConfirmation: claimed.some((claim) => claim.orderId === order.id),
        paidAt: order.paidAt?.toISOString() ?? null,
      };
    }),
    counts,
    query,
    nextCursorOf(rows, query.pageSize, (order) => ({ at: order.createdAtText, key: order.number })),
  );
}

/**
 * The money that counts toward one of this user's orders now, oldest first: gateway payments
 * the order took (not those credited to the wallet because the order had closed), and wallet
 * credit spent on it less what was given back. A cancelled or expired order had its credit
 * given back, so it shows nothing. Another person's order is NOT_FOUND, like a missing one.
 */
export async function listSuccessfulPayments(
  db: Database,
  userId: string,
  orderId: string,
): Promise<SuccessfulPayments> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new AppError('NOT_FOUND', 'این سفارش پیدا نشد');
  const [gatewayRows, ledgerRows] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.status, 'paid'),
          eq(payments.creditedToWallet, false),
        ),
      ),
    db
      .select()
      .from(walletTransactionsView)
      .where(
        and(
          eq(walletTransactionsView.orderId, order.id),
          eq(walletTransactionsView.userId, userId),
          // A gateway payment credited to the wallet has its own row (payment_id set): not a
          // spend on the order.
          isNull(walletTransactionsView.paymentId),
          inArray(walletTransactionsView.reason, ['order-payment', 'refund']),
        ),
      )
      .orderBy(asc(walletTransactionsView.createdAt), asc(walletTransactionsView.id)),
  ]);
  const items: SuccessfulPayment[] = [
    ...gatewayRows.map((payment) => ({
      id: payment.id,
      method: 'gateway' as const,
      gateway: payment.gateway,
      amountRial: payment.amountRial,
      referenceId: payment.referenceId,
      cardPan: payment.cardPan,
      paidAt: (payment.settledAt ?? payment.createdAt).toISOString(),
    })),
    ...walletSpendsLeft(ledgerRows).map((spend) => ({
      id: spend.id,
      method: 'wallet' as const,
      gateway: null,
      amountRial: spend.amountRial,
      referenceId: null,
      cardPan: null,
      paidAt: spend.createdAt.toISOString(),
    })),
  ].sort((a, b) => Date.parse(a.paidAt) - Date.parse(b.paidAt));
  return { items, totalPaidRial: items.reduce((sum, item) => sum + item.amountRial, 0) };
}

/** Wallet spends on an order net of the credit given back: the latest spends are undone first. */
function walletSpendsLeft(
  rows: ReadonlyArray<{ id: string; amountRial: number; createdAt: Date }>,
): Array<{ id: string; amountRial: number; createdAt: Date }> {
  let givenBack = rows.reduce((sum, row) => sum + Math.max(row.amountRial, 0), 0);
  const spends = rows
    .filter((row) => row.amountRial < 0)
    .map((row) => ({ id: row.id, amountRial: -row.amountRial, createdAt: row.createdAt }));
  for (let index = spends.length - 1; index >= 0 && givenBack > 0; index -= 1) {
    const spend = spends[index];
    if (!spend) continue;
    const undone = Math.min(spend.amountRial, givenBack);
    spend.amountRial -= undone;
    givenBack -= undone;
  }
  return spends.filter((spend) => spend.amountRial > 0);
}
