import 'reflect-metadata';
import { buildApp } from '@vitrin/server/src/app';
import { testConfig } from '@vitrin/server/src/config';
import { createScratchDatabase } from '@vitrin/server/src/db/scratch-database';
import { seedDemoData } from '@vitrin/server/src/demo/seed';
import {
  createCustomer,
  grantCredit,
  HOSTING_MONTH,
  submitCart,
  useWallet,
} from '@vitrin/server/src/modules/orders/checkout-test-kit';
import { billingDocuments, taxSubmissions } from '@vitrin/server/src/schema';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { machineDetails, runBench, writeReport } from './processes';

// The tax system (issue 39): what sending costs per document, alone and in a burst of 1,000
// issued at once, against the built-in stand-in of the organisation (real RS256 signatures and
// RSA-OAEP-256/A256GCM encryption both ways, in this process). For each: the runs' time to send
// and to hear every verdict (the inquiry's waits skipped by handing the runs a later clock, so
// the figure is our work and the stand-in's, not the organisation's queue), requests to the
// organisation per document, and packets. The baseline, in the same run, is one document alone.
//
//   npx tsx bench/tax-system.ts                       # embedded PGlite
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/tax-system.ts

const BURST = Number(process.env.BENCH_TAX_BURST ?? 1000);
const BUYERS = 20;

/** `count` orders paid from the wallet, by BUYERS customers side by side. */
async function paidOrders(app: FastifyInstance, count: number) {
  const perBuyer = Math.ceil(count / BUYERS);
  let left = count;
  await Promise.all(
    Array.from({ length: Math.min(BUYERS, count) }, async () => {
      const customer = await createCustomer(app);
      for (let index = 0; index < perBuyer && left > 0; index += 1) {
        left -= 1;
        const order = await submitCart(app, customer, [HOSTING_MONTH]);
        await grantCredit(app.db, customer.id, order.totalRial);
        await useWallet(app, customer, order.id);
      }
    }),
  );
}

/** The documents issued since `since` not answered yet. */
async function openDocuments(app: FastifyInstance, since: Date): Promise<number> {
  const [row] = await app.db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(billingDocuments)
    .where(
      sql`${billingDocuments.taxSystem} ->> 'status' in ('waiting', 'sent') and ${billingDocuments.issuedAt} >= ${since}`,
    );
  return row?.value ?? -1;
}

function requestsSoFar(app: FastifyInstance): number {
  return Object.values(app.taxSystem.builtInFake().requests()).reduce((sum, n) => sum + n, 0);
}

/**
 * Runs until no document issued since `since` waits or waits for a verdict; the runs' wall time
 * and counts.
 */
async function sendAll(app: FastifyInstance, documents: number, since: Date) {
  const requestsBefore = requestsSoFar(app);
  const [packetsBefore] = await app.db
    .select({ value: sql<number>`count(distinct ${taxSubmissions.sentAt})`.mapWith(Number) })
    .from(taxSubmissions);
  let clock = Date.now();
  let runs = 0;
  const started = performance.now();
  while ((await openDocuments(app, since)) > 0) {
    await app.taxSystemRun(new Date(clock));
    runs += 1;
    // The next inquiry is due 5 s, then 10 s, … after: the runs are handed that clock.
    clock += 60_000;
    if (runs > 50) throw new Error('documents still open after 50 runs');
  }
  const ms = performance.now() - started;
  const [packetsAfter] = await app.db
    .select({ value: sql<number>`count(distinct ${taxSubmissions.sentAt})`.mapWith(Number) })
    .from(taxSubmissions);
  const requests = requestsSoFar(app) - requestsBefore;
  return {
    documents,
    runs,
    ms: Math.round(ms),
    msPerDocument: Math.round((ms / documents) * 100) / 100,
    requests,
    requestsPerDocument: Math.round((requests / documents) * 1000) / 1000,
    packets: (packetsAfter?.value ?? 0) - (packetsBefore?.value ?? 0),
  };
}

await runBench(async () => {
  const machine = machineDetails();
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const database = adminUrl
    ? await createScratchDatabase(adminUrl, `vitrin_bench_tax_${process.pid}`)
    : { url: undefined, drop: async () => {} };
  const app = await buildApp(
    testConfig({ databaseUrl: database.url, seedDemoData: true, rateLimitPerMinute: 10_000_000 }),
    {
      seed: seedDemoData,
    },
  );
  await app.ready();
  try {
    // The demo's own documents first (those past the deadline wait for staff), so neither
    // figure carries them.
    for (let run = 0; run < 4; run += 1) {
      await app.taxSystemRun(new Date(Date.now() + run * 60_000));
    }

    const aloneSince = new Date();
    await paidOrders(app, 1);
    const alone = await sendAll(app, 1, aloneSince);

    const burstSince = new Date();
    await paidOrders(app, BURST);
    const issueSeconds = Math.round((Date.now() - burstSince.getTime()) / 100) / 10;
    const burst = await sendAll(app, BURST, burstSince);

    const [rejected] = await app.db
      .select({ value: sql<number>`count(*)`.mapWith(Number) })
      .from(billingDocuments)
      .where(sql`${billingDocuments.taxSystem} ->> 'status' = 'rejected'`);
    const figures = {
      alone,
      burst,
      burstIssueSeconds: issueSeconds,
      /** Per document, a burst's time over one document's alone. */
      msPerDocumentRatio: Math.round((burst.msPerDocument / alone.msPerDocument) * 1000) / 1000,
      requestsPerDocumentRatio:
        Math.round((burst.requestsPerDocument / alone.requestsPerDocument) * 1000) / 1000,
      rejected: rejected?.value ?? -1,
    };
    console.table({ 'one document alone': alone, [`burst of ${BURST}`]: burst });
    console.log(
      `per document, burst ÷ alone: time ${figures.msPerDocumentRatio}, requests ${figures.requestsPerDocumentRatio}; rejected ${figures.rejected}`,
    );
    writeReport('tax-system', machine, { burst: BURST, environment: 'built-in' }, figures);
    return figures.rejected === 0 && burst.packets <= Math.ceil(BURST / 1000) ? 0 : 1;
  } finally {
    await app.close();
    await database.drop();
  }
});
