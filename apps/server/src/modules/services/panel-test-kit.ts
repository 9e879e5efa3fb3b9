import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orderLines, services } from '../../schema';
import { createStaff } from '../../test/staff-kit';
import {
  type Customer,
  grantCredit,
  type LineWanted,
  submitCart,
  useWallet,
} from '../orders/checkout-test-kit';
import { deliverService } from './manual-delivery';

// Shared by the panel's test files: customers who own services bought through the real
// checkout, and the service rows the panel answers about.

export const DAY_MS = 24 * 3_600_000;

export type ServiceRow = typeof services.$inferSelect;

/** Buys `lines` with wallet credit granted for the purpose; answers the services made. */
export async function buyServices(
  app: FastifyInstance,
  customer: Customer,
  lines: readonly LineWanted[],
): Promise<ServiceRow[]> {
  const order = await submitCart(app, customer, lines);
  await grantCredit(app.db, customer.id, order.totalRial);
  await useWallet(app, customer, order.id);
  // Plans delivered by a panel (the demo maps them to the sandbox panel) are set up by the
  // provisioning job: run it, as a worker would, so the services are what was bought.
  await app.jobs.drain();
  // In the order's line order, so callers can destructure.
  const made = await app.db
    .select({ service: services })
    .from(services)
    .innerJoin(orderLines, eq(orderLines.id, services.orderLineId))
    .where(eq(services.orderId, order.id))
    .orderBy(asc(orderLines.position));
  if (made.length !== lines.length)
    throw new Error(`order ${order.id} made ${made.length} services`);
  return made.map((row) => row.service);
}

let deliverer: { id: string } | null = null;

/**
 * Staff deliver a service sold by hand (issue 35), as from the console's delivery queue: its
 * term starts now. A service a panel delivered is answered as it is. Answers the service.
 */
export async function deliverByHand(
  app: FastifyInstance,
  service: ServiceRow,
): Promise<ServiceRow> {
  if (service.status !== 'awaiting-delivery') return service;
  deliverer ??= await createStaff(app, 'admin');
  await deliverService(
    { db: app.db, secrets: app.secrets },
    { id: deliverer.id, ipAddress: null },
    {
      serviceId: service.id,
      details: [{ label: 'نشانی', value: 'delivered.example', secret: false }],
    },
  );
  return serviceRow(app, service.id);
}

/** Buys one line; answers its service. */
export async function buyService(
  app: FastifyInstance,
  customer: Customer,
  line: LineWanted,
): Promise<ServiceRow> {
  const [service] = await buyServices(app, customer, [line]);
  if (!service) throw new Error('no service made');
  return service;
}

/** What staff will do from the console (issue 8): change a service's state or expiry. */
export async function setService(
  app: FastifyInstance,
  serviceId: string,
  change: Partial<Pick<ServiceRow, 'status' | 'expiresAt' | 'cycle'>>,
): Promise<ServiceRow> {
  const [row] = await app.db
    .update(services)
    .set(change)
    .where(eq(services.id, serviceId))
    .returning();
  if (!row) throw new Error(`no service ${serviceId}`);
  return row;
}

export async function serviceRow(app: FastifyInstance, serviceId: string): Promise<ServiceRow> {
  const [row] = await app.db.select().from(services).where(eq(services.id, serviceId));
  if (!row) throw new Error(`no service ${serviceId}`);
  return row;
}

/** A unique domain per test, so lines never collide. */
let domainCounter = 0;
export function freshDomain(suffix = 'ir'): string {
  domainCounter += 1;
  return `panel-${process.pid}-${domainCounter}.${suffix}`;
}
