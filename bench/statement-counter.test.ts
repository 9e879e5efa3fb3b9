import type { AddressInfo } from 'node:net';
import { type DatabaseHandle, openDatabase } from '@vitrin/server/src/db/client';
import { DEFAULT_DATABASE_POOL } from '@vitrin/server/src/db/pool-settings';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { countStatements, statementCounts } from './statement-counter';

// The bench's statement counter on the bench's own wiring (server.ts): the server's PostgreSQL
// pool (prepared statement names and all), connections opened before the counter is installed
// (server.ts installs it after the app has seeded), then requests in flight at once through real
// HTTP, more of them than the pool has connections, so some wait for one.

const IN_FLIGHT = 8;
const ROUNDS = 3;
const POOL_SIZE = 4;
/** A few milliseconds in each statement, so that the requests do overlap. */
const nap = sql`pg_sleep(0.005)`;

let handle: DatabaseHandle;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL: the statement counter needs PostgreSQL');
  handle = await openDatabase({
    url,
    dataDir: null,
    pool: { ...DEFAULT_DATABASE_POOL, size: POOL_SIZE },
  });
  // Two connections open before the counter is, as the seed leaves them on the bench's target.
  await Promise.all([handle.executeSql('select 1'), handle.executeSql('select 2')]);

  app = Fastify();
  countStatements(app);
  let n = 0;
  // Drizzle through the pool: pool.query(config, values), a prepared statement name added.
  app.get('/one', async () => {
    n += 1;
    await handle.db.execute(sql`select ${nap}, ${n}::int as n`);
    return { ok: true };
  });
  // Drizzle's transaction: client.query on a client checked out of the pool.
  app.get('/transaction', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select ${nap}, ${1}::int as n`);
      await tx.execute(sql`select ${nap}`);
    });
    return { ok: true };
  });
  // pool.query(text) and pool.query(text, values), as the job queue sends its SQL.
  app.get('/text', async () => {
    await handle.executeSql('select pg_sleep(0.005)');
    await handle.executeSql('select pg_sleep(0.005), $1::int as n', [2]);
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  statementCounts(true);
});

afterAll(async () => {
  await app?.close();
  await handle?.close();
});

test('each statement counts once, against the request that sent it, with requests in flight at once', async () => {
  for (let round = 0; round < ROUNDS; round += 1) {
    const answers = await Promise.all(
      ['/one', '/transaction', '/text'].flatMap((path) =>
        Array.from({ length: IN_FLIGHT }, () => fetch(`${origin}${path}`)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
  }
  const counts = statementCounts(true);
  const requests = IN_FLIGHT * ROUNDS;
  expect(counts.routes).toEqual({
    '/one': { requests, statementsPerRequest: 1, maxStatements: 1 },
    // BEGIN, two statements, COMMIT.
    '/transaction': { requests, statementsPerRequest: 4, maxStatements: 4 },
    '/text': { requests, statementsPerRequest: 2, maxStatements: 2 },
  });
  expect(counts.outsideRequests).toBe(0);
});
