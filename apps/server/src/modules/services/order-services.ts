import { BILLING_CYCLE_MONTHS, type BillingCycle } from '@vitrin/contracts';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { jobQueueExists } from '../../lib/job-queue';
import { moveService, recordServiceEvent, statusByExpiry } from './lifecycle';
import { queueProvisioning } from './provisioning';
import { addMonths } from './renewals';
import { productProvisioning, type ServiceStatus, services } from './schema';
import { queueServiceNotice } from './service-notices';

// What an order does to services (issues 5, 8 and 20): a paid order's new lines become services
// (queued for provisioning when their product is delivered by a panel), a refund cancels them
// and takes back the periods its renewal lines added. The orders module
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

/**
 * Each line becomes a service. A product mapped to a server group (product_provisioning) is
 * delivered by the panel: its service runs from `now` to `now` + its cycle, waits as pending and
 * its provisioning job is queued in this same transaction. Any other is delivered by hand (issue
 * 35): it waits for staff as awaiting-delivery, with no term until they deliver it, and its
 * owner is told so.
 */
export async function startPurchasedServices(
  tx: Transaction,
  order: { id: string; userId: string },
  lines: readonly PurchasedLine[],
  now: Date,
): Promise<void> {
  if (lines.length === 0) return;
  // Decided by the insert itself: one statement fewer per paid order (issue 24).
  const byPanel = (line: PurchasedLine) =>
    sql`exists (select 1 from ${productProvisioning} where ${productProvisioning.productId} = ${line.productId}::uuid)`;
  const created = await tx
    .insert(services)
    .values(
      lines.map((line) => ({
        userId: order.userId,
        name: line.domainName ? `${line.productName} (${line.domainName})` : line.productName,
        status: sql<ServiceStatus>`case when ${byPanel(line)} then 'pending' else 'awaiting-delivery' end`,
        productId: line.productId,
        orderId: order.id,
        orderLineId: line.id,
        cycle: line.cycle,
        themeId: line.themeId,
        domainName: line.domainName,
        startsAt: sql<Date | null>`case when ${byPanel(line)} then ${now.toISOString()}::timestamptz end`,
        expiresAt: sql<Date | null>`case when ${byPanel(line)} then ${addMonths(now, BILLING_CYCLE_MONTHS[line.cycle]).toISOString()}::timestamptz end`,
        createdAt: now,
        statusChangedAt: now,
      })),
    )
    .returning({ id: services.id, status: services.status });
  for (const service of created) {
    const pending = service.status === 'pending';
    await recordServiceEvent(
      tx,
      service.id,
      {
        kind: 'created',
        actor: 'customer',
        actorId: order.userId,
        message: pending
          ? 'پرداخت شد؛ سرویس در صف راه‌اندازی خودکار است'
          : 'پرداخت شد؛ کارشناسان ما سرویس را تحویل می‌دهند و دورهٔ آن از روز تحویل آغاز می‌شود',
        toStatus: service.status,
      },
      now,
    );
    if (pending) await queueProvisioning(tx, service.id);
    else if (await jobQueueExists(tx)) {
      await queueServiceNotice(tx, service, 'awaiting-delivery', now);
    }
  }
}

/**
 * Cancels every service an order created that is not over yet (a refund); those with a panel
 * account have it removed by the panel-action job. Answers their ids.
 */
export async function cancelOrderServices(
  tx: Transaction,
  orderId: string,
  now: Date = new Date(),
): Promise<Array<{ id: string }>> {
  const rows = await tx
    .select()
    .from(services)
    .where(
      and(eq(services.orderId, orderId), notInArray(services.status, ['cancelled', 'terminated'])),
    )
    .orderBy(asc(services.id))
    .for('update');
  for (const service of rows) {
    await moveService(
      tx,
      service,
      'cancelled',
      { kind: 'refund', actor: 'staff', message: 'سفارش بازپرداخت شد و سرویس لغو شد' },
      now,
    );
  }
  return rows.map((row) => ({ id: row.id }));
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
    await moveService(
      tx,
      service,
      status,
      { kind: 'refund', actor: 'staff', message: 'تمدید بازپرداخت شد و دورهٔ آن از سرویس کم شد' },
      now,
      { expiresAt: after },
    );
    changes.push({ id: service.id, before: service.expiresAt, after, status });
  }
  return changes;
}
