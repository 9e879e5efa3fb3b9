import { testConfig } from '@vitrin/server/src/config';
import { openDatabase } from '@vitrin/server/src/db/client';
import { createScratchDatabase } from '@vitrin/server/src/db/scratch-database';
import { seedDemoData } from '@vitrin/server/src/demo/seed';
import { SecretBox } from '@vitrin/server/src/lib/secret-box';
import {
  callServer,
  machineDetails,
  type RunningServer,
  runBench,
  startServer,
  stopAllChildren,
  writeReport,
} from './processes';
import { type GrowthStep, growDatabase, UNIT } from './scale-grow';

// "Cost does not grow with data" (issue 24): the demo, grown to 1×, 10× and 100× (100×:
// 100,000 customers, 1,000,000 orders, 100,000 products, 1,000,000 ticket messages, 10,000,000
// live visits), and at each size the calls that read lists, searches and dashboards, timed one
// after another through HTTP on the whole app in its own process. PostgreSQL only: the sizes
// are beyond what the embedded database is for.

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1,10,100')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => size > 0);
/** Timed calls of each kind per size, after the warm-up ones. */
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 40);
const WARMUP = 3;
const CHECKOUT_FLOWS = Number(process.env.BENCH_SCALE_CHECKOUTS ?? 10);
/** Only the calls whose name holds this text (a quick look at a few; the report is partial). */
const ONLY = process.env.BENCH_SCALE_ONLY;
/** Pages deep into a list: this share of its last page. */
const DEEP_SHARE = 0.9;
const MAX_PAGE = 100_000;
const PAGE_SIZE = 20;
const CUSTOMER = { username: '09121234567', password: 'vitrin-demo-1405' };
const STAFF = { username: '09351234567', password: 'vitrin-admin-1405' };
const CHECKOUT_PRODUCT = 'vps-2core';

let addressCounter = 0;
/** The target trusts one proxy: each request its own client address, as people are. */
function nextClientAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

function call<T>(
  server: RunningServer,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ data: T; ms: number }> {
  return callServer<T>(server.origin, path, body, { clientAddress: nextClientAddress(), token });
}

interface Measured {
  call: string;
  path: string;
  body: unknown;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  /** The list's total as answered, when it is a list. */
  total?: number;
}

function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}

interface Probe {
  name: string;
  path: string;
  who: 'customer' | 'staff';
  body: Record<string, unknown>;
  /** Also time the page at DEEP_SHARE of the last one (from the first page's total). */
  deep?: boolean;
}

