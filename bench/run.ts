import autocannon from 'autocannon';
import {
  machineDetails,
  type RunningServer,
  resultsFileOf,
  runBench,
  startServer,
  stopAllChildren,
  writeReport,
} from './processes';
import { BASELINE_ROUTES, type Scenario, scenarios } from './scenarios';

const CONNECTIONS = 50;
const PIPELINING = 1;
const WARMUP_S = 2;
const DEFAULT_DURATION_S = 10;
const MAX_DURATION_S = 600;
const PROBE_TIMEOUT_MS = 5_000;

const resultsFile = resultsFileOf('api');

interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  connections?: number;
  varyClientAddress?: boolean;
  bodyFor?: (n: number) => unknown;
}

let addressCounter = 0;
/** A different documentation-range client address for each request. */
function nextClientAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

interface Figures {
  requestsPerSecond: number;
  latencyMs: { p50: number; p97_5: number; p99: number };
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface ScenarioResult {
  name: string;
  method: Scenario['method'];
  path: string;
  baselineRoute: LoadRequest;
  baseline: Figures;
  target: Figures;
  /** Target requests/s over baseline requests/s: the share of the bare route's rate we keep. */
  ratio: number;
  /** Target p99 latency over baseline p99 latency. */
  p99LatencyRatio: number;
  /** On PostgreSQL: SQL statements the target sent per request (each one a round trip). */
  statementsPerRequest?: number;
}

interface StatementCounts {
  routes: Record<string, { requests: number; statementsPerRequest: number }>;
}

/** The target's statements per request on `path` since the last reset (PostgreSQL only). */
async function statementsOf(server: RunningServer, path: string, reset: boolean) {
  if (!process.env.BENCH_DATABASE_URL) return undefined;
  const response = await fetch(`${server.origin}/bench/statements${reset ? '?reset' : ''}`);
  const counts = (await response.json()) as StatementCounts;
  return counts.routes[path]?.statementsPerRequest ?? 0;
}

function readDurationSeconds(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_DURATION_S;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_DURATION_S) {
    throw new Error(`BENCH_DURATION_S must be a whole number of seconds, 1 to ${MAX_DURATION_S}`);
  }
  return seconds;
}

function requestInit(request: LoadRequest): {
  method: LoadRequest['method'];
  headers: Record<string, string>;
  body?: string;
} {
  return request.method === 'POST'
    ? {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request.body ?? {}),
      }
    : { method: 'GET', headers: {} };
}

function withClientAddress(request: LoadRequest, headers: Record<string, string>) {
  return request.varyClientAddress
    ? { ...headers, 'x-forwarded-for': nextClientAddress() }
    : headers;
}

