import { MANUAL_DELIVERY_ALERT_HOURS, type WaitingWorkKind } from '@vitrin/contracts';
import { eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { waitingWorkColumns } from '../../lib/waiting-work-columns';
import {
  panelServers,
  productManualDelivery,
  productProvisioning,
  serviceEvents,
  services,
} from './schema';

// What waits for staff in this module (issue 35), for the console's menu and dashboard and the
// admins' alerts: setups a job gave up on, products to deliver by hand (and those past their
// product's time), and server groups that sell products but have no server switched on.

export interface ServiceWork {
  needsAttention: number;
  awaitingDelivery: number;
  overdueDeliveries: number;
  /** Groups that products are mapped to with no enabled server: paid plans there go nowhere. */
  serverGroupsDown: string[];
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The counts as of `now`: two statements, each over an index (services_lifecycle_idx). */
export async function countServiceWork(db: Database, now: Date = new Date()): Promise<ServiceWork> {
  const hours = sql`coalesce(${productManualDelivery.alertAfterHours}, ${MANUAL_DELIVERY_ALERT_HOURS})`;
  const [counts] = await db
    .select({
      needsAttention: sql<number>`count(*) filter (where ${services.status} = 'needs-attention')::int`,
      awaitingDelivery: sql<number>`count(*) filter (where ${services.status} = 'awaiting-delivery')::int`,
      overdueDeliveries: sql<number>`count(*) filter (where ${services.status} = 'awaiting-delivery' and ${services.statusChangedAt} + make_interval(hours => ${hours}) <= ${now.toISOString()}::timestamptz)::int`,
    })
    .from(services)
    .leftJoin(productManualDelivery, eq(productManualDelivery.productId, services.productId))
    .where(sql`${services.status} in ('needs-attention', 'awaiting-delivery')`);
  const down = rowsOf<{ group: string }>(
    await db.execute(sql`
      select distinct ${productProvisioning.groupName} as "group"
      from ${productProvisioning}
      where not exists (
        select 1 from ${panelServers}
        where ${panelServers.groupName} = ${productProvisioning.groupName} and ${panelServers.enabled}
      )
      order by 1`),
  );
  return {
    needsAttention: counts?.needsAttention ?? 0,
    awaitingDelivery: counts?.awaitingDelivery ?? 0,
    overdueDeliveries: counts?.overdueDeliveries ?? 0,
    serverGroupsDown: down.map((row) => row.group),
  };
}

const deliveryHours = sql<number>`coalesce(${productManualDelivery.alertAfterHours}, ${MANUAL_DELIVERY_ALERT_HOURS})`;

const waitingKind = sql<WaitingWorkKind>`case when ${services.status} = 'needs-attention'
  then 'service-setup' else 'service-delivery' end`;

/** Why it waits: the failure the job handed it over with, or the delivery's time run out. */
const waitingReason = sql<string | null>`case when ${services.status} = 'needs-attention' then (
    select e.message from ${serviceEvents} e
    where e.service_id = ${services.id} and e.to_status = 'needs-attention'
    order by e.created_at desc limit 1)
  else 'مهلت تحویل دستی این محصول (' ||
    translate(${deliveryHours}::text, '0123456789', '۰۱۲۳۴۵۶۷۸۹') ||
    ' ساعت) گذشته و هنوز تحویل نشده است' end`;

/** Handed over by the setup job, or delivered by hand and past its product's time by now. */
const waitsForStaff = sql`(${services.status} = 'needs-attention' or (
  ${services.status} = 'awaiting-delivery'
  and ${services.statusChangedAt} + make_interval(hours => ${deliveryHours}) <= now()))`;

/**
 * The services that wait for a person because automation gave up (issue 38), as a view for the
 * staff's one queue of services and domains (decision 0036: read through the owner): a setup
 * the panel job handed over, with the failure that made it hand over, and a product delivered by
 * hand past its product's time (as of the statement's clock), since it was paid.
 */
export const servicesWaitingForStaff = new QueryBuilder()
  .select(
    waitingWorkColumns(
      waitingKind,
      { id: services.id, userId: services.userId, subject: services.name },
      sql<Date>`${services.statusChangedAt}`.mapWith(services.statusChangedAt),
      waitingReason,
    ),
  )
  .from(services)
  // The join also names the select's columns by their table, which the subquery above needs.
  .leftJoin(productManualDelivery, eq(productManualDelivery.productId, services.productId))
  .where(waitsForStaff)
  .as('services_waiting_for_staff');