/** What a person opens in the panel and in the console; searches as staff type them. */
const probes: Probe[] = [
  {
    name: 'panel: orders',
    path: '/api/user/orders/get-user-orders',
    who: 'customer',
    body: {},
    deep: true,
  },
  {
    name: 'panel: services',
    path: '/api/user/services/get-user-services',
    who: 'customer',
    body: {},
    deep: true,
  },
  {
    name: 'panel: tickets',
    path: '/api/user/tickets/get-user-tickets',
    who: 'customer',
    body: {},
    deep: true,
  },
  {
    name: 'panel: wallet transactions',
    path: '/api/user/account/get-credit-transactions',
    who: 'customer',
    body: {},
    deep: true,
  },
  {
    name: 'panel: invoices',
    path: '/api/user/billing/list-documents',
    who: 'customer',
    body: {},
    deep: true,
  },
  { name: 'panel: dashboard', path: '/api/user/get-panel-summary', who: 'customer', body: {} },
  {
    name: 'panel: live history',
    path: '/api/user/live/get-live-activity',
    who: 'customer',
    body: { domainName: 'sara-gallery.ir' },
  },
  {
    name: 'console: dashboard',
    path: '/api/admin/dashboard/get-dashboard',
    who: 'staff',
    body: {},
  },
  {
    name: 'console: orders',
    path: '/api/admin/orders/list-orders',
    who: 'staff',
    body: {},
    deep: true,
  },
  {
    name: 'console: orders, paid',
    path: '/api/admin/orders/list-orders',
    who: 'staff',
    body: { status: 'paid' },
    deep: true,
  },
  {
    name: 'console: orders, search mobile',
    path: '/api/admin/orders/list-orders',
    who: 'staff',
    body: { query: '09900000007' },
  },
  {
    name: 'console: orders, search number',
    path: '/api/admin/orders/list-orders',
    who: 'staff',
    body: { query: '100500' },
  },
  {
    name: 'console: customers',
    path: '/api/admin/customers/search-customers',
    who: 'staff',
    body: {},
    deep: true,
  },
  {
    name: 'console: customers, search name',
    path: '/api/admin/customers/search-customers',
    who: 'staff',
    body: { query: 'مریم' },
    deep: true,
  },
  {
    name: 'console: customers, search mobile',
    path: '/api/admin/customers/search-customers',
    who: 'staff',
    body: { query: '0990000' },
  },
  {
    name: 'console: customer file',
    path: '/api/admin/customers/get-customer',
    who: 'staff',
    body: { userId: '$busiest' },
  },
  {
    name: 'console: tickets, waiting',
    path: '/api/admin/tickets/list-tickets',
    who: 'staff',
    body: {},
    deep: true,
  },
  {
    name: 'console: tickets, all',
    path: '/api/admin/tickets/list-tickets',
    who: 'staff',
    body: { status: 'all' },
    deep: true,
  },
  {
    name: 'console: tickets, waiting by priority',
    path: '/api/admin/tickets/list-tickets',
    who: 'staff',
    body: { sort: 'priority' },
    deep: true,
  },
  {
    name: 'console: tickets, all by priority',
    path: '/api/admin/tickets/list-tickets',
    who: 'staff',
    body: { status: 'all', sort: 'priority' },
    deep: true,
  },
  {
    name: 'console: tickets, search',
    path: '/api/admin/tickets/list-tickets',
    who: 'staff',
    body: { status: 'all', search: 'سرویس' },
  },
  {
    name: 'console: transfer claims',
    path: '/api/admin/billing/list-transfer-claims',
    who: 'staff',
    body: {},
    deep: true,
  },
  {
    name: 'console: documents',
    path: '/api/admin/billing/search-documents',
    who: 'staff',
    body: {},
    deep: true,
  },
  {
    name: 'console: documents, search',
    path: '/api/admin/billing/search-documents',
    who: 'staff',
    body: { query: 'مریم' },
  },
  // The staff text searches (decision 0031, "Staff text searches"): a rare word, a short one.
  {
    name: 'console: documents, search number',
    path: '/api/admin/billing/search-documents',
    who: 'staff',
    body: { query: '-000123' },
  },
  {
    name: 'console: customers, search two letters',
    path: '/api/admin/customers/search-customers',
    who: 'staff',
    body: { query: 'مر' },
  },
  {
    name: 'console: tickets, search rare',
    path: '/api/admin/tickets/list-tickets',
    who: 'staff',
    body: { status: 'all', search: '24942' },
  },
  {
    name: 'console: products',
    path: '/api/admin/catalog/list-products',
    who: 'staff',
    body: {},
  },
  {
    name: 'console: products, search',
    path: '/api/admin/catalog/list-products',
    who: 'staff',
    body: { q: 'آزمایشی 8413' },
  },
  {
    name: 'console: service timeline',
    path: '/api/admin/services/get-service-timeline',
    who: 'staff',
    body: { serviceId: '$busiestService' },
  },
  {
    name: 'console: audit',
    path: '/api/admin/audit/get-audit-log',
    who: 'staff',
    body: {},
    deep: true,
  },
  {
    name: 'console: audit, action',
    path: '/api/admin/audit/get-audit-log',
    who: 'staff',
    body: { action: 'order.' },
    deep: true,
  },
];

interface Tokens {
  customer: string;
  staff: string;
}

async function signIn(server: RunningServer, account: typeof CUSTOMER): Promise<string> {
  const { data } = await call<{ jwtToken: string }>(server, '/api/jwt/authenticate', account);
  return data.jwtToken;
}

async function time(
  server: RunningServer,
  name: string,
  path: string,
  body: unknown,
  token: string,
): Promise<Measured> {
  const times: number[] = [];
  let total: number | undefined;
  for (let index = 0; index < WARMUP + SAMPLES; index += 1) {
    const { data, ms } = await call<{ total?: number }>(server, path, body, token);
    if (index >= WARMUP) times.push(ms);
    if (typeof data.total === 'number') total = data.total;
  }
  return {
    call: name,
    path,
    body,
    samples: times.length,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: percentile(times, 1),
    ...(total === undefined ? {} : { total }),
  };
}

function resolveBody(body: Record<string, unknown>, ids: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === 'string' && value.startsWith('$') ? ids[value.slice(1)] : value,
    ]),
  );
}