/** One request before the load, so a wrong answer fails with its body rather than a count. */
async function probe(server: RunningServer, request: LoadRequest): Promise<void> {
  const init = requestInit(request);
  const response = await fetch(`${server.origin}${request.path}`, {
    ...init,
    headers: withClientAddress(request, init.headers),
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(
      `${server.kind} ${request.method} ${request.path} answered ${response.status}: ${text}`,
    );
  }
}

let bodyCounter = 0;

function load(server: RunningServer, request: LoadRequest, seconds: number) {
  const { bodyFor, varyClientAddress } = request;
  const varies = bodyFor !== undefined || varyClientAddress === true;
  return autocannon({
    url: `${server.origin}${request.path}`,
    ...requestInit(request),
    ...(varies
      ? {
          requests: [
            {
              setupRequest: (sent: autocannon.Request) => ({
                ...sent,
                ...(bodyFor ? { body: JSON.stringify(bodyFor(++bodyCounter)) } : {}),
                headers: varyClientAddress
                  ? { ...sent.headers, 'x-forwarded-for': nextClientAddress() }
                  : sent.headers,
              }),
            },
          ],
        }
      : {}),
    connections: request.connections ?? CONNECTIONS,
    pipelining: PIPELINING,
    duration: seconds,
  });
}

async function measure(
  server: RunningServer,
  request: LoadRequest,
  durationS: number,
): Promise<Figures> {
  await probe(server, request);
  await load(server, request, WARMUP_S);
  const result = await load(server, request, durationS);
  return {
    requestsPerSecond: Math.round(result.requests.mean),
    latencyMs: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
    },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function divide(numerator: number, denominator: number): number {
  return denominator === 0 ? Number.NaN : Math.round((numerator / denominator) * 1000) / 1000;
}

function problemsOf(result: ScenarioResult): string[] {
  return (['baseline', 'target'] as const).flatMap((kind) => {
    const { non2xx, errors } = result[kind];
    return non2xx > 0 || errors > 0
      ? [`${result.name} (${kind}): ${non2xx} non-2xx answers, ${errors} errors`]
      : [];
  });
}

function formatTable(results: ScenarioResult[]): string {
  const header = [
    'scenario',
    'server',
    'req/s',
    'p50 ms',
    'p97.5 ms',
    'p99 ms',
    'non-2xx',
    'errors',
  ];
  const rows: string[][] = [header];
  for (const result of results) {
    for (const kind of ['baseline', 'target'] as const) {
      const figures = result[kind];
      rows.push([
        kind === 'baseline' ? result.name : '',
        kind,
        String(figures.requestsPerSecond),
        String(figures.latencyMs.p50),
        String(figures.latencyMs.p97_5),
        String(figures.latencyMs.p99),
        String(figures.non2xx),
        String(figures.errors),
      ]);
    }
    rows.push(['', 'ratio', String(result.ratio), '', '', String(result.p99LatencyRatio), '', '']);
    if (result.statementsPerRequest !== undefined) {
      rows.push(['', 'SQL/req', String(result.statementsPerRequest), '', '', '', '', '']);
    }
  }
  const widths = header.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column < 2 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

// BENCH_ONLY=<part of a name> runs only the scenarios whose name contains it, and writes no
// results file: a recorded file holds a whole run.
const only = process.env.BENCH_ONLY;
const chosen = only ? scenarios.filter((scenario) => scenario.name.includes(only)) : scenarios;

async function main(): Promise<number> {
  const durationS = readDurationSeconds(process.env.BENCH_DURATION_S);
  const machine = machineDetails();
  if (chosen.length === 0) throw new Error(`BENCH_ONLY=${only}: no scenario's name contains it`);
  console.log(
    `Vitrin API benchmark: ${chosen.length} scenarios, ${CONNECTIONS} connections, ` +
      `${WARMUP_S} s warm-up + ${durationS} s each, baseline then target`,
  );
  const baselineServer = await startServer('baseline');
  const targetServer = await startServer('target');

  const results: ScenarioResult[] = [];
  for (const scenario of chosen) {
    const baselineRoute: LoadRequest = {
      ...BASELINE_ROUTES[scenario.baseline],
      ...(scenario.baseline === 'post' ? { body: scenario.body } : {}),
      ...(scenario.connections ? { connections: scenario.connections } : {}),
    };
    console.log(`- ${scenario.name}`);
    const baseline = await measure(baselineServer, baselineRoute, durationS);
    await statementsOf(targetServer, scenario.path, true);
    const target = await measure(targetServer, scenario, durationS);
    const statementsPerRequest = await statementsOf(targetServer, scenario.path, false);
    results.push({
      name: scenario.name,
      method: scenario.method,
      path: scenario.path,
      baselineRoute,
      baseline,
      target,
      ratio: divide(target.requestsPerSecond, baseline.requestsPerSecond),
      p99LatencyRatio: divide(target.latencyMs.p99, baseline.latencyMs.p99),
      ...(statementsPerRequest === undefined ? {} : { statementsPerRequest }),
    });
  }
  await stopAllChildren();

  console.log(`\n${formatTable(results)}\n`);
  const problems = results.flatMap(problemsOf);
  if (problems.length > 0) {
    console.error(`Not written to ${resultsFile}: a benchmark of errors is not a benchmark.`);
    for (const problem of problems) console.error(`  - ${problem}`);
    return 1;
  }
  if (only) {
    console.log(
      `BENCH_ONLY=${only}: not written to ${resultsFile} (a recorded file is a whole run).`,
    );
    return 0;
  }
  writeReport(
    'api',
    machine,
    {
      connections: CONNECTIONS,
      pipelining: PIPELINING,
      warmupSeconds: WARMUP_S,
      durationSeconds: durationS,
    },
    { scenarios: results },
  );
  return 0;
}

await runBench(main);
