import { type AdminOrderDetail, BILLING_CYCLE_MONTHS } from '@vitrin/contracts';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { jobQueueExists } from '../../lib/job-queue';
import {
  type OrderPaid,
  type OrderPaidReport,
  type OrderRefunded,
  type OrderRefundReport,
  orderLinesView,
  type PurchasedLine,
  type RenewalLine,
} from '../orders';
import { moveService, recordServiceEvent, statusByExpiry } from './lifecycle';
import { applyPaidPlanChange, revertPlanChanges } from './plan-change';
import { queueProvisioning } from './provisioning';
import { addMonths, extendRenewedService } from './renewals';
import { productProvisioning, type ServiceStatus, services } from './schema';
import { queueServiceNotice } from './service-notices';

// What an order does to services (issues 5, 8 and 20): a paid order's new lines become services
// (queued for provisioning when their product is delivered by a panel), its renewal lines extend
// theirs and its upgrade is applied; a refund cancels them, takes back the periods its renewal
// lines added and reverts its upgrade. The orders module announces the payment and the refund
// (orders/events.ts) and this module reacts inside the same transaction (reactions.ts); only this
// module writes the services table.

/**
 * A paid order, as it was handled when orders called us directly: its new services first, then
 * each renewal, then each plan change (an upgrade's order holds nothing else). Reports the plan
 * changes it could not apply, which orders credits back to the wallet.
 */
export async function startPaidOrder(tx: Transaction, paid: OrderPaid): Promise<OrderPaidReport> {
  await startPurchasedServices(tx, paid.order, paid.purchases, paid.now);
  for (const renewal of paid.renewals) {
    await extendRenewedService(tx, paid.order, renewal, paid.now);
  }
  const planChangesNotApplied: string[] = [];
  for (const change of paid.planChanges) {
    const applied = await applyPaidPlanChange(tx, paid.order, change, paid.now);
    if (!applied) planChangesNotApplied.push(change.lineId);
  }
  return { planChangesNotApplied };
}

/**
 * A refunded order's services go back: those it created are cancelled, the periods its renewals
 * added are taken off, its upgrade is reverted. Reports each, for the refund's audit row.
 */
export async function takeBackRefundedOrder(
  tx: Transaction,
  refund: OrderRefunded,
): Promise<OrderRefundReport> {
  // Dated by the refund, as its renewals and plan changes are.
  const cancelled = await cancelOrderServices(tx, refund.order.id, refund.now);
  const shortened = await takeBackRenewals(tx, refund.renewals, refund.now);
  const planRevertedServiceIds = await revertPlanChanges(tx, refund.planChanges, refund.now);
  return {
    cancelledServiceIds: cancelled.map((service) => service.id),
    shortened,
    planRevertedServiceIds,
  };
}

/** The services an order created, renewed or moved to a plan, for the staff's order detail. */
export async function orderServicesView(
  db: Database,
  orderId: string,
): Promise<AdminOrderDetail['services']> {
  const [created, renewed, planChanged] = await Promise.all([
    db.select().from(services).where(eq(services.orderId, orderId)),
    db
      .select({ service: services })
      .from(orderLinesView)
      .innerJoin(services, eq(services.id, orderLinesView.renewsServiceId))
      .where(eq(orderLinesView.orderId, orderId)),
    db
      .select({ service: services })
      .from(orderLinesView)
      .innerJoin(services, eq(services.id, orderLinesView.changesServiceId))
      .where(eq(orderLinesView.orderId, orderId)),
  ]);
  const view = (
    service: typeof services.$inferSelect,
    relation: 'created' | 'renewed' | 'plan-changed',
  ) => ({
    id: service.id,
    name: service.name,
    status: service.status,
    relation,
    expiresAt: service.expiresAt?.toISOString() ?? null,
  });
  return [
    ...created.map((service) => view(service, 'created')),
    ...renewed.map(({ service }) => view(service, 'renewed')),
    ...planChanged.map(({ service }) => view(service, 'plan-changed')),
  ];
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
export async function takeBackRenewals(tx: Transaction, lines: readonly RenewalLine[], now: Date) {
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
