import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { seedDemoData } from '../../demo/seed';
import { serverRoot } from '../../paths';
import { type FakeWhm, startFakeWhm } from '../../providers/panel/fake-whm';
import { serviceEvents, services } from '../../schema';
import { ok } from '../../test/api-kit';
import { createStaff } from '../../test/staff-kit';
import { createTestDatabase } from '../../test/test-app';
import { createCustomer, grantCredit, productIdOf, useWallet } from '../orders/checkout-test-kit';

// The process dies between "the panel made the account" and "we recorded it" (issue 20's
// proof, real PostgreSQL): a real server process takes the provisioning job, the fake WHM makes
// the account and holds its answer, and the process is killed with SIGKILL. A second process
// finds the job stuck, runs it again, and adopts the account: exactly one on the panel, and the
// service active.

const PANEL_TIMEOUT_MS = 5_000;
const SECRET_KEYS = `test:${Buffer.alloc(32, 7).toString('base64')}`;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let whm: FakeWhm;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  whm = await startFakeWhm();
  dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-crash-'));
  // This process only pays and looks: its queue has no workers.
  app = await buildApp(testConfig({ databaseUrl: database.url, seedDemoData: true }), {
    seed: seedDemoData,
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await app?.close();
  await whm?.close();
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
      PANEL_TIMEOUT_MS: String(PANEL_TIMEOUT_MS),
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

test('SIGKILL after the panel made the account: after a restart, one account and an active service', async () => {
  const staff = await createStaff(app, 'admin');
  await ok(
    app,
    '/api/admin/provisioning/save-panel-server',
    {
      name: 'whm-crash',
      kind: 'whm',
      baseUrl: whm.url,
      groupName: 'crash',
      capacity: 10,
      enabled: true,
      credentials: { username: whm.username, apiToken: whm.apiToken },
    },
    staff.token,
  );
  await ok(
    app,
    '/api/admin/provisioning/save-product-provisioning',
    {
      productId: await productIdOf(app.db, 'host-linux-20g'),
      provisioning: {
        groupName: 'crash',
        packageName: 'business',
        graceDays: 7,
        terminateAfterDays: 30,
      },
    },
    staff.token,
  );
  const domain = `crash-${process.pid}.ir`;
  // The panel makes the account and never answers.
  whm.loseAnswer('createacct', 'hang');

  const first = startServerProcess();
  const customer = await createCustomer(app);
  await ok(
    app,
    '/api/cart/add-to-cart',
    {
      productId: await productIdOf(app.db, 'host-linux-20g'),
      cycle: 'monthly',
      domainName: domain,
    },
    customer.token,
  );
  const order = await ok(app, '/api/cart/submit-order', {}, customer.token);
  await grantCredit(app.db, customer.id, order.totalRial);
  await useWallet(app, customer, order.id);

  await until(
    'the panel to make the account',
    () => whm.accounts().some((a) => a.domain === domain),
    60_000,
  );
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  const [service] = await app.db.select().from(services).where(eq(services.orderId, order.id));
  if (!service) throw new Error('no service');
  // Killed mid-call: nothing recorded the account, the service is still being set up.
  expect(service.status).toBe('provisioning');

  startServerProcess();
  await until(
    'the service to become active',
    async () => {
      const [row] = await app.db.select().from(services).where(eq(services.id, service.id));
      return row?.status === 'active';
    },
    120_000,
  );
  expect(whm.accounts().filter((account) => account.domain === domain)).toHaveLength(1);
  expect(
    whm
      .accounts()
      .filter((account) => account.user === service.panelUsername || account.domain === domain),
  ).toHaveLength(1);
  const events = await app.db
    .select()
    .from(serviceEvents)
    .where(eq(serviceEvents.serviceId, service.id));
  expect(
    events.some((event) => event.kind === 'panel.create' && event.message.includes('تلاش پیشین')),
  ).toBe(true);
}, 240_000);
