import { ORDER_EXPIRY_HOURS, vatOf } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { vatRateAt } from '../billing';
import { productsView } from '../catalog';
import { buyerSnapshot } from './orders.service';
import { cartLines, orderLines, orders, type PlanChangeRecord } from './schema';

// The orders side of a plan change (issue 20, decision 0021): an upgrade is an order of one
// line whose price is the prorated difference, paid like any other; the services module works
// the figure out and applies the change when the order is paid (orders/events.ts, orderPaid).

/** What the services module hands over for an upgrade's order. */
export interface PlanChangeLine {
  serviceId: string;
  product: { id: string; slug: string; name: string; groupName: string };
  cycle: 'monthly' | 'quarterly' | 'semiannual' | 'annual';
  domainName: string | null;
  record: PlanChangeRecord;
}

/**
 * Places the pending order of an upgrade, in the caller's transaction (which holds the service
 * locked). No discount code applies: the figure is a difference, not a price.
 */
export async function placePlanChangeOrder(
  tx: Transaction,
  userId: string,
  line: PlanChangeLine,
  now: Date,
): Promise<string> {
  const snapshot = await buyerSnapshot(tx, userId);
  const amount = line.record.calculation.differenceRial;
  if (amount <= 0) throw new Error(`an upgrade's order must cost something: ${amount}`);
  // VAT on the difference, at the rate in force now, unless the new plan is exempt.
  const [product] = await tx
    .select({ vatExempt: productsView.vatExempt })
    .from(productsView)
    .where(eq(productsView.id, line.product.id));
  const vatRateBp = product?.vatExempt ? 0 : await vatRateAt(tx, now);
  const vatRial = vatOf(amount, vatRateBp);
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      subtotalRial: amount,
      discountRial: 0,
      vatRial,
      totalRial: amount + vatRial,
      buyer: snapshot,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ORDER_EXPIRY_HOURS * 3_600_000),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order insert returned no row');
  await tx.insert(orderLines).values({
    orderId: order.id,
    position: 1,
    productId: line.product.id,
    productSlug: line.product.slug,
    productName: line.product.name,
    groupName: line.product.groupName,
    cycle: line.cycle,
    domainName: line.domainName,
    changesServiceId: line.serviceId,
    planChange: line.record,
    priceRial: amount,
    setupFeeRial: 0,
    themePriceRial: 0,
    discountRial: 0,
    totalRial: amount,
    vatRateBp,
    vatRial,
  });
  return order.id;
}

/** Takes a service's renewal out of its owner's cart: it was priced on the plan just left. */
export async function dropCartRenewals(tx: Transaction, serviceId: string): Promise<void> {
  await tx.delete(cartLines).where(eq(cartLines.renewServiceId, serviceId));
}
