import OldPgBoss from 'pg-boss-10';
import { afterEach, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createTestDatabase } from '../test/test-app';
import { JOB_QUEUE_SCHEMA, JobQueue } from './job-queue';
import type { Logger } from './logger';

// A database the job queue's previous major (pg-boss 10, every installation before issue 37)
// made, started by this version: the jobs that had not finished are kept (decision 0037).

const opened: Array<{ database: DatabaseHandle; drop: () => Promise<void>; queue?: JobQueue }> = [];

afterEach(async () => {
  for (const { database, drop, queue } of opened.splice(0)) {
    await queue?.stop();
    await database.close();
    await drop();
  }
});

async function freshDatabase(): Promise<DatabaseHandle> {
  const testDatabase = await createTestDatabase();
  const database = await openDatabase({ url: testDatabase.url, dataDir: null });
  opened.push({ database, drop: testDatabase.drop });
  return database;
}

function recordingLog(): { log: Logger; errors: unknown[] } {
  const errors: unknown[] = [];
  const log = {
    info() {},
    warn() {},
    debug() {},
    error(fields: unknown) {
      errors.push(fields);
    },
  } as unknown as Logger;
  return { log, errors };
}

/** pg-boss 10 on `database`, as the previous version ran it: its schema, queues and jobs. */
async function previousVersion(database: DatabaseHandle, queues: Record<string, string>) {
  const boss = new OldPgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: JOB_QUEUE_SCHEMA,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  for (const [name, policy] of Object.entries(queues)) {
    await boss.createQueue(name, { name, policy: policy as 'standard' });
  }
  return boss;
}

async function schemaExists(database: DatabaseHandle, name: string): Promise<boolean> {
  const { rows } = await database.executeSql(
    'select count(*)::int as count from pg_namespace where nspname = $1',
    [name],
  );
  return (rows[0] as { count: number }).count === 1;
}

test('jobs waiting or running under pg-boss 10 are queued again, with their ids, data, keys and times', async () => {
  const database = await freshDatabase();
  const old = await previousVersion(database, {
    'mail.send': 'standard',
    'services.provision': 'stately',
    'orders.checkout': 'singleton',
  });
  // Done under pg-boss 10: fetched and completed while it was the only one due.
  const done = await old.send('mail.send', { to: 'customer-1' });
  const [toFinish] = await old.fetch('mail.send', { batchSize: 10 });
  expect(toFinish?.id).toBe(done);
  await old.complete('mail.send', toFinish?.id ?? '');
  const later = new Date(Date.now() + 3_600_000);
  const delayed = await old.send('mail.send', { to: 'customer-2' }, { startAfter: later });
  const keyed = await old.send(
    'services.provision',
    { serviceId: 7 },
    { singletonKey: 'service-7' },
  );
  // Running when the node stopped: the fetch marks it active, and nothing ever completes it.
  const running = await old.send(
    'services.provision',
    { serviceId: 8 },
    { singletonKey: 'service-8' },
  );
  await old.fetch('services.provision', { batchSize: 1 });
  const waiting = await old.send('mail.send', { to: 'customer-3' });
  await old.send('orders.checkout', {}, { singletonKey: 'orders.checkout', singletonSeconds: 60 });
  await old.stop({ close: false, graceful: false, wait: true });

  const ran: Array<{ name: string; data: object }> = [];
  const queue = new JobQueue({ executor: database, log: recordingLog().log, work: false });
  opened[0] = { ...opened[0], queue } as (typeof opened)[number];
  for (const name of ['mail.send', 'services.provision']) {
    queue.define({
      name,
      policy: name === 'services.provision' ? 'stately' : 'standard',
      handler: async (data) => {
        ran.push({ name, data });
      },
    });
  }
  queue.periodic('orders.checkout', null, async () => {});
  await queue.start();

  expect(await schemaExists(database, `${JOB_QUEUE_SCHEMA}_v10`)).toBe(false);
  const { rows } = await database.executeSql(
    `select id, name, data, state, singleton_key as key, start_after > now() + interval '50 minutes' as later
       from ${JOB_QUEUE_SCHEMA}.job order by name, created_on`,
  );
  const byId = new Map((rows as Array<{ id: string }>).map((row) => [row.id, row]));
  // customer-1's job completed under pg-boss 10; the periodic run is the next period's to make.
  expect(rows).toHaveLength(4);
  expect(byId.get(done ?? '')).toBeUndefined();
  expect(byId.get(waiting ?? '')).toMatchObject({ data: { to: 'customer-3' }, state: 'created' });
  expect(byId.get(delayed ?? '')).toMatchObject({ data: { to: 'customer-2' }, later: true });
  expect(byId.get(keyed ?? '')).toMatchObject({ data: { serviceId: 7 }, key: 'service-7' });
  expect(byId.get(running ?? '')).toMatchObject({
    data: { serviceId: 8 },
    key: 'service-8',
    state: 'created',
    later: false,
  });

  // They run as any job does; the delayed one waits for its time.
  const report = await queue.drain();
  expect(report).toEqual({ completed: 3, failed: 0 });
  expect(ran).toEqual(
    expect.arrayContaining([
      { name: 'mail.send', data: { to: 'customer-3' } },
      { name: 'services.provision', data: { serviceId: 7 } },
      { name: 'services.provision', data: { serviceId: 8 } },
    ]),
  );
}, 60_000);

