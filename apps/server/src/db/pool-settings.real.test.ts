import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { type DatabaseHandle, openDatabase } from './client';
import { DEFAULT_DATABASE_POOL } from './pool-settings';

// The DB_* settings reach PostgreSQL (issue 23): a statement past its limit is cancelled by the
// server, a transaction left idle is ended, and a node opens no more connections than its pool.

let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  const testDatabase = await createTestDatabase();
  drop = testDatabase.drop;
  database = await openDatabase({
    url: testDatabase.url,
    dataDir: null,
    pool: {
      ...DEFAULT_DATABASE_POOL,
      size: 2,
      statementTimeoutMs: 300,
      idleInTransactionTimeoutMs: 400,
    },
  });
});
afterAll(async () => {
  await database.close();
  await drop();
});

test('each connection carries the limits', async () => {
  const shown = await database.executeSql(
    "select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle",
  );
  expect(shown.rows[0]).toEqual({ statement: '300ms', idle: '400ms' });
});

test('a statement past its limit is cancelled by the server', async () => {
  await expect(database.executeSql('select pg_sleep(2)')).rejects.toMatchObject({
    code: '57014',
  });
  // The pool still answers.
  expect((await database.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
});

test('no more connections than the pool holds, however many calls wait', async () => {
  const started = Date.now();
  const calls = Array.from({ length: 6 }, () => database.executeSql('select pg_sleep(0.1)'));
  await Promise.all(calls);
  // Six 0.1 s statements through two connections take three rounds.
  expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  const connections = await database.executeSql(
    'select count(*)::int as n from pg_stat_activity where datname = current_database()',
  );
  expect((connections.rows[0] as { n: number }).n).toBeLessThanOrEqual(2);
});
