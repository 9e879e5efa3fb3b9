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

function countOne(text: string | undefined): void {
  const count = current.getStore();
  if (!count) {
    countOutside(text);
    return;
  }
  count.statements += 1;
  count.texts?.push(String(text).slice(0, 300));
}

function textOf(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  return (first as { text?: string } | null | undefined)?.text;
}

// Each statement is counted once, where a client is asked to send it, in the async context of
// whoever asked. Two things stand in the way:
//
// - A client's `query` may be the client's own, not its prototype's: the server's pool names
//   prepared statements on each connection (`namePreparedStatements`, src/db/client.ts) with a
//   `query` of its own that sends through the `client.query` it bound when the connection
//   opened. On a connection opened before this counter was installed (the bench's target seeds
//   first), that is pg's own, which no wrapper on the prototype ever sees. So each client the
//   pool hands out gets a counting layer over its own `query`, and a statement sent through
//   that layer is not counted again by the prototype's wrapper beneath it (`sending`: the layers
//   call each other synchronously; pg only queues the statement there).
// - pg-pool answers a `pool.query` or `pool.connect` that waits for a connection from whoever
//   released one, in that caller's async context. So the pool's `connect` callback is run in its
//   caller's context (pool.query sends through it); `await pool.connect()` keeps its own.
//
// (Before: the pool counted its queries and marked their config so that the client's wrapper
// left them alone; but the naming layer re-sends `{ ...config, name }`, without the mark, so a
// pooled statement with parameters on a connection opened after the install counted twice, the
// second time against whichever request released the connection; and statements on a checked-
// out connection opened before the install, such as a transaction's, counted not at all.)
const counting = new WeakSet<object>();
let sending = 0;

function countingQuery(send: (...args: unknown[]) => unknown) {
  const counted = function countedQuery(this: unknown, ...args: unknown[]) {
    if (sending > 0) return send.apply(this, args);
    countOne(textOf(args[0]));
    sending += 1;
    try {
      return send.apply(this, args);
    } finally {
      sending -= 1;
    }
  };
  counting.add(counted);
  return counted;
}

/** A client with a `query` of its own gets a counting layer over it (see above). */
function countOwnQuery(client: unknown): void {
  if (!client || typeof client !== 'object' || !Object.hasOwn(client, 'query')) return;
  const own = client as { query: (...args: unknown[]) => unknown };
  if (counting.has(own.query)) return;
  own.query = countingQuery(own.query);
}

let installed = false;
function wrapDriver(): void {
  if (installed) return;
  installed = true;
  pg.Client.prototype.query = countingQuery(
    pg.Client.prototype.query as (...args: unknown[]) => unknown,
  ) as typeof pg.Client.prototype.query;
  const connect = pg.Pool.prototype.connect as (...args: unknown[]) => unknown;
  pg.Pool.prototype.connect = function countedConnect(this: pg.Pool, ...args: unknown[]) {
    const [callback] = args;
    if (typeof callback !== 'function') {
      return (connect.apply(this, args) as Promise<pg.PoolClient>).then((client) => {
        countOwnQuery(client);
        return client;
      });
    }
    const store = current.getStore();
    return connect.call(this, (error: unknown, client: unknown, ...rest: unknown[]) => {
      countOwnQuery(client);
      return current.run(store as RequestCount, () => callback(error, client, ...rest));
    });
  } as typeof pg.Pool.prototype.connect;
}

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
