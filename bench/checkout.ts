import { BENCH_PASSWORD, benchMobile } from './checkout-setup';
import {
  type CpuPerFlow,
  type CpuSample,
  canAccountCpu,
  cpuPerFlow,
  sampleCpu,
} from './cpu-accounting';
import {
  callServer,
  machineDetails,
  type RunningServer,
  resultsFileOf,
  runBench,
  startServer,
  stopAllChildren,
  writeReport,
} from './processes';
import { BASELINE_ROUTES } from './scenarios';
import type { statementCounts } from './statement-counter';

type StatementCounts = ReturnType<typeof statementCounts>;

// The checkout path under concurrency (issue 5): each virtual customer, signed in once, places
// orders back to back, alternating the gateway path (add-to-cart, submit-order, pay-order, the
// sandbox gateway's "pay", verify-pay-order) and the wallet path (add-to-cart, submit-order,
// use-wallet-in-order). The baseline makes the same number of sequential calls per flow to a
// bare Fastify route, so the ratio is flows/s kept against the floor. After the run the target
// checks the books (wallets against their ledgers, orders, codes, payments, services).

const CUSTOMERS = Number(process.env.BENCH_CHECKOUT_CUSTOMERS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const WARMUP_S = 2;
const PRODUCT_SLUG = 'vps-2core';
// The default run (20 customers) is `checkout`; another count keeps its own file beside it.
const resultsName = CUSTOMERS === 20 ? 'checkout' : `checkout-${CUSTOMERS}`;
const resultsFile = resultsFileOf(resultsName);

interface StepTimes {
  [step: string]: number[];
}

let addressCounter = 0;
/**
 * A different documentation-range client address for each request (the target trusts its
 * proxy): the per-address limits of the cart and pay calls are for people, not for a bench.
 */
function nextClientAddress(): string {
  addressCounter += 1;
  return `198.19.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

class Client {
  constructor(
    private readonly origin: string,
    private readonly times: StepTimes | null,
  ) {}

  async call<T>(step: string, path: string, body: unknown, token?: string): Promise<T> {
    const started = performance.now();
    const { data } = await callServer<T>(this.origin, path, body, {
      clientAddress: nextClientAddress(),
      token,
    });
    this.record(step, started);
    return data;
  }

  /** The sandbox gateway's page: a form POST, answered with a redirect to our callback. */
  async choosePay(redirectUrl: string): Promise<string> {
    const started = performance.now();
    // The target's PUBLIC_URL is a placeholder: the page is asked of the target itself.
    const page = new URL(redirectUrl);
    const response = await fetch(`${this.origin}${page.pathname}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': nextClientAddress(),
      },
      body: 'choice=pay',
      redirect: 'manual',
    });
    await response.arrayBuffer();
    this.record('sandbox-pay', started);
    const location = response.headers.get('location');
    if (response.status !== 303 || !location) {
      throw new Error(`sandbox page answered ${response.status}`);
    }
    const authority = new URL(location).searchParams.get('Authority');
    if (!authority) throw new Error('the callback carries no authority');
    return authority;
  }

  private record(step: string, started: number) {
    if (!this.times) return;
    const list = this.times[step] ?? [];
    list.push(performance.now() - started);
    this.times[step] = list;
  }
}

async function checkoutFlow(
  client: Client,
  token: string,
  productId: string,
  viaGateway: boolean,
): Promise<void> {
  await client.call('add-to-cart', '/api/cart/add-to-cart', { productId, cycle: 'monthly' }, token);
  const order = await client.call<{ id: string; totalRial: number }>(
    'submit-order',
    '/api/cart/submit-order',
    {},
    token,
  );
  if (!viaGateway) {
    const paid = await client.call<{ status: string }>(
      'use-wallet-in-order',
      '/api/cart/use-wallet-in-order',
      { orderId: order.id },
      token,
    );
    if (paid.status !== 'paid') throw new Error(`wallet left order ${order.id} ${paid.status}`);
    return;
  }
  const started = await client.call<{ redirectUrl: string }>(
    'pay-order',
    '/api/pay/pay-order',
    { orderId: order.id },
    token,
  );
  const authority = await client.choosePay(started.redirectUrl);
  const verified = await client.call<{ status: string }>(
    'verify-pay-order',
    '/api/pay/verify-pay-order',
    { authority, status: 'OK' },
  );
  if (verified.status !== 'paid')
    throw new Error(`verify left order ${order.id} ${verified.status}`);
}

/** The same number of sequential calls per flow as the target, to the bare route. */
async function baselineFlow(client: Client, viaGateway: boolean): Promise<void> {
  const calls = viaGateway ? 5 : 3;
  for (let index = 0; index < calls; index += 1) {
    await client.call('baseline', BASELINE_ROUTES.post.path, {});
  }
}

interface Figures {
  flowsPerSecond: number;
  flows: number;
  errors: number;
  flowLatencyMs: { p50: number; p99: number };
  steps: Record<string, { count: number; p50: number; p99: number }>;
  /** Where the measured part's CPU went, per flow (Linux only; see cpu-accounting.ts). */
  cpu: CpuPerFlow | null;
}

function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}

