import { buildApp } from '@vitrin/server/src/app';
import { testConfig } from '@vitrin/server/src/config';
import { createScratchDatabase } from '@vitrin/server/src/db/scratch-database';
import { seedDemoData } from '@vitrin/server/src/demo/seed';
import {
  createCustomer,
  grantCredit,
  productIdOf,
} from '@vitrin/server/src/modules/orders/checkout-test-kit';
import { panelUsernameFor } from '@vitrin/server/src/modules/services/provisioning';
import { startFakeWhm } from '@vitrin/server/src/providers/panel/fake-whm';
import { WhmDriver } from '@vitrin/server/src/providers/panel/whm-driver';
import { orders, services } from '@vitrin/server/src/schema';
import { createStaff } from '@vitrin/server/src/test/staff-kit';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { latencySummary as summary } from './latency';
import { machineDetails, runBench, writeReport } from './processes';

// Provisioning (issue 20): how long from "payment settled" to "service active", and how many
// accounts a node sets up per second, with a cPanel/WHM panel (the local fake) answering each
// call in PANEL_LATENCY_MS. The baseline, measured in the same run, is the panel itself: the
// driver's createacct called directly, one at a time. What the queue adds is the time to active
// minus that: its own overhead, reported as a ratio to the panel latency.
//
//   npx tsx bench/provisioning.ts                       # embedded PGlite
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/provisioning.ts

const PANEL_LATENCY_MS = Number(process.env.BENCH_PANEL_LATENCY_MS ?? 200);
const ONE_AT_A_TIME = Number(process.env.BENCH_PROVISION_SEQUENTIAL ?? 30);
const BURST = Number(process.env.BENCH_PROVISION_BURST ?? 200);

