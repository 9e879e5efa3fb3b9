import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from '@vitrin/server/src/app';
import { testConfig } from '@vitrin/server/src/config';
import { DEFAULT_DATABASE_POOL } from '@vitrin/server/src/db/pool-settings';
import { createScratchDatabase } from '@vitrin/server/src/db/scratch-database';
import { seedDemoData } from '@vitrin/server/src/demo/seed';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { addBenchCustomers, benchInvariants } from './checkout-setup';
import { buildLiveBaseline } from './live-baseline';
import { BASELINE_ROUTES } from './scenarios';
import { countStatements, statementCounts } from './statement-counter';

// Far above what a run sends, so no answer is a 429, while the limiter still does its
// per-request bookkeeping as it does in production.
const BENCH_RATE_LIMIT_PER_MINUTE = 10_000_000;
// The live bench opens its thousands of tracker sockets from one address (127.0.0.1), where
// production's limit (120 connects a minute per address) would refuse all but the first few;
// like the rate limit above, the limiter still spends a point on every connect.
const BENCH_LIVE_CONNECTS_PER_MINUTE = 10_000_000;
const CLOSE_GRACE_MS = 3_000;

/** The floor: Fastify with nothing registered but one POST and one GET route. */
function buildBaseline(): FastifyInstance {
  const app = Fastify();
  app.post(BASELINE_ROUTES.post.path, async () => ({ ok: true, data: {} }));
  app.get(BASELINE_ROUTES.get.path, async () => ({ ok: true, data: {} }));
  return app;
}

/**
 * With BENCH_DATABASE_URL (a PostgreSQL server the bench may create databases on), the target
 * runs on a fresh database of its own, dropped when it stops; otherwise on in-memory PGlite.
 */
async function benchDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  // `--existing-database=<url>` (scale.ts): a database the bench already migrated, seeded and
  // grew; the target opens it as it is and leaves it to the bench, which drops it.
  const existingUrl = process.argv
    .find((arg) => arg.startsWith('--existing-database='))
    ?.slice('--existing-database='.length);
  if (existingUrl) return { url: existingUrl, drop: async () => {} };
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: async () => {} };
  return createScratchDatabase(adminUrl, `vitrin_bench_${process.pid}`);
}

const isBaseline = process.argv.includes('--baseline');
/** The live sockets bench (live.ts): a Socket.IO baseline, and the memory route on both sides. */
const isLive = process.argv.includes('--live');

const database = isBaseline ? { url: undefined, drop: async () => {} } : await benchDatabase();
/**
 * Each target run keeps its Redis keys under a prefix of its own, deleted when it stops, as its
 * PostgreSQL database is: a run must not count the visitors (or the still-online sockets) of
 * the run before it.
 */
const redisKeyPrefix = `vitrin-bench-${process.pid}:`;

/** The whole Vitrin server, set up as production would be. */
function buildTarget(): Promise<FastifyInstance> {
  // 'production' only switches on the HSTS header and the Secure cookie flag, so each answer
  // carries what a real one does; logs stay silent (see README.md).
  return buildApp(
    testConfig({
      env: 'production',
      rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE,
      liveConnectsPerMinute: BENCH_LIVE_CONNECTS_PER_MINUTE,
      // The sign-in scenario needs the demo accounts and per-request client addresses: the load
      // generator stands for one proxy in front, its X-Forwarded-For entry the client.
      seedDemoData: true,
      trustProxy: 1,
      databaseUrl: database.url,
      // BENCH_DB_POOL_SIZE: the pool size to measure with (DB_POOL_SIZE in production).
      ...(process.env.BENCH_DB_POOL_SIZE
        ? {
            databasePool: {
              ...DEFAULT_DATABASE_POOL,
              size: Number(process.env.BENCH_DB_POOL_SIZE),
            },
          }
        : {}),
      redisUrl: process.env.BENCH_REDIS_URL,
      redisKeyPrefix,
    }),
    { seed: seedDemoData },
  );
}

const liveBaseline = isBaseline && isLive ? buildLiveBaseline() : null;
const app = liveBaseline?.app ?? (isBaseline ? buildBaseline() : await buildTarget());
const benchCustomers = Number(
  process.argv.find((arg) => arg.startsWith('--customers='))?.slice('--customers='.length) ?? 0,
);
if (!isBaseline && database.url) {
  // On PostgreSQL the target counts its statements per call (bench server only).
  countStatements(app);
  app.get('/bench/statements', async (request) =>
    statementCounts('reset' in (request.query as object)),
  );
}
if (benchCustomers > 0) {
  // The checkout bench's own question after its run (bench server only, never the product).
  app.get('/bench/invariants', async () => ({ problems: await benchInvariants(app) }));
  await app.ready();
  await addBenchCustomers(app.db, benchCustomers);
}

if (isLive) {
  // The live bench's questions to the server it measures (bench server only, never the product):
  // its memory after a full collection and the Engine.IO connections open; its CPU time so far
  // and how late its event loop ran since the last such question.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const io = liveBaseline?.io ?? app.live.io;
  app.get('/bench/memory', async () => {
    gc();
    gc();
    return { memory: process.memoryUsage(), engineConnections: io.engine.clientsCount };
  });
  const resolutionMs = 10;
  const loopDelay = monitorEventLoopDelay({ resolution: resolutionMs });
  loopDelay.enable();
  // The histogram holds each interval between its timer's runs: the delay is what exceeds it.
  const delayMs = (nanoseconds: number) =>
    Math.round(Math.max(0, nanoseconds / 1e6 - resolutionMs) * 10) / 10;
  app.get('/bench/cpu', async () => {
    const answer = {
      cpu: process.cpuUsage(),
      eventLoopDelayMs: { p99: delayMs(loopDelay.percentile(99)), max: delayMs(loopDelay.max) },
    };
    loopDelay.reset();
    return answer;
  });
}

/** Deletes this run's Redis keys (see `redisKeyPrefix`) once the app has closed. */
async function dropRedisKeys(redis: Redis): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisKeyPrefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(1), CLOSE_GRACE_MS).unref();
  const redis = isBaseline ? null : app.redis?.duplicate();
  await app.close();
  if (redis) await dropRedisKeys(redis);
  await database.drop();
  process.exit(0);
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
// run.ts holds our stdin open: when it goes away for any reason, even SIGKILL, so do we.
process.stdin.on('end', shutdown);
process.stdin.on('close', shutdown);
process.stdin.resume();

await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
process.stdout.write(`${JSON.stringify({ port })}\n`);
