import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

// The checkout and catalog benches' count of SQL statements per call (issue 24: "count
// statements and round-trips per step"). Every statement a pg client sends is counted against
// the request whose async context sent it; a transaction's BEGIN and COMMIT are statements too,
// and each is a round trip. Bench server only, never the product.

interface RequestCount {
  statements: number;
  /** With BENCH_LOG_STATEMENTS, the SQL of the request, printed once per route. */
  texts?: string[];
}

const logStatements = Boolean(process.env.BENCH_LOG_STATEMENTS);
const logged = new Set<string>();
/** With BENCH_LOG_STATEMENTS, how often each statement sent outside a request was sent. */
const outsideTexts = new Map<string, number>();

const current = new AsyncLocalStorage<RequestCount>();
const perRoute = new Map<string, { requests: number; statements: number; max: number }>();
let unattributed = 0;
let cpuSince = process.cpuUsage();
let requestsSince = 0;

function countOutside(text: string | undefined): void {
  unattributed += 1;
  if (!logStatements) return;
  const short = String(text).replace(/\s+/g, ' ').slice(0, 120);
  outsideTexts.set(short, (outsideTexts.get(short) ?? 0) + 1);
}

let installed = false;
function wrapDriver(): void {
  if (installed) return;
  installed = true;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    if (config && typeof config === 'object' && countedByPool in config) {
      return query.apply(this, args);
    }
    const count = current.getStore();
    if (count) {
      count.statements += 1;
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string }).text;
      count.texts?.push(String(text).slice(0, 300));
    } else {
      const [first] = args;
      countOutside(typeof first === 'string' ? first : (first as { text?: string }).text);
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  // A query through the pool may wait for a connection; pg-pool then sends it from the context of
  // whoever released one. So the pool counts it, in its caller's context, and marks the config
  // so that the client's count above leaves it alone.
  const poolQuery = pg.Pool.prototype.query as (...args: unknown[]) => unknown;
  pg.Pool.prototype.query = function countedPoolQuery(this: pg.Pool, ...args: unknown[]) {
    const [first, ...rest] = args;
    if (typeof first === 'function') return poolQuery.apply(this, args);
    const config =
      typeof first === 'string'
        ? { text: first, ...(Array.isArray(rest[0]) ? { values: rest.shift() } : {}) }
        : { ...(first as object) };
    const count = current.getStore();
    if (count) {
      count.statements += 1;
      count.texts?.push(String((config as { text?: string }).text).slice(0, 300));
    } else countOutside((config as { text?: string }).text);
    Object.defineProperty(config, countedByPool, { value: true });
    return poolQuery.apply(this, [config, ...rest]);
  } as typeof pg.Pool.prototype.query;
}

const countedByPool = Symbol('counted by the pool');

/** Counts each request's statements by route; read them with `statementCounts()`. */
export function countStatements(app: FastifyInstance): void {
  wrapDriver();
  // Before Fastify's own listener, so the request's whole life runs in its count's context: an
  // `onRequest` hook added here would run after those of the app's scopes, and the session check
  // of a signed-in call would count as outside any request.
  app.server.prependListener('request', () => {
    current.enterWith(logStatements ? { statements: 0, texts: [] } : { statements: 0 });
  });
  app.addHook('onResponse', async (request) => {
    requestsSince += 1;
    const count = current.getStore();
    if (!count) return;
    const route = request.routeOptions.url ?? request.url;
    if (count.texts && !logged.has(route) && count.statements > 0) {
      logged.add(route);
      process.stderr.write(`\n== ${route}\n${count.texts.join('\n')}\n`);
    }
    const entry = perRoute.get(route) ?? { requests: 0, statements: 0, max: 0 };
    entry.requests += 1;
    entry.statements += count.statements;
    entry.max = Math.max(entry.max, count.statements);
    perRoute.set(route, entry);
  });
}

/** Statements per request by route since the last reset, and those sent outside any request. */
export function statementCounts(reset: boolean) {
  const routes = Object.fromEntries(
    [...perRoute].map(([route, entry]) => [
      route,
      {
        requests: entry.requests,
        statementsPerRequest: Math.round((entry.statements / entry.requests) * 100) / 100,
        maxStatements: entry.max,
      },
    ]),
  );
  const cpu = process.cpuUsage(cpuSince);
  const answer = {
    routes,
    ...(logStatements
      ? {
          outsideByText: Object.fromEntries(
            [...outsideTexts].sort((a, b) => b[1] - a[1]).slice(0, 15),
          ),
        }
      : {}),
    outsideRequests: unattributed,
    // All of the server process's CPU time (user + system) over the requests answered.
    serverCpuMsPerRequest:
      requestsSince > 0 ? Math.round((cpu.user + cpu.system) / requestsSince / 10) / 100 : null,
  };
  if (reset) {
    perRoute.clear();
    unattributed = 0;
    cpuSince = process.cpuUsage();
    requestsSince = 0;
  }
  return answer;
}