/** Customers each with a cart of one hosting plan submitted and credit to pay it. */
async function readyToPay(app: FastifyInstance, count: number, tag: string) {
  const productId = await productIdOf(app.db, 'host-linux-20g');
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const customer = await createCustomer(app);
      const call = async <T>(path: string, body: unknown) => {
        const response = await app.inject({
          method: 'POST',
          url: path,
          // One documentation-range address per customer: the per-address limits of the cart
          // and pay calls are for people, not for a bench (the target trusts one proxy).
          headers: {
            authorization: `Bearer ${customer.token}`,
            'x-forwarded-for': `198.19.${tag === 'seq' ? 1 : 2}.${(index % 250) + 1}`,
          },
          payload: body as object,
        });
        if (response.statusCode !== 200) throw new Error(`${path}: ${response.body}`);
        return (response.json() as { data: T }).data;
      };
      await call('/api/cart/add-to-cart', {
        productId,
        cycle: 'monthly',
        domainName: `bench-${tag}-${process.pid}-${index}.ir`,
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

/**
 * Waits until every service of these orders is active; answers, for each, the ms from the
 * order's settlement (orders.paid_at, in the settling transaction) to its move to active.
 */
async function untilActive(app: FastifyInstance, orderIds: string[]) {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const rows = await app.db
      .select({ status: services.status, at: services.statusChangedAt, paidAt: orders.paidAt })
      .from(services)
      .innerJoin(orders, eq(orders.id, services.orderId))
      .where(inArray(services.orderId, orderIds));
    if (rows.length === orderIds.length && rows.every((row) => row.status === 'active')) {
      return rows.map((row) => row.at.getTime() - (row.paidAt?.getTime() ?? Number.NaN));
    }
    const stuck = rows.filter((row) => !['pending', 'provisioning', 'active'].includes(row.status));
    if (stuck.length > 0)
      throw new Error(`services ended ${stuck.map((row) => row.status).join(', ')}`);
    if (Date.now() > deadline) throw new Error('services not active within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

await runBench(async () => {
  const machine = machineDetails();
  const whm = await startFakeWhm();
  whm.setLatency(PANEL_LATENCY_MS);
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const database = adminUrl
    ? await createScratchDatabase(adminUrl, `vitrin_bench_provision_${process.pid}`)
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
    // Baseline: the panel alone, createacct one at a time through the same driver.
    const driver = new WhmDriver({
      baseUrl: whm.url,
      username: whm.username,
      apiToken: whm.apiToken,
    });
    const direct: number[] = [];
    for (let index = 0; index < ONE_AT_A_TIME; index += 1) {
      const started = performance.now();
      await driver.createAccount({
        username: panelUsernameFor(`baseline-${index}`),
        domain: `baseline-${process.pid}-${index}.ir`,
        packageName: 'business',
        // WHM takes its limits from the package; the plan's own matter to the sandbox only.
        limits: {},
        contactEmail: 'bench@example.com',
        password: 'BenchPassword1405x',
        theme: null,
      });
      direct.push(performance.now() - started);
    }

    const staff = await createStaff(app, 'admin');
    const admin = async (path: string, body: unknown) => {
      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: { authorization: `Bearer ${staff.token}` },
        payload: body as object,
      });
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.body}`);
    };
    await admin('/api/admin/provisioning/save-panel-server', {
      name: 'whm-bench',
      kind: 'whm',
      baseUrl: whm.url,
      groupName: 'bench',
      capacity: 100_000,
      enabled: true,
      credentials: { username: whm.username, apiToken: whm.apiToken },
    });
    await admin('/api/admin/provisioning/save-product-provisioning', {
      productId: await productIdOf(app.db, 'host-linux-20g'),
      provisioning: {
        groupName: 'bench',
        packageName: 'business',
        graceDays: 7,
        terminateAfterDays: 30,
      },
    });

    // One at a time: each payment waits for its service to be active before the next.
    const sequential = await readyToPay(app, ONE_AT_A_TIME, 'seq');
    const oneByOne: number[] = [];
    for (const order of sequential) {
      await order.pay();
      oneByOne.push(...(await untilActive(app, [order.orderId])));
    }

    // A burst: every payment at once, then until all are active.
    const burst = await readyToPay(app, BURST, 'burst');
    const started = Date.now();
    await Promise.all(burst.map((order) => order.pay()));
    const burstTimes = await untilActive(
      app,
      burst.map((order) => order.orderId),
    );
    const burstSeconds = (Date.now() - started) / 1000;

    const panel = summary(direct);
    const single = summary(oneByOne);
    const figures = {
      panelCreateDirect: panel,
      paidToActiveOneAtATime: single,
      paidToActiveBurst: summary(burstTimes),
      burstThroughputPerSecond: Math.round((BURST / burstSeconds) * 10) / 10,
      /** (paid→active p50 − the panel's own create p50) ÷ the panel latency setting. */
      queueOverheadRatioP50:
        Math.round(((single.p50Ms - panel.p50Ms) / PANEL_LATENCY_MS) * 100) / 100,
      queueOverheadRatioP99:
        Math.round(((single.p99Ms - panel.p99Ms) / PANEL_LATENCY_MS) * 100) / 100,
    };
    console.table({
      'panel createacct (direct)': panel,
      'paid → active, one at a time': single,
      [`paid → active, burst of ${BURST}`]: figures.paidToActiveBurst,
    });
    console.log(`burst throughput: ${figures.burstThroughputPerSecond} services/s`);
    console.log(
      `queue overhead / panel latency: p50 ${figures.queueOverheadRatioP50}, p99 ${figures.queueOverheadRatioP99}`,
    );
    writeReport(
      'provisioning',
      machine,
      {
        panelLatencyMs: PANEL_LATENCY_MS,
        oneAtATime: ONE_AT_A_TIME,
        burst: BURST,
        provisionConcurrencyPerNode: 8,
        // Workers wake at the settlement's commit (NOTIFY); the poll only catches retries.
        pollingIntervalSeconds: 2,
        wakeOnCommit: true,
        nodes: 1,
      },
      figures,
    );
    return 0;
  } finally {
    await app.close();
    await whm.close();
    await database.drop();
  }
});