async function measureCalls(
  server: RunningServer,
  tokens: Tokens,
  ids: Record<string, string>,
): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const probe of probes) {
    if (ONLY && !probe.name.includes(ONLY)) continue;
    const body = resolveBody(probe.body, ids);
    const first = await time(server, `${probe.name}`, probe.path, body, tokens[probe.who]);
    results.push(first);
    console.log(
      `  ${first.call}: p50 ${first.p50} ms, p99 ${first.p99} ms (total ${first.total ?? '-'})`,
    );
    if (probe.deep && first.total !== undefined) {
      const lastPage = Math.max(1, Math.ceil(first.total / PAGE_SIZE));
      const page = Math.min(MAX_PAGE, Math.max(1, Math.floor(lastPage * DEEP_SHARE)));
      const deep = await time(
        server,
        `${probe.name} (page ${page})`,
        probe.path,
        { ...body, page },
        tokens[probe.who],
      );
      results.push({ ...deep, call: `${probe.name}, deep page` });
      console.log(`  ${probe.name}, page ${page}: p50 ${deep.p50} ms, p99 ${deep.p99} ms`);
      // A list that answers a cursor: the same depth, continued from the page before it.
      if (page > 1) {
        const { data: before } = await call<{ nextCursor?: string | null }>(
          server,
          probe.path,
          { ...body, page: page - 1 },
          tokens[probe.who],
        );
        if (before.nextCursor) {
          const cursorBody = { ...body, after: before.nextCursor };
          const byCursor = await time(
            server,
            probe.name,
            probe.path,
            cursorBody,
            tokens[probe.who],
          );
          results.push({ ...byCursor, call: `${probe.name}, deep page by cursor` });
          console.log(
            `  ${probe.name}, after page ${page - 1}: p50 ${byCursor.p50} ms, p99 ${byCursor.p99} ms`,
          );
        }
      }
    }
  }
  return results;
}

/** add-to-cart → submit-order → use-wallet-in-order, one after another, as the busiest customer. */
async function measureCheckouts(server: RunningServer, token: string): Promise<Measured[]> {
  const { data: product } = await call<{ id: string }>(server, '/api/store/get-product', {
    slug: CHECKOUT_PRODUCT,
  });
  const steps: Record<string, number[]> = {
    'add-to-cart': [],
    'submit-order': [],
    'use-wallet-in-order': [],
    flow: [],
  };
  for (let index = 0; index < WARMUP + CHECKOUT_FLOWS; index += 1) {
    const started = performance.now();
    const added = await call(
      server,
      '/api/cart/add-to-cart',
      { productId: product.id, cycle: 'monthly' },
      token,
    );
    const order = await call<{ id: string }>(server, '/api/cart/submit-order', {}, token);
    const paid = await call<{ status: string }>(
      server,
      '/api/cart/use-wallet-in-order',
      { orderId: order.data.id },
      token,
    );
    if (paid.data.status !== 'paid')
      throw new Error(`the wallet left order ${order.data.id} ${paid.data.status}`);
    if (index < WARMUP) continue;
    steps['add-to-cart']?.push(added.ms);
    steps['submit-order']?.push(order.ms);
    steps['use-wallet-in-order']?.push(paid.ms);
    steps.flow?.push(performance.now() - started);
  }
  return Object.entries(steps).map(([step, times]) => ({
    call: `checkout: ${step}`,
    path:
      step === 'flow' ? 'add-to-cart → submit-order → use-wallet-in-order' : `/api/cart/${step}`,
    body: null,
    samples: times.length,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: percentile(times, 1),
  }));
}

async function databaseIds(server: RunningServer, tokens: Tokens): Promise<Record<string, string>> {
  const { data: customers } = await call<{ items: Array<{ id: string }> }>(
    server,
    '/api/admin/customers/search-customers',
    { query: CUSTOMER.username },
    tokens.staff,
  );
  const busiest = customers.items[0]?.id;
  const { data: services } = await call<{ items: Array<{ id: string }> }>(
    server,
    '/api/user/services/get-user-services',
    {},
    tokens.customer,
  );
  const busiestService = services.items[0]?.id;
  if (!busiest || !busiestService) throw new Error('the demo customer or their service is missing');
  return { busiest, busiestService };
}

interface SizeReport {
  size: number;
  rows: Record<string, number>;
  growth: GrowthStep[];
  growthSeconds: number;
  calls: Measured[];
}

