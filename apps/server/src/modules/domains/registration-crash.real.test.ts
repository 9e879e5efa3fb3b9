import 'reflect-metadata';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { seedDemoData } from '../../demo/seed';
import { serverRoot } from '../../paths';
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

// The process dies between the registry's create and our record (issue 38's proof, real
// PostgreSQL): a real server process takes the registration job, the EPP registry makes the
// name and holds its answer, and the process is killed with SIGKILL. A second process finds
// the job stuck, runs it again, is told the name exists, reads it with info, and adopts it:
// one registration at the registry, the domain active, the order charged once.

const REGISTRAR_TIMEOUT_MS = 2_000;
// The test configuration's own key: the child processes open what this process sealed.
const SECRET_KEYS = `test:${Buffer.alloc(32, 7).toString('base64')}`;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let registry: FakeEppServer;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const pair = await selfSignedCertificate();
  registry = new FakeEppServer({ ...pair, clientId: 'vitrin-crash', password: 'crash-secret-1' });
  const { host, port } = await registry.start();
  dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-domain-crash-'));
  // This process only pays and looks: its queue has no workers.
  app = await buildApp(testConfig({ databaseUrl: database.url, seedDemoData: true }), {
    seed: seedDemoData,
  });
  await app.ready();
  const [account] = await app.db
    .insert(registrarAccounts)
    .values({
      name: 'epp-crash',
      kind: 'epp',
      endpoint: `${host}:${port}`,
      credentials: sealRegistrarCredentials(app.secrets, 'epp', {
        clientId: 'vitrin-crash',
        password: 'crash-secret-1',
        ca: pair.cert,
      }),
      defaultNameservers: ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'],
    })
    .returning({ id: registrarAccounts.id });
  await app.db
    .update(domainTlds)
    .set({ registrarAccountId: account?.id })
    .where(eq(domainTlds.tld, 'org'));
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await app?.close();
  await registry?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The real server, as `npm start` runs it, with job workers on. */
function startServerProcess(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')], {
    cwd: path.join(serverRoot, '../..'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      JOB_WORKERS: 'true',
      JOBS_INTERVAL_MS: '0',
      SECRET_KEYS,
      REGISTRAR_TIMEOUT_MS: String(REGISTRAR_TIMEOUT_MS),
      SEED_DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  return child;
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

test('SIGKILL after the registry made the name: after a restart, one registration, adopted, charged once', async () => {
  const name = `crash-${process.pid}.org`;
  registry.holdCreates = true;
  const first = startServerProcess();
  const customer = await createCustomer(app);
  await ok(
    app,
    '/api/user/domains/save-contact',
    {
      kind: 'person',
      name: 'Crash Tester',
      nationalCode: '0012345679',
      email: 'crash@example.com',
      phone: '09120000001',
      street: 'No. 2, Test St.',
      city: 'Tehran',
      province: 'Tehran',
      postalCode: '1458765432',
      countryCode: 'IR',
    },
    customer.token,
  );
  await ok(
    app,
    '/api/cart/add-domain-to-cart',
    { name, action: 'register', years: 1 },
    customer.token,
  );
  const order = await ok(app, '/api/cart/submit-order', {}, customer.token);
  await grantCredit(app.db, customer.id, order.totalRial);
  await useWallet(app, customer, order.id);

  await until('the registry to make the name', () => registry.held.includes(name), 60_000);
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const [pending] = await app.db.select().from(domains).where(eq(domains.ascii, name));
  if (!pending) throw new Error('no domain');
  // Killed mid-call: nothing recorded the registration.
  expect(pending.status).toBe('pending-registration');
  expect(registry.domain(name)?.sponsor).toBe('vitrin-crash');

  registry.holdCreates = false;
  startServerProcess();
  await until(
    'the domain to become active',
    async () => {
      const [row] = await app.db.select().from(domains).where(eq(domains.id, pending.id));
      return row?.status === 'active';
    },
    120_000,
  );
  const creates = registry.log.filter(
    (entry) => entry.command === 'create' && entry.object === 'domain',
  );
  // The held create, and the second that was told 2302 and led to the adoption.
  expect(creates).toHaveLength(2);
  const events = await app.db
    .select({ kind: domainEvents.kind })
    .from(domainEvents)
    .where(eq(domainEvents.domainId, pending.id));
  expect(events.map((event) => event.kind)).toContain('registry.adopted');
  const charges = await app.db
    .select()
    .from(walletTransactions)
    .where(
      and(eq(walletTransactions.orderId, order.id), eq(walletTransactions.reason, 'order-payment')),
    );
  expect(charges).toHaveLength(1);
  expect(await checkoutInvariantViolations(app.db)).toEqual([]);
}, 240_000);
