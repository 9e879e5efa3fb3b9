import { vatOf } from '@vitrin/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { issueCreditNote } from '../billing';
import { changeBalance } from '../wallet';
import { orderLines, orders } from './schema';

// Money going back from a paid order to its buyer's wallet (issue 21). Every such credit is one
// ledger row tied to the order, a credit note against the order's invoice for the same amount,
// and the order's refunded_rial raised by it; the money invariants hold all three together.

type OrderRow = typeof orders.$inferSelect;

/** What is left of a paid order's payment that has not gone back yet. */
export function refundableRial(order: OrderRow): number {
  return order.walletAppliedRial + order.gatewayPaidRial - order.refundedRial;
}

/**
 * `amountRial` of a locked paid order back to its buyer's wallet, with its credit note. The
 * caller has checked the amount is no more than `refundableRial(order)`. The order's status is
 * the caller's: a whole refund also sets it.
 */
export async function creditOrderToWallet(
  tx: Transaction,
  order: OrderRow,
  credit: { amountRial: number; reason: string; description: string; at: Date },
): Promise<void> {
  if (credit.amountRial <= 0) return;
  if (credit.amountRial > refundableRial(order)) {
    throw new Error(`credit of ${credit.amountRial} exceeds what is left of order ${order.id}`);
  }
  await changeBalance(tx, {
    userId: order.userId,
    amountRial: credit.amountRial,
    reason: 'refund',
    description: credit.description,
    orderId: order.id,
  });
  await issueCreditNote(tx, order.id, {
    amountRial: credit.amountRial,
    reason: credit.reason,
    at: credit.at,
  });
  await tx
    .update(orders)
    .set({ refundedRial: order.refundedRial + credit.amountRial })
    .where(eq(orders.id, order.id));
}

/** One paid order line that paid for part of a service's current term, newest first. */
export interface TermPayment {
  orderId: string;
  /** The net of this line still to be credited back, at most. */
  netRial: number;
  vatRateBp: number;
}

/** How a credit of an unused term splits over the orders that paid for it. */
interface TermCredit {
  parts: Array<{ order: OrderRow; netRial: number; grossRial: number }>;
  /** Net that no order has left to give: credited with no VAT. */
  untiedRial: number;
  /** All that goes to the wallet. */
  totalRial: number;
}

/** The most net whose gross, at `rateBp`, fits in `grossRial`. */
function netWithin(grossRial: number, rateBp: number): number {
  let net = Math.floor((grossRial * 10_000) / (10_000 + rateBp));
  while (net > 0 && net + vatOf(net, rateBp) > grossRial) net -= 1;
  return net;
}

function splitTermCredit(
  payments: readonly TermPayment[],
  rows: readonly OrderRow[],
  netRial: number,
): TermCredit {
  const parts: TermCredit['parts'] = [];
  let netLeft = netRial;
  for (const payment of payments) {
    if (netLeft <= 0) break;
    const order = rows.find((row) => row.id === payment.orderId);
    // An order refunded whole since has nothing left to give.
    if (order?.status !== 'paid') continue;
    const wanted = Math.min(netLeft, payment.netRial);
    const net = Math.min(wanted, netWithin(refundableRial(order), payment.vatRateBp));
    if (net <= 0) continue;
    parts.push({ order, netRial: net, grossRial: net + vatOf(net, payment.vatRateBp) });
    netLeft -= net;
  }
  const tied = parts.reduce((sum, part) => sum + part.grossRial, 0);
  return { parts, untiedRial: netLeft, totalRial: tied + netLeft };
}

/** The orders that paid the term, locked when `lock` (only inside a transaction). */
async function termOrders(
  db: Database | Transaction,
  payments: readonly TermPayment[],
  lock: boolean,
): Promise<OrderRow[]> {
  if (payments.length === 0) return [];
  const query = db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        payments.map((payment) => payment.orderId),
      ),
    );
  return lock ? query.for('update') : query;
}

/** What a credit of `netRial` of the unused term would come to now, VAT included. */
export async function previewUnusedTermCredit(
  db: Database,
  payments: readonly TermPayment[],
  netRial: number,
): Promise<number> {
  return splitTermCredit(payments, await termOrders(db, payments, false), netRial).totalRial;
}

/**
 * Credits `netRial` of a service's unused term back to the wallet with the VAT that was paid on
 * it: taken from the orders that paid the term, newest first, each at its own line's VAT rate
 * and no more than is left of that order, each with its credit note. What no order paid for
 * (staff made the service, or its orders were refunded already) is credited net with no VAT,
 * untied to an order: no VAT was paid on it. Returns the total credited.
 */
export async function creditUnusedTerm(
  tx: Transaction,
  payments: readonly TermPayment[],
  credit: { userId: string; netRial: number; reason: string; description: string; at: Date },
): Promise<number> {
  const rows = await termOrders(tx, payments, true);
  const split = splitTermCredit(payments, rows, credit.netRial);
  for (const part of split.parts) {
    await creditOrderToWallet(tx, part.order, {
      amountRial: part.grossRial,
      reason: credit.reason,
      description: credit.description,
      at: credit.at,
    });
  }
  if (split.untiedRial > 0) {
    await changeBalance(tx, {
      userId: credit.userId,
      amountRial: split.untiedRial,
      reason: 'refund',
      description: credit.description,
    });
  }
  return split.totalRial;
}

/**
 * What one paid line cost its buyer (its net and VAT) back to the wallet, with its credit note
 * (issue 38: a domain the registry refused). At most what is left of the order's payment: a part
 * already refunded by staff is not paid twice. Answers the amount credited; 0 when the order is
 * not paid or nothing is left.
 */
export async function refundOrderLine(
  tx: Transaction,
  orderLineId: string,
  credit: { reason: string; description: string; at: Date },
): Promise<number> {
  const [line] = await tx
    .select({
      orderId: orderLines.orderId,
      totalRial: orderLines.totalRial,
      vatRial: orderLines.vatRial,
    })
    .from(orderLines)
    .where(eq(orderLines.id, orderLineId));
  if (!line) return 0;
  const [order] = await tx.select().from(orders).where(eq(orders.id, line.orderId)).for('update');
  if (order?.status !== 'paid') return 0;
  const amountRial = Math.min(line.totalRial + line.vatRial, refundableRial(order));
  await creditOrderToWallet(tx, order, { ...credit, amountRial });
  return Math.max(amountRial, 0);
}
