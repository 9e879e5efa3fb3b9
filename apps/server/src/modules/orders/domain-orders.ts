import { ORDER_EXPIRY_HOURS, vatOf } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { vatRateAt } from '../billing';
import { productGroupsView, productsView } from '../catalog';
import { changeBalance, readBalance } from '../wallet';
import { buyerSnapshot, markOrderPaid } from './orders.service';
import { orderLines, orders } from './schema';

// A domain's automatic renewal (issue 38): the domains module decides a renewal is due and asks
// for its order here, an order of one renewal line at the TLD's price, paid at once from the
// wallet when the wallet holds all of it. Paying it announces orderPaid like any other order.

export interface DomainRenewalOrder {
  productId: string;
  domainName: string;
  years: number;
  /** The TLD's renewal price for the years, before VAT. */
  priceRial: number;
}

/**
 * Places the pending renewal order of a domain, and pays it from the wallet when the balance
 * covers it. Answers the order and whether it was paid. The buyer must have invoice details
 * on file (every customer who bought the domain has).
 */
export async function placeDomainRenewalOrder(
  tx: Transaction,
  userId: string,
  line: DomainRenewalOrder,
  now: Date,
): Promise<{ orderId: string; number: number; paid: boolean }> {
  const snapshot = await buyerSnapshot(tx, userId);
  const [product] = await tx
    .select({
      slug: productsView.slug,
      name: productsView.name,
      vatExempt: productsView.vatExempt,
      groupName: productGroupsView.name,
    })
    .from(productsView)
    .innerJoin(productGroupsView, eq(productGroupsView.id, productsView.groupId))
    .where(eq(productsView.id, line.productId));
  if (!product) throw new Error(`no product ${line.productId} for a domain renewal`);
  const vatRateBp = product.vatExempt ? 0 : await vatRateAt(tx, now);
  const vatRial = vatOf(line.priceRial, vatRateBp);
  const totalRial = line.priceRial + vatRial;
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      subtotalRial: line.priceRial,
      discountRial: 0,
      vatRial,
      totalRial,
      buyer: snapshot,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ORDER_EXPIRY_HOURS * 3_600_000),
    })
    .returning();
  if (!order) throw new Error('order insert returned no row');
  await tx.insert(orderLines).values({
    orderId: order.id,
    position: 1,
    productId: line.productId,
    productSlug: product.slug,
    productName: product.name,
    groupName: product.groupName,
    cycle: 'annual',
    domainName: line.domainName,
    domainAction: 'renew',
    domainYears: line.years,
    priceRial: line.priceRial,
    setupFeeRial: 0,
    themePriceRial: 0,
    discountRial: 0,
    totalRial: line.priceRial,
    vatRateBp,
    vatRial,
  });
  if ((await readBalance(tx, userId)) < totalRial) {
    return { orderId: order.id, number: order.number, paid: false };
  }
  await changeBalance(tx, {
    userId,
    amountRial: -totalRial,
    reason: 'order-payment',
    description: `پرداخت سفارش ${toPersianDigits(order.number)} (تمدید خودکار ${line.domainName})`,
    orderId: order.id,
  });
  const [updated] = await tx
    .update(orders)
    .set({ walletAppliedRial: totalRial })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
    .returning();
  if (!updated) throw new Error('renewal order vanished');
  await markOrderPaid(tx, updated, now);
  return { orderId: order.id, number: order.number, paid: true };
}

/** Whether a pending order already renews this domain name: one renewal order at a time. */
export async function pendingDomainRenewalOrder(
  tx: Transaction,
  userId: string,
  domainName: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'pending'),
        eq(orderLines.domainAction, 'renew'),
        eq(orderLines.domainName, domainName),
        sql`${orders.expiresAt} > now()`,
      ),
    );
  return row?.id ?? null;
}
