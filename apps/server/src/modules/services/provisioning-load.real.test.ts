import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { seedDemoData } from '../../demo/seed';
import { type FakeWhm, startFakeWhm } from '../../providers/panel/fake-whm';
import type { ConsoleSmsSender } from '../../providers/sms/console-sms';
import { serviceNotices, services } from '../../schema';
import { ok } from '../../test/api-kit';
import { createTestDatabase } from '../../test/test-app';
import { createCustomer, grantCredit, productIdOf, useWallet } from '../orders/checkout-test-kit';

// Provisioning under load on a real PostgreSQL (issue 20's proof): two nodes on one database,
// 200 orders paid at once, a WHM panel where 30% of calls fail, and every job consumer of both
// nodes draining at the same time. Every service must end active, with exactly one account
// each on the panel and exactly one «ready» SMS each.

const ORDERS = 200;
const FAILURE_RATE = 0.3;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: FastifyInstance;
let b: FastifyInstance;
let whm: FakeWhm;

beforeAll(async () => {
  database = await createTestDatabase();
  whm = await startFakeWhm();
  const config = testConfig({ databaseUrl: database.url, seedDemoData: true });
  a = await buildApp(config, { seed: seedDemoData });
  await a.ready();
  b = await buildApp(config, { seed: seedDemoData });
  await b.ready();
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await whm?.close();
  await database?.drop();
});

async function admin(app: FastifyInstance) {
  const { createStaff } = await import('../../test/staff-kit');
  return createStaff(app, 'admin');
}

test(`${ORDERS} orders paid at once with ${FAILURE_RATE * 100}% of panel calls failing: all active, one account each`, async () => {
  const staff = await admin(a);
  await ok(
    a,
    '/api/admin/provisioning/save-panel-server',
    {
      name: 'whm-load',
      kind: 'whm',
      baseUrl: whm.url,
      groupName: 'load',
      capacity: 10_000,
      enabled: true,
      credentials: { username: whm.username, apiToken: whm.apiToken },
    },
    staff.token,
  );
  await ok(
    a,
    '/api/admin/provisioning/save-product-provisioning',
    {
      productId: await productIdOf(a.db, 'host-linux-20g'),
      provisioning: {
        groupName: 'load',
        packageName: 'business',
        graceDays: 7,
        terminateAfterDays: 30,
      },
    },
    staff.token,
  );

  // Customers with carts ready, then every payment at once, half on each node.
  const buyers = await Promise.all(
    Array.from({ length: ORDERS }, async (_, index) => {
      const node = index % 2 === 0 ? a : b;
      const customer = await createCustomer(node);
      await ok(
        node,
        '/api/cart/add-to-cart',
        {
          productId: await productIdOf(node.db, 'host-linux-20g'),
          cycle: 'monthly',
          domainName: `load-${process.pid}-${index}.ir`,
        },
        customer.token,
      );
      const order = await ok(node, '/api/cart/submit-order', {}, customer.token);
      await grantCredit(node.db, customer.id, order.totalRial);
      return { node, customer, order };
    }),
  );
  whm.failRate(FAILURE_RATE, { seed: 20 });
  await Promise.all(buyers.map(({ node, customer, order }) => useWallet(node, customer, order.id)));

  // Four consumers (two per node) until nothing is left to run, retries' delays included.
  const started = performance.now();
  for (let round = 0; round < 40; round += 1) {
    const reports = await Promise.all(
      [a, a, b, b].map((node) => node.jobs.drain(undefined, { includeDelayed: true })),
    );
    if (reports.every((report) => report.completed + report.failed === 0)) break;
  }
  const seconds = (performance.now() - started) / 1000;

  const rows = await a.db
    .select({ status: services.status, domain: services.domainName, id: services.id })
    .from(services)
    .where(
      inArray(
        services.userId,
        buyers.map(({ customer }) => customer.id),
      ),
    );
  expect(rows).toHaveLength(ORDERS);
  expect(rows.filter((row) => row.status !== 'active')).toEqual([]);
  const accounts = whm.accounts();
  const domains = rows.map((row) => row.domain);
  expect(accounts.filter((account) => domains.includes(account.domain))).toHaveLength(ORDERS);
  expect(new Set(accounts.map((account) => account.domain)).size).toBe(accounts.length);
  const failed =
    whm.requests.filter((request) => request.function === 'createacct').length - ORDERS;

  // One «ready» SMS per customer, whichever node sent it.
  const sent = [a, b].flatMap((node) => (node.sms as ConsoleSmsSender).sent);
  for (const { customer } of buyers) {
    expect(
      sent.filter((entry) => entry.to === customer.mobile && entry.text.includes('آماده است')),
    ).toHaveLength(1);
  }
  const notices = await a.db
    .select({ state: serviceNotices.state })
    .from(serviceNotices)
    .where(eq(serviceNotices.kind, 'ready'));
  expect(notices.filter((notice) => notice.state !== 'sent')).toEqual([]);
  console.log(
    `provisioning load: ${ORDERS} services active in ${seconds.toFixed(1)} s of draining; ${failed} createacct calls beyond one per account were retries or adoptions`,
  );
}, 600_000);
