import { MANUAL_DELIVERY_ALERT_HOURS } from '@vitrin/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { panelServers, productManualDelivery, productProvisioning, services } from './schema';

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
