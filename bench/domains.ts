import 'reflect-metadata';
import { buildApp } from '@vitrin/server/src/app';
import { testConfig } from '@vitrin/server/src/config';
import { createScratchDatabase } from '@vitrin/server/src/db/scratch-database';
import { seedDemoData } from '@vitrin/server/src/demo/seed';
import { sealRegistrarCredentials } from '@vitrin/server/src/modules/domains';
import { clientHandleOf } from '@vitrin/server/src/modules/domains/contacts.service';
import { RegistrarPool } from '@vitrin/server/src/modules/domains/registrars';
import { SYNC_BATCH, syncDue } from '@vitrin/server/src/modules/domains/upkeep';
import { createCustomer, grantCredit } from '@vitrin/server/src/modules/orders/checkout-test-kit';
import { EppRegistrar } from '@vitrin/server/src/providers/registrar/epp-registrar';
import { FakeEppServer } from '@vitrin/server/src/providers/registrar/fake-epp-server';
import { domains, domainTlds, orders, registrarAccounts, users } from '@vitrin/server/src/schema';
import { selfSignedCertificate } from '@vitrin/server/src/test/self-signed';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { latencySummary as summary } from './latency';
import { machineDetails, runBench, writeReport } from './processes';

// Domains (issue 38): how long from "payment settled" to "registered at the registry", with an
// EPP registry (the local fake, over TLS) answering each command in REGISTRY_LATENCY_MS; and the
// daily sync of 10,000 domains: time, registry calls, and whether any was skipped.
//
// The baseline, measured in the same run, is the registry itself: the EPP driver's holder
// contact and create called directly for a new customer, one at a time (the same four
// exchanges the job makes: contact check and create, domain create, info). What the queue adds
// is paid→registered minus that, reported as a ratio to the registry latency.
//
//   npx tsx bench/domains.ts                       # embedded PGlite
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/domains.ts

const REGISTRY_LATENCY_MS = Number(process.env.BENCH_REGISTRY_LATENCY_MS ?? 200);
const ONE_AT_A_TIME = Number(process.env.BENCH_DOMAINS_SEQUENTIAL ?? 20);
const BURST = Number(process.env.BENCH_DOMAINS_BURST ?? 100);
const SYNC_DOMAINS = Number(process.env.BENCH_SYNC_DOMAINS ?? 10_000);

const HOLDER = {
  kind: 'person',
  name: 'Bench Buyer',
  nationalCode: '0012345679',
  email: 'bench@example.com',
  phone: '09120000002',
  street: 'No. 5, Bench St.',
  city: 'Tehran',
  province: 'Tehran',
  postalCode: '1458765432',
  countryCode: 'IR',
};

/** Customers each with holder details, a domain order submitted and credit to pay it. */
async function readyToPay(app: FastifyInstance, count: number, tag: string) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const customer = await createCustomer(app);
      const call = async <T>(path: string, body: unknown) => {
        const response = await app.inject({
          method: 'POST',
          url: path,
          headers: {
            authorization: `Bearer ${customer.token}`,
            'x-forwarded-for': `198.19.${tag === 'seq' ? 3 : 4}.${(index % 250) + 1}`,
          },
          payload: body as object,
        });
        if (response.statusCode !== 200) throw new Error(`${path}: ${response.body}`);
        return (response.json() as { data: T }).data;
      };
      await call('/api/user/domains/save-contact', HOLDER);
      await call('/api/cart/add-domain-to-cart', {
        name: `bench-${tag}-${process.pid}-${index}.net`,
        action: 'register',
        years: 1,
      });
      const order = await call<{ id: string; totalRial: number }>('/api/cart/submit-order', {});
      await grantCredit(app.db, customer.id, order.totalRial);
      return {
        pay: () => call('/api/cart/use-wallet-in-order', { orderId: order.id }),
        orderId: order.id,
      };
    }),
  );
}

