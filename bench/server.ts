import type { AddressInfo } from 'node:net';
import { buildApp } from '@vitrin/server/src/app';
import { testConfig } from '@vitrin/server/src/config';
import { createScratchDatabase } from '@vitrin/server/src/db/scratch-database';
import Fastify, { type FastifyInstance } from 'fastify';
import { addBenchCustomers, benchInvariants } from './checkout-setup';
import { BASELINE_ROUTES } from './scenarios';

// Far above what a run sends, so no answer is a 429, while the limiter still does its
// per-request bookkeeping as it does in production.
const BENCH_RATE_LIMIT_PER_MINUTE = 10_000_000;
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
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: async () => {} };
  return createScratchDatabase(adminUrl, `vitrin_bench_${process.pid}`);
}

const database = process.argv.includes('--baseline')
  ? { url: undefined, drop: async () => {} }
  : await benchDatabase();

/** The whole Vitrin server, set up as production would be. */
function buildTarget(): Promise<FastifyInstance> {
  // 'production' only switches on the HSTS header and the Secure cookie flag, so each answer
  // carries what a real one does; logs stay silent (see README.md).
  return buildApp(
    testConfig({
      env: 'production',
      rateLimitPerMinute: BENCH_RATE_LIMIT_PER_MINUTE,
      // The sign-in scenario needs the demo accounts and per-request client addresses.
      seedDemoData: true,
      trustProxy: true,
      databaseUrl: database.url,
      redisUrl: process.env.BENCH_REDIS_URL,
    }),
  );
}

const app = process.argv.includes('--baseline') ? buildBaseline() : await buildTarget();
const benchCustomers = Number(
  process.argv.find((arg) => arg.startsWith('--customers='))?.slice('--customers='.length) ?? 0,
);
if (benchCustomers > 0) {
  // The checkout bench's own question after its run (bench server only, never the product).
  app.get('/bench/invariants', async () => ({ problems: await benchInvariants(app) }));
  await addBenchCustomers(app, benchCustomers);
}

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(1), CLOSE_GRACE_MS).unref();
  await app.close();
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