async function tableRows(url: string): Promise<Record<string, number>> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ relname: string; n: string }>(
      `select relname, n_live_tup as n from pg_stat_user_tables
        where relname in ('users','orders','order_lines','payments','services','products','tickets',
          'ticket_messages','wallet_transactions','billing_documents','live_visits','live_visitors','audit_log')
        order by relname`,
    );
    return Object.fromEntries(rows.map((row) => [row.relname, Number(row.n)]));
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    console.error('The scale bench runs on PostgreSQL only: set BENCH_DATABASE_URL.');
    return 1;
  }
  const machine = machineDetails();
  console.log(
    `Vitrin scale benchmark: sizes ${SIZES.join(', ')}×, ${SAMPLES} calls each, PostgreSQL`,
  );
  // BENCH_SCALE_DATABASE: measure a database a previous run kept (BENCH_SCALE_KEEP_DATABASE) at
  // the one size in BENCH_SCALE_SIZES, after migrating it, without growing it: the same rows
  // before and after a change.
  const kept = process.env.BENCH_SCALE_DATABASE;
  const scratch = kept
    ? { url: kept, drop: async () => {} }
    : await createScratchDatabase(adminUrl, `vitrin_scale_${process.pid}`);
  const sizes: SizeReport[] = [];
  try {
    const handle = await openDatabase({ url: scratch.url, dataDir: null });
    try {
      const started = performance.now();
      await handle.migrate();
      if (kept) console.log(`  migrated in ${Math.round(performance.now() - started)} ms`);
      else await seedDemoData(handle.db, { secrets: new SecretBox(testConfig().secretKeys) });
    } finally {
      await handle.close();
    }
    let grownTo = 0;
    for (const size of SIZES) {
      console.log(`- growing to ${size}×`);
      const started = performance.now();
      const growth = kept ? [] : await growDatabase(scratch.url, grownTo, size);
      const growthSeconds = Math.round((performance.now() - started) / 100) / 10;
      grownTo = size;
      const rows = await tableRows(scratch.url);
      console.log(`  grown in ${growthSeconds} s:`, JSON.stringify(rows));
      const server = await startServer('target', [`--existing-database=${scratch.url}`]);
      try {
        const tokens = {
          customer: await signIn(server, CUSTOMER),
          staff: await signIn(server, STAFF),
        };
        const ids = await databaseIds(server, tokens);
        const calls = await measureCalls(server, tokens, ids);
        if (!ONLY || 'checkout'.includes(ONLY)) {
          calls.push(...(await measureCheckouts(server, tokens.customer)));
        }
        sizes.push({ size, rows, growth, growthSeconds, calls });
      } finally {
        await stopAllChildren();
      }
    }
  } finally {
    if (process.env.BENCH_SCALE_KEEP_DATABASE) console.log(`Kept ${scratch.url}`);
    else await scratch.drop();
  }

  const smallest = sizes[0];
  const largest = sizes.at(-1);
  const table: Record<string, Record<string, number | string>> = {};
  for (const report of sizes) {
    for (const measured of report.calls) {
      const row = table[measured.call] ?? {};
      row[`${report.size}× p50`] = measured.p50;
      row[`${report.size}× p99`] = measured.p99;
      table[measured.call] = row;
    }
  }
  const growthRatios: Record<string, number> = {};
  if (smallest && largest && largest !== smallest) {
    for (const measured of largest.calls) {
      const base = smallest.calls.find((other) => other.call === measured.call);
      if (!base) continue;
      const ratio = Math.round((measured.p99 / Math.max(base.p99, 0.1)) * 100) / 100;
      growthRatios[measured.call] = ratio;
      const row = table[measured.call];
      if (row) row[`p99 ${largest.size}×/${smallest.size}×`] = ratio;
    }
  }
  console.table(table);
  const overTarget = Object.entries(growthRatios).filter(([, ratio]) => ratio > 2);
  console.log(
    overTarget.length === 0
      ? 'Every call within 2× of its p99 at the smallest size.'
      : `Over 2×: ${overTarget.map(([name, ratio]) => `${name} (${ratio})`).join('; ')}`,
  );
  writeReport(
    process.env.BENCH_SCALE_REPORT ?? 'scale',
    machine,
    {
      sizes: SIZES,
      samples: SAMPLES,
      warmup: WARMUP,
      checkoutFlows: CHECKOUT_FLOWS,
      unit: UNIT,
      pageSize: PAGE_SIZE,
      deepShare: DEEP_SHARE,
    },
    { growthRatios, sizes },
  );
  return 0;
}

await runBench(main);
