import { sql } from 'drizzle-orm';
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

/** The rows of a `db.execute` answer (node-postgres's result). */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** The statements this connection holds prepared, by text (pg_prepared_statements is per session). */
async function preparedOn(handle: DatabaseHandle): Promise<string[]> {
  // In one transaction: the question and the statements it is about share a connection.
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`select ${1}::int as warm`);
    await tx.execute(sql`select ${2}::int as warm`);
    const rows = await tx.execute(
      sql`select statement from pg_prepared_statements where not from_sql and ${true}`,
    );
    return rowsOf<{ statement: string }>(rows).map((row) => row.statement);
  });
}

test('a statement with parameters is prepared once per connection and reused (decision 0032)', async () => {
  const statements = await preparedOn(database);
  // Sent twice with other values, the text is prepared once.
  expect(statements.filter((text) => text.includes('as warm'))).toEqual(['select $1::int as warm']);
});

test('DB_PREPARED_STATEMENTS=0 prepares nothing (a pooler in transaction mode)', async () => {
  const testDatabase = await createTestDatabase();
  const unprepared = await openDatabase({
    url: testDatabase.url,
    dataDir: null,
    pool: { ...DEFAULT_DATABASE_POOL, size: 1, preparedStatements: 0 },
  });
  try {
    expect(await preparedOn(unprepared)).toEqual([]);
  } finally {
    await unprepared.close();
    await testDatabase.drop();
  }
});

test('a connection prepares no more texts than its limit, and still runs the others', async () => {
  const testDatabase = await createTestDatabase();
  const limited = await openDatabase({
    url: testDatabase.url,
    dataDir: null,
    pool: { ...DEFAULT_DATABASE_POOL, size: 1, preparedStatements: 3 },
  });
  try {
    const answers = await limited.db.transaction(async (tx) => {
      const got: number[] = [];
      for (let shape = 1; shape <= 6; shape += 1) {
        const values = Array.from({ length: shape }, (_, index) => sql`${index + 1}::int`);
        const [row] = rowsOf<{ n: number }>(
          await tx.execute(sql`select array_length(array[${sql.join(values, sql`, `)}], 1) as n`),
        );
        got.push(row?.n ?? 0);
      }
      const prepared = await tx.execute(
        sql`select count(*)::int as n from pg_prepared_statements where not from_sql and ${true}`,
      );
      return { got, prepared: rowsOf<{ n: number }>(prepared)[0]?.n };
    });
    expect(answers.got).toEqual([1, 2, 3, 4, 5, 6]);
    expect(answers.prepared).toBe(3);
  } finally {
    await limited.close();
    await testDatabase.drop();
  }
});
