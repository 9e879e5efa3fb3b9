import 'reflect-metadata';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { seedDemoData } from '../../demo/seed';
import { serverRoot } from '../../paths';
import { startFakeMoadianServer } from '../../providers/tax-system/fake-moadian';
import { billingDocuments, taxSubmissions, taxSystemSettings } from '../../schema';
import { createTestDatabase } from '../../test/test-app';
import { getSeller } from '../billing';
import {
  createCustomer,
  grantCredit,
  HOSTING_MONTH,
  submitCart,
  useWallet,
} from '../orders/checkout-test-kit';

// The process dies between the tax organisation taking the invoices in and our record of its
// answer (issue 39's proof, real PostgreSQL): a real server process runs the sending job
// against the organisation's API over HTTP, the organisation takes the packet and never
// answers, and the process is killed with SIGKILL. A second process finds the packets written
// but not recorded, asks the organisation about them by their requestTraceId, and records
// them: each invoice submitted once, and accepted.

// The test configuration's own key: the child processes open what this process sealed.
const SECRET_KEYS = `test:${Buffer.alloc(32, 7).toString('base64')}`;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: FastifyInstance;
let organisation: Awaited<ReturnType<typeof startFakeMoadianServer>>;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  organisation = await startFakeMoadianServer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-tax-crash-'));
  // This process only sells and looks: its queue has no workers.
  app = await buildApp(testConfig({ databaseUrl: database.url, seedDemoData: true }), {
    seed: seedDemoData,
  });
  await app.ready();
  // The demo's settings, pointed at the organisation's sandbox (here at TAX_SYSTEM_URL).
  const [settings] = await app.db
    .update(taxSystemSettings)
    .set({ environment: 'sandbox', updatedAt: new Date() })
    .returning();
  const seller = await getSeller(app.db);
  organisation.fake.addTaxpayer({
    memoryId: settings?.memoryId ?? '',
    economicCode: seller.economicNumber,
    name: seller.legalName,
  });
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await app?.close();
  await organisation?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The real server, as `npm start` runs it, with job workers on. */
function startServerProcess(jobsIntervalMs: number): ChildProcess {
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
      JOBS_INTERVAL_MS: String(jobsIntervalMs),
      SECRET_KEYS,
      TAX_SYSTEM_URL: organisation.url,
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
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('SIGKILL after the organisation took the packet: after a restart, each invoice submitted once and accepted', async () => {
  organisation.fake.holdInvoiceAnswers(true);
  // No period: the only run is the one the payment queues.
  const first = startServerProcess(0);
  const customer = await createCustomer(app);
  const order = await submitCart(app, customer, [HOSTING_MONTH]);
  await grantCredit(app.db, customer.id, order.totalRial);
  await useWallet(app, customer, order.id);
  const [invoice] = await app.db
    .select()
    .from(billingDocuments)
    .where(eq(billingDocuments.orderId, order.id));
  if (!invoice) throw new Error('no invoice');

  await until(
    'the organisation to take the invoice in',
    async () => {
      const [written] = await app.db
        .select({ taxId: taxSubmissions.taxId })
        .from(taxSubmissions)
        .where(eq(taxSubmissions.documentId, invoice.id));
      return organisation.fake
        .submissions()
        .some((each) => written && each.invoice?.header.taxid === written.taxId);
    },
    90_000,
  );
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  // Killed mid-call: the packets are written, the organisation's answer is not.
  const written = await app.db.select().from(taxSubmissions);
  expect(written.length).toBeGreaterThan(0);
  expect(written.every((row) => row.state === 'sending' && row.referenceNumber === null)).toBe(
    true,
  );
  const taken = organisation.fake.submissions().length;
  expect(taken).toBe(written.length);

  organisation.fake.holdInvoiceAnswers(false);
  // Every two seconds a run: it waits for the dead run's slot (its heartbeat stops), then
  // takes the packets back and asks about them.
  startServerProcess(2_000);
  await until(
    'the invoice to be accepted',
    async () => {
      const [row] = await app.db
        .select({ taxSystem: billingDocuments.taxSystem })
        .from(billingDocuments)
        .where(eq(billingDocuments.id, invoice.id));
      return row?.taxSystem.status === 'accepted';
    },
    150_000,
  );
  // One submission per packet at the organisation: none was sent twice.
  const taxIds = written.map((row) => row.taxId);
  const submitted = organisation.fake
    .submissions()
    .filter((each) => taxIds.includes(String(each.invoice?.header.taxid)));
  expect(submitted).toHaveLength(written.length);
  expect(new Set(submitted.map((each) => each.invoice?.header.taxid)).size).toBe(written.length);
  const recorded = await app.db
    .select()
    .from(taxSubmissions)
    .where(inArray(taxSubmissions.documentId, [invoice.id]));
  expect(recorded).toHaveLength(1);
  expect(recorded[0]?.referenceNumber).not.toBeNull();
  const stillOpen = await app.db
    .select()
    .from(taxSubmissions)
    .where(isNotNull(taxSubmissions.nextInquiryAt));
  expect(stillOpen.every((row) => row.state === 'sent')).toBe(true);
}, 300_000);