/** Runs `flow` for every customer at once for the warm-up, then for the measured duration. */
async function drive(
  server: RunningServer,
  flow: (client: Client, customer: number, iteration: number) => Promise<void>,
): Promise<Figures> {
  const times: StepTimes = {};
  const flowTimes: number[] = [];
  let errors = 0;
  let firstError: unknown = null;
  const warmupEnd = Date.now() + WARMUP_S * 1000;
  const end = warmupEnd + DURATION_S * 1000;
  // CPU is read when the measured part starts and when the last flow is done.
  let cpuAtStart: CpuSample | null = null;
  const startReading = canAccountCpu()
    ? setTimeout(() => {
        cpuAtStart = sampleCpu(server.pid, `vitrin_bench_${server.pid}`);
      }, WARMUP_S * 1000)
    : null;
  await Promise.all(
    Array.from({ length: CUSTOMERS }, async (_, customer) => {
      const warm = new Client(server.origin, null);
      const measured = new Client(server.origin, times);
      for (let iteration = 0; Date.now() < end; iteration += 1) {
        const measuring = Date.now() >= warmupEnd;
        const started = performance.now();
        try {
          await flow(measuring ? measured : warm, customer, iteration);
          if (measuring) flowTimes.push(performance.now() - started);
        } catch (error) {
          errors += 1;
          firstError ??= error;
        }
      }
    }),
  );
  if (startReading) clearTimeout(startReading);
  const cpu = cpuAtStart
    ? cpuPerFlow(cpuAtStart, sampleCpu(server.pid, `vitrin_bench_${server.pid}`), flowTimes.length)
    : null;
  if (firstError) console.error('first error:', firstError);
  const steps: Figures['steps'] = {};
  for (const [step, values] of Object.entries(times)) {
    steps[step] = {
      count: values.length,
      p50: percentile(values, 0.5),
      p99: percentile(values, 0.99),
    };
  }
  return {
    flowsPerSecond: Math.round((flowTimes.length / DURATION_S) * 10) / 10,
    flows: flowTimes.length,
    errors,
    flowLatencyMs: { p50: percentile(flowTimes, 0.5), p99: percentile(flowTimes, 0.99) },
    steps,
    cpu,
  };
}

async function main(): Promise<number> {
  const machine = machineDetails();
  console.log(
    `Vitrin checkout benchmark: ${CUSTOMERS} customers at once, ${WARMUP_S} s warm-up + ${DURATION_S} s, ` +
      `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}`,
  );
  const baselineServer = await startServer('baseline');
  const targetServer = await startServer('target', [`--customers=${CUSTOMERS}`]);

  const setup = new Client(targetServer.origin, null);
  const product = await setup.call<{ id: string }>('setup', '/api/store/get-product', {
    slug: PRODUCT_SLUG,
  });
  const tokens: string[] = [];
  for (let index = 0; index < CUSTOMERS; index += 1) {
    const identity = await setup.call<{ jwtToken: string }>('setup', '/api/jwt/authenticate', {
      username: benchMobile(index),
      password: BENCH_PASSWORD,
    });
    tokens.push(identity.jwtToken);
  }

  console.log('- baseline');
  const baseline = await drive(baselineServer, (client, _customer, iteration) =>
    baselineFlow(client, iteration % 2 === 0),
  );
  // Statements counted from here on are the run's (PostgreSQL only, see statement-counter.ts).
  const statementsUrl = `${targetServer.origin}/bench/statements`;
  if (process.env.BENCH_DATABASE_URL) await fetch(`${statementsUrl}?reset`);
  console.log('- target');
  const target = await drive(targetServer, (client, customer, iteration) =>
    checkoutFlow(client, tokens[customer] ?? '', product.id, iteration % 2 === 0),
  );
  const invariants = (await (await fetch(`${targetServer.origin}/bench/invariants`)).json()) as {
    problems: string[];
  };
  const statements = process.env.BENCH_DATABASE_URL
    ? ((await (await fetch(statementsUrl)).json()) as StatementCounts)
    : null;
  await stopAllChildren();

  const ratio = Math.round((target.flowsPerSecond / baseline.flowsPerSecond) * 1000) / 1000;
  console.table({
    baseline: {
      'flows/s': baseline.flowsPerSecond,
      p50: baseline.flowLatencyMs.p50,
      p99: baseline.flowLatencyMs.p99,
      errors: baseline.errors,
    },
    target: {
      'flows/s': target.flowsPerSecond,
      p50: target.flowLatencyMs.p50,
      p99: target.flowLatencyMs.p99,
      errors: target.errors,
    },
  });
  console.table(target.steps);
  if (baseline.cpu && target.cpu) {
    console.log('CPU ms per flow (machine cores busy on average, of all its cores):');
    console.table({
      baseline: { ...baseline.cpu.msPerFlow, 'cores busy': baseline.cpu.machineCoresBusy },
      target: { ...target.cpu.msPerFlow, 'cores busy': target.cpu.machineCoresBusy },
    });
  }
  if (statements) {
    console.table(statements.routes);
    console.log(
      `server CPU per request: ${statements.serverCpuMsPerRequest} ms; statements outside requests: ${statements.outsideRequests}`,
    );
  }
  console.log(`ratio (target flows/s over baseline): ${ratio}`);
  console.log(
    `invariants after the run: ${invariants.problems.length === 0 ? 'hold' : invariants.problems.join('; ')}`,
  );

  if (target.errors > 0 || baseline.errors > 0 || invariants.problems.length > 0) {
    console.error(`Not written to ${resultsFile}: errors or broken invariants.`);
    return 1;
  }
  writeReport(
    resultsName,
    machine,
    {
      customers: CUSTOMERS,
      warmupSeconds: WARMUP_S,
      durationSeconds: DURATION_S,
      product: PRODUCT_SLUG,
    },
    { baseline, target, ratio, invariantsHold: true, statements },
  );
  return 0;
}

await runBench(main);