/** Until every domain of these orders is active: for each, ms from the settlement to active. */
async function untilRegistered(app: FastifyInstance, orderIds: string[]) {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const rows = await app.db
      .select({ status: domains.status, at: domains.statusChangedAt, paidAt: orders.paidAt })
      .from(domains)
      .innerJoin(orders, eq(orders.id, domains.orderId))
      .where(inArray(domains.orderId, orderIds));
    if (rows.length === orderIds.length && rows.every((row) => row.status === 'active')) {
      return rows.map((row) => row.at.getTime() - (row.paidAt?.getTime() ?? Number.NaN));
    }
    const stuck = rows.filter((row) => !['pending-registration', 'active'].includes(row.status));
    if (stuck.length > 0)
      throw new Error(`domains ended ${stuck.map((row) => row.status).join(', ')}`);
    if (Date.now() > deadline) throw new Error('domains not registered within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

await runBench(async () => {
  const machine = machineDetails();
  const pair = await selfSignedCertificate();
  const login = { clientId: 'vitrin-bench', password: 'bench-secret-1' };
  const registry = new FakeEppServer({ ...pair, ...login });
  const endpoint = await registry.start();
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const database = adminUrl
    ? await createScratchDatabase(adminUrl, `vitrin_bench_domains_${process.pid}`)
    : { url: undefined, drop: async () => {} };
  const app = await buildApp(
    testConfig({
      databaseUrl: database.url,
      seedDemoData: true,
      jobWorkers: true,
      rateLimitPerMinute: 10_000_000,
      trustProxy: 1,
    }),
    { seed: seedDemoData },
  );
  await app.ready();
  try {
    const [account] = await app.db
      .insert(registrarAccounts)
      .values({
        name: 'epp-bench',
        kind: 'epp',
        endpoint: `${endpoint.host}:${endpoint.port}`,
        credentials: sealRegistrarCredentials(app.secrets, 'epp', { ...login, ca: pair.cert }),
        defaultNameservers: ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'],
      })
      .returning();
    if (!account) throw new Error('no account');
    await app.db
      .update(domainTlds)
      .set({ registrarAccountId: account.id })
      .where(eq(domainTlds.tld, 'net'));

    registry.delayMs = REGISTRY_LATENCY_MS;
    // Baseline: the registry alone, a new holder and a create, one at a time, same driver.
    const driver = new EppRegistrar({
      endpoint: { ...endpoint, ca: pair.cert },
      login,
      timeoutMs: 15_000,
    });
    const direct: number[] = [];
    for (let index = 0; index < ONE_AT_A_TIME; index += 1) {
      const started = performance.now();
      const registrant = await driver.ensureContact({
        ...HOLDER,
        kind: 'person',
        clientHandle: clientHandleOf(`baseline-${process.pid}-${index}`),
        organisation: null,
        companyId: null,
        registrationNumber: null,
        passportNumber: null,
        phone: '+98.9120000002',
      });
      await driver.register({
        name: `baseline-${process.pid}-${index}.net`,
        years: 1,
        registrant,
        nameservers: ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'],
        authCode: 'Bench-Code#1',
      });
      direct.push(performance.now() - started);
    }
    await driver.close();

    // The carts are filled with an instant registry (each add asks it, through the account's one
    // session); the latency applies to what is measured, payment to registration.
    registry.delayMs = 0;
    const sequential = await readyToPay(app, ONE_AT_A_TIME, 'seq');
    const burst = await readyToPay(app, BURST, 'burst');
    registry.delayMs = REGISTRY_LATENCY_MS;
    const oneByOne: number[] = [];
    for (const order of sequential) {
      await order.pay();
      oneByOne.push(...(await untilRegistered(app, [order.orderId])));
    }
    const started = Date.now();
    await Promise.all(burst.map((order) => order.pay()));
    const burstTimes = await untilRegistered(
      app,
      burst.map((order) => order.orderId),
    );
    const burstSeconds = (Date.now() - started) / 1000;

    // The sync: SYNC_DOMAINS names held for us at the registry, never read back yet.
    registry.delayMs = 0;
    const [owner] = await app.db.select({ id: users.id }).from(users).limit(1);
    const expiresAt = new Date(Date.now() + 200 * 86_400_000);
    const names = Array.from(
      { length: SYNC_DOMAINS },
      (_, index) => `sync-${process.pid}-${index}.net`,
    );
    for (const name of names) registry.addDomain(name, { sponsor: login.clientId, expiresAt });
    for (let start = 0; start < names.length; start += 1000) {
      await app.db.insert(domains).values(
        names.slice(start, start + 1000).map((name) => ({
          userId: owner?.id ?? '',
          name,
          ascii: name,
          tld: 'net',
          registrarAccountId: account.id,
          status: 'active' as const,
          origin: 'import' as const,
          years: 1,
          expiresAt,
          syncedAt: null,
        })),
      );
    }
    const infosBefore = registry.log.filter((entry) => entry.command === 'info').length;
    const registrars = new RegistrarPool({ db: app.db, secrets: app.secrets });
    const upkeep = {
      db: app.db,
      registrars,
      secrets: app.secrets,
      log: app.log,
      publicUrl: 'http://localhost',
    };
    const syncStarted = performance.now();
    let runs = 0;
    for (;;) {
      const read = await syncDue(upkeep, new Date(), SYNC_BATCH);
      runs += 1;
      if (read === 0) break;
    }
    const syncSeconds = (performance.now() - syncStarted) / 1000;
    await registrars.close();
    const infos = registry.log.filter((entry) => entry.command === 'info').length - infosBefore;
    const [skipped] = await app.db
      .select({ value: sql<number>`count(*)`.mapWith(Number) })
      .from(domains)
      .where(isNull(domains.syncedAt));

    const registryAlone = summary(direct);
    const single = summary(oneByOne);
    const figures = {
      registryDirect: registryAlone,
      paidToRegisteredOneAtATime: single,
      paidToRegisteredBurst: summary(burstTimes),
      burstThroughputPerSecond: Math.round((BURST / burstSeconds) * 10) / 10,
      /** (paid→registered p50 − the registry's own p50) ÷ the registry latency setting. */
      queueOverheadRatioP50:
        Math.round(((single.p50Ms - registryAlone.p50Ms) / REGISTRY_LATENCY_MS) * 100) / 100,
      queueOverheadRatioP99:
        Math.round(((single.p99Ms - registryAlone.p99Ms) / REGISTRY_LATENCY_MS) * 100) / 100,
      sync: {
        domains: SYNC_DOMAINS,
        seconds: Math.round(syncSeconds * 10) / 10,
        runs,
        registryInfoCalls: infos,
        domainsPerSecond: Math.round(SYNC_DOMAINS / syncSeconds),
        skipped: skipped?.value ?? -1,
      },
    };
    console.table({
      'registry contact + create (direct)': registryAlone,
      'paid → registered, one at a time': single,
      [`paid → registered, burst of ${BURST}`]: figures.paidToRegisteredBurst,
    });
    console.log(`burst throughput: ${figures.burstThroughputPerSecond} domains/s`);
    console.log(
      `queue overhead / registry latency: p50 ${figures.queueOverheadRatioP50}, p99 ${figures.queueOverheadRatioP99}`,
    );
    console.log(`sync: ${JSON.stringify(figures.sync)}`);
    writeReport(
      'domains',
      machine,
      {
        registryLatencyMs: REGISTRY_LATENCY_MS,
        oneAtATime: ONE_AT_A_TIME,
        burst: BURST,
        registerConcurrencyPerNode: 8,
        syncBatch: SYNC_BATCH,
        nodes: 1,
      },
      figures,
    );
    return figures.sync.skipped === 0 ? 0 : 1;
  } finally {
    await app.close();
    await registry.stop();
    await database.drop();
  }
});
