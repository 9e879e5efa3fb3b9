import { BILLING_CYCLE_MONTHS, type BillingCycle } from '@vitrin/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { statusByExpiry } from './lifecycle';
import { addMonths } from './renewals';
import { services } from './schema';

// What an order does to services (issues 5 and 8): a paid order's new lines become services, a
// refund cancels them and takes back the periods its renewal lines added. The orders module
// calls these inside its own transaction; only this module writes the services table.

/** A paid order's line that buys something new. */
export interface PurchasedLine {
  id: string;
  productId: string | null;
  productName: string;
  domainName: string | null;
  themeId: string | null;
  cycle: BillingCycle;
}

/** Each line becomes an active service from `now` to `now` + its cycle. */
export async function startPurchasedServices(
  tx: Transaction,
  order: { id: string; userId: string },
  lines: readonly PurchasedLine[],
  now: Date,
): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(services).values(
    lines.map((line) => ({
      userId: order.userId,
      name: line.domainName ? `${line.productName} (${line.domainName})` : line.productName,
      status: 'active' as const,
      productId: line.productId,
      orderId: order.id,
      orderLineId: line.id,
      cycle: line.cycle,
      themeId: line.themeId,
      domainName: line.domainName,
      startsAt: now,
      expiresAt: addMonths(now, BILLING_CYCLE_MONTHS[line.cycle]),
      createdAt: now,
    })),
  );
}

/** Cancels every service an order created that is not cancelled yet; answers their ids. */
export async function cancelOrderServices(
  tx: Transaction,
  orderId: string,
): Promise<Array<{ id: string }>> {
  return tx
    .update(services)
    .set({ status: 'cancelled' })
    .where(and(eq(services.orderId, orderId), sql`${services.status} <> 'cancelled'`))
    .returning({ id: services.id });
}

/** Takes back the periods renewal lines added to their services (a refund). */
export async function takeBackRenewals(
  tx: Transaction,
  lines: ReadonlyArray<{ serviceId: string; cycle: BillingCycle }>,
  now: Date,
) {
  const serviceIds = lines.map((line) => line.serviceId);
  if (serviceIds.length === 0) return [];
  const rows = await tx
    .select()
    .from(services)
    .where(inArray(services.id, serviceIds))
    .orderBy(asc(services.id))
    .for('update');
  const changes: Array<{ id: string; before: Date | null; after: Date | null; status: string }> =
    [];
  for (const service of rows) {
    const months = lines
      .filter((line) => line.serviceId === service.id)
      .reduce((sum, line) => sum + BILLING_CYCLE_MONTHS[line.cycle], 0);
    const after = service.expiresAt ? addMonths(service.expiresAt, -months) : null;
    // Shortened, an active service may have run out; nothing else changes status here.
    const status = service.status === 'active' ? statusByExpiry(after, now) : service.status;
    await tx.update(services).set({ expiresAt: after, status }).where(eq(services.id, service.id));
    changes.push({ id: service.id, before: service.expiresAt, after, status });
  }
  return changes;
}