test('jobs of a queue this version does not have keep the old schema, said in the log, until one does', async () => {
  const database = await freshDatabase();
  const old = await previousVersion(database, {
    'mail.send': 'standard',
    'retired.job': 'standard',
  });
  await old.send('mail.send', { to: 'customer-1' });
  const orphan = await old.send('retired.job', { keep: true });
  await old.stop({ close: false, graceful: false, wait: true });

  const first = recordingLog();
  const queue = new JobQueue({ executor: database, log: first.log, work: false });
  queue.define({ name: 'mail.send', handler: async () => {} });
  await queue.start();
  await queue.stop();
  expect(await schemaExists(database, `${JOB_QUEUE_SCHEMA}_v10`)).toBe(true);
  expect(first.errors).toEqual([expect.objectContaining({ queues: ['retired.job (1)'] })]);
  expect(await queue.counts('mail.send')).toEqual({ created: 1 });

  // Started again with the queue back: the job moves, the mail is not queued twice, and the
  // old schema goes.
  const second = recordingLog();
  const again = new JobQueue({ executor: database, log: second.log, work: false });
  opened[0] = { ...opened[0], queue: again } as (typeof opened)[number];
  again.define({ name: 'mail.send', handler: async () => {} });
  again.define({ name: 'retired.job', handler: async () => {} });
  await again.start();
  expect(second.errors).toEqual([]);
  expect(await schemaExists(database, `${JOB_QUEUE_SCHEMA}_v10`)).toBe(false);
  expect(await again.counts('mail.send')).toEqual({ created: 1 });
  const { rows } = await database.executeSql(
    `select data from ${JOB_QUEUE_SCHEMA}.job where id = $1`,
    [orphan],
  );
  expect(rows).toEqual([{ data: { keep: true } }]);
}, 60_000);

test('a new database, and one this version made, are left as they are', async () => {
  const database = await freshDatabase();
  const first = new JobQueue({ executor: database, log: recordingLog().log, work: false });
  first.define({ name: 'mail.send', handler: async () => {} });
  await first.start();
  await first.send('mail.send', { to: 'customer-1' });
  await first.stop();
  const again = new JobQueue({ executor: database, log: recordingLog().log, work: false });
  opened[0] = { ...opened[0], queue: again } as (typeof opened)[number];
  again.define({ name: 'mail.send', handler: async () => {} });
  await again.start();
  expect(await again.counts('mail.send')).toEqual({ created: 1 });
  expect(await schemaExists(database, `${JOB_QUEUE_SCHEMA}_v10`)).toBe(false);
}, 60_000);
