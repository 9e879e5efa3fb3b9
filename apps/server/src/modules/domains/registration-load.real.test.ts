import 'reflect-metadata';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { seedDemoData } from '../../demo/seed';
import { FakeEppServer } from '../../providers/registrar/fake-epp-server';
import {
  domainEvents,
  domains,
  domainTlds,
  registrarAccounts,
  walletTransactions,
} from '../../schema';
import { ok } from '../../test/api-kit';
import { selfSignedCertificate } from '../../test/self-signed';
import { createTestDatabase } from '../../test/test-app';
import { createCustomer, grantCredit, useWallet } from '../orders/checkout-test-kit';
import { checkoutInvariantViolations } from '../orders/invariants';
import { sealRegistrarCredentials } from './registrars';

// Registration under load on a real PostgreSQL (issue 38's proof): two nodes on one database,
// 200 domain orders paid at once, an EPP registry over TLS where 30% of commands fail (the
// connection dropped before the command acted, or after it acted and before we heard), and
// every job consumer of both nodes draining at once. Every domain must end active, registered
// exactly once at the registry, each order charged exactly once and nothing refunded.

const ORDERS = 200;
const FAILURE_RATE = 0.3;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: FastifyInstance;
let b: FastifyInstance;
let registry: FakeEppServer;

const HOLDER = {
  kind: 'person',
  name: 'Load Tester',
  nationalCode: '0012345679',
  email: 'load@example.com',
  phone: '09120000000',
  street: 'No. 1, Test St.',
  city: 'Tehran',
  province: 'Tehran',
  postalCode: '1458765432',
  countryCode: 'IR',
} as const;

beforeAll(async () => {
  database = await createTestDatabase();
  const pair = await selfSignedCertificate();
  registry = new FakeEppServer({
    ...pair,
    clientId: 'vitrin-load',
    password: 'load-secret-1',
    seed: 38,
  });
  const { host, port } = await registry.start();
  const config = testConfig({ databaseUrl: database.url, seedDemoData: true });
  a = await buildApp(config, { seed: seedDemoData });
  await a.ready();
  b = await buildApp(config, { seed: seedDemoData });
  await b.ready();
  const [account] = await a.db
    .insert(registrarAccounts)
    .values({
      name: 'epp-load',
      kind: 'epp',
      endpoint: `${host}:${port}`,
      credentials: sealRegistrarCredentials(a.secrets, 'epp', {
        clientId: 'vitrin-load',
        password: 'load-secret-1',
        ca: pair.cert,
      }),
      defaultNameservers: ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'],
    })
    .returning({ id: registrarAccounts.id });
  await a.db
    .update(domainTlds)
    .set({ registrarAccountId: account?.id })
    .where(eq(domainTlds.tld, 'net'));
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await registry?.stop();
  await database?.drop();
});

test(`${ORDERS} domain orders paid at once with ${FAILURE_RATE * 100}% of registry commands failing: each registered once, charged once`, async () => {
  const buyers = await Promise.all(
    Array.from({ length: ORDERS }, async (_, index) => {
      const node = index % 2 === 0 ? a : b;
      const customer = await createCustomer(node);
      await ok(node, '/api/user/domains/save-contact', HOLDER, customer.token);
      const name = `load-${process.pid}-${index}.net`;
      await ok(
        node,
        '/api/cart/add-domain-to-cart',
        { name, action: 'register', years: 1 },
        customer.token,
      );
      const order = await ok(node, '/api/cart/submit-order', {}, customer.token);
      await grantCredit(node.db, customer.id, order.totalRial);
      return { node, customer, order, name };
    }),
  );
  registry.failRate = FAILURE_RATE;
  registry.faultMode = 'either';
  await Promise.all(buyers.map(({ node, customer, order }) => useWallet(node, customer, order.id)));

  const started = performance.now();
  for (let round = 0; round < 60; round += 1) {
    const reports = await Promise.all(
      [a, a, b, b].map((node) => node.jobs.drain(undefined, { includeDelayed: true })),
    );
    if (reports.every((report) => report.completed + report.failed === 0)) break;
  }
  const seconds = (performance.now() - started) / 1000;
  registry.failRate = 0;

  const rows = await a.db
    .select({ status: domains.status, ascii: domains.ascii })
    .from(domains)
    .where(
      inArray(
        domains.ascii,
        buyers.map(({ name }) => name),
      ),
    );
  expect(rows).toHaveLength(ORDERS);
  // A domain left behind is shown with its timeline: what the registry answered each time.
  const stuck = await Promise.all(
    rows
      .filter((row) => row.status !== 'active')
      .map(async (row) => {
        const [domain] = await a.db.select().from(domains).where(eq(domains.ascii, row.ascii));
        const events = await a.db
          .select({ kind: domainEvents.kind, registry: domainEvents.registry })
          .from(domainEvents)
          .where(eq(domainEvents.domainId, domain?.id ?? ''));
        return { ...row, events };
      }),
  );
  expect(stuck).toEqual([]);
  // At the registry: each name once, ours.
  for (const { name } of buyers) expect(registry.domain(name)?.sponsor).toBe('vitrin-load');
  // Each order paid once from the wallet, nothing refunded.
  const ledger = await a.db
    .select({ reason: walletTransactions.reason, orderId: walletTransactions.orderId })
    .from(walletTransactions)
    .where(
      and(
        inArray(
          walletTransactions.orderId,
          buyers.map(({ order }) => order.id),
        ),
      ),
    );
  expect(ledger.filter((row) => row.reason === 'refund')).toEqual([]);
  for (const { order } of buyers) {
    expect(
      ledger.filter((row) => row.orderId === order.id && row.reason === 'order-payment'),
    ).toHaveLength(1);
  }
  expect(await checkoutInvariantViolations(a.db)).toEqual([]);
  const creates = registry.log.filter(
    (entry) => entry.command === 'create' && entry.object === 'domain',
  );
  console.log(
    `registration load: ${ORDERS} domains active in ${seconds.toFixed(1)} s of draining; ${creates.length} domain creates for ${ORDERS} names (retries after a lost answer end in adoption); dropped before acting ${registry.drops.beforeActing}, after acting ${registry.drops.afterActing}`,
  );
}, 600_000);
