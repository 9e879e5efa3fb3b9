import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { seedDemoData } from '../../demo/seed';
import type { ConsoleSmsSender } from '../../providers/sms/console-sms';
import { cartLines, carts, orders, serviceReminders } from '../../schema';
import { ok, send } from '../../test/api-kit';
import { createTestDatabase } from '../../test/test-app';
import {
  type Customer,
  createCustomer,
  expectBooksBalanced,
  grantCredit,
} from '../orders/checkout-test-kit';
import { buyService, DAY_MS, freshDomain, serviceRow, setService } from './panel-test-kit';
import { sendExpiryReminders } from './reminders.service';
import { addMonths } from './renewals';

// Only a real PostgreSQL runs these at the same time (server-postgres project): two nodes on one
// database, as in production, each with its own SMS sender.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ databaseUrl: database.url, seedDemoData: true });
  a = await buildApp(config, { seed: seedDemoData });
  await a.ready();
  b = await buildApp(config, { seed: seedDemoData });
  await b.ready();
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await database?.drop();
});

/** Every notice either node sent to this person. */
const noticesTo = (who: Customer) =>
  [a, b].flatMap((node) =>
    (node.sms as ConsoleSmsSender).sent.filter(
      // The expiry reminders (the plan's other notices, such as «ready», aside).
      (entry) =>
        entry.to === who.mobile && entry.code === null && entry.text.includes('به پایان می‌رسد'),
    ),
  );

const hosting = () => ({ slug: 'host-linux-5g', cycle: 'monthly' as const, domain: freshDomain() });

async function customersRunningOut(count: number, now: Date, days: number) {
  const made: Array<{ customer: Customer; serviceId: string }> = [];
  for (let index = 0; index < count; index++) {
    const customer = await createCustomer(a);
    const service = await buyService(a, customer, hosting());
    await setService(a, service.id, { expiresAt: new Date(now.getTime() + days * DAY_MS) });
    made.push({ customer, serviceId: service.id });
  }
  return made;
}

test('reminder runs on two nodes at once text each owner once', async () => {
  const now = new Date();
  const owners = await customersRunningOut(8, now, 4);
  // Straight past the job queue's one-at-a-time: the reminder rows alone must keep it to once.
  const runs = await Promise.all(
    [a, b, a, b].map((node) =>
      sendExpiryReminders({ db: node.db, sms: node.sms, log: node.log }, now),
    ),
  );
  // Every SMS sent has its one row, and no row was sent twice (the demo customer's plan that
  // runs out this week is reminded too).
  const rows = await a.db.select().from(serviceReminders);
  expect(runs.reduce((sum, sent) => sum + sent, 0)).toBe(rows.length);
  expect(rows.length).toBeGreaterThanOrEqual(owners.length);
  for (const { customer, serviceId } of owners) {
    expect(noticesTo(customer), customer.mobile).toHaveLength(1);
    const rows = await a.db
      .select()
      .from(serviceReminders)
      .where(eq(serviceReminders.serviceId, serviceId));
    expect(rows.map((row) => row.kind)).toEqual(['expiry-7d']);
  }
});

test('the panel job on two nodes at once: one runs at a time, and each reminder goes once', async () => {
  const now = new Date();
  const owners = await customersRunningOut(5, now, 0.5);
  const ran = await Promise.all([
    a.panelJob.runOnce(now),
    b.panelJob.runOnce(now),
    a.panelJob.runOnce(now),
    b.panelJob.runOnce(now),
  ]);
  expect(ran).toContain(true);
  for (const { customer } of owners) {
    expect(noticesTo(customer)).toHaveLength(1);
    expect(noticesTo(customer)[0]?.text).toMatch(/به پایان می‌رسد/);
  }
});

test('many renew-service calls at once keep one renewal line per service', async () => {
  const customer = await createCustomer(a);
  const service = await buyService(a, customer, hosting());
  const cycles = ['monthly', 'quarterly', 'semiannual', 'annual'] as const;
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, index) =>
      send(
        index % 2 === 0 ? a : b,
        '/api/user/services/renew-service',
        { serviceId: service.id, cycle: cycles[index % cycles.length] },
        customer.token,
      ),
    ),
  );
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
  const lines = await a.db
    .select({ id: cartLines.id })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(eq(carts.userId, customer.id));
  expect(lines).toHaveLength(1);
});

test('a renewal submitted and paid many times at once extends the service once', async () => {
  const customer = await createCustomer(a);
  const service = await buyService(a, customer, hosting());
  await ok(a, '/api/user/services/renew-service', { serviceId: service.id }, customer.token);
  const submits = await Promise.all(
    Array.from({ length: 8 }, (_, index) =>
      send(index % 2 === 0 ? a : b, '/api/cart/submit-order', {}, customer.token),
    ),
  );
  const placed = submits.filter((answer) => answer.statusCode === 200);
  expect(placed).toHaveLength(1);
  const order = placed[0]?.json().data as { id: string; totalRial: number };
  expect(await a.db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(2);
  await grantCredit(a.db, customer.id, order.totalRial * 3);
  const pays = await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      send(
        index % 2 === 0 ? a : b,
        '/api/cart/use-wallet-in-order',
        { orderId: order.id },
        customer.token,
      ),
    ),
  );
  expect(pays.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  const after = await serviceRow(a, service.id);
  expect(after.expiresAt).toEqual(addMonths(service.expiresAt ?? new Date(0), 1));
  await expectBooksBalanced(a.db);
});
