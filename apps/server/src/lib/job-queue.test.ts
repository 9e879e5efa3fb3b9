import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createTestDatabase } from '../test/test-app';
import { JOB_QUEUE_SCHEMA, type JobContext, JobQueue, sendInTransaction } from './job-queue';
import type { Logger } from './logger';

// The job queue on the database the run uses (PGlite, and PostgreSQL in CI): what survives,
// what is retried, what is never done twice.

const quiet: Logger = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;

let database: DatabaseHandle;
let drop: () => Promise<void>;
const queues: JobQueue[] = [];

beforeAll(async () => {
  const testDatabase = await createTestDatabase();
  drop = testDatabase.drop;
  database = await openDatabase({ url: testDatabase.url, dataDir: null });
  await database.migrate();
});

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await database.close();
  await drop();
});

function newQueue(options: { work?: boolean; pollingIntervalSeconds?: number } = {}): JobQueue {
  const queue = new JobQueue({
    executor: database,
    log: quiet,
    work: options.work ?? false,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5,
  });
  queues.push(queue);
  return queue;
}

test('a job sent in a transaction exists only if the transaction commits', async () => {
  const seen: number[] = [];
  const queue = newQueue();
  queue.define<{ n: number }>({ name: 'tx-bound', handler: async ({ n }) => void seen.push(n) });
  await queue.start();

  await database.db.transaction(async (tx) => {
    await queue.send('tx-bound', { n: 1 }, { tx });
  });
  await expect(
    database.db.transaction(async (tx) => {
      await queue.send('tx-bound', { n: 2 }, { tx });
      throw new Error('the settlement failed');
    }),
  ).rejects.toThrow('the settlement failed');

  expect(await queue.drain(['tx-bound'])).toEqual({ completed: 1, failed: 0 });
  expect(seen).toEqual([1]);
});

test('code holding only a transaction queues a job that any node runs', async () => {
  const seen: string[] = [];
  const queue = newQueue();
  queue.define<{ serviceId: string }>({
    name: 'from-a-service',
    handler: async ({ serviceId }) => void seen.push(serviceId),
  });
  await queue.start();
  await database.db.transaction((tx) =>
    sendInTransaction(tx, 'from-a-service', { serviceId: 's1' }),
  );
  await expect(
    database.db.transaction((tx) => sendInTransaction(tx, 'no-such-queue', { serviceId: 's2' })),
  ).rejects.toThrow('no queue named no-such-queue');
  expect(await queue.drain(['from-a-service'])).toEqual({ completed: 1, failed: 0 });
  expect(seen).toEqual(['s1']);
});

test('a failing job is retried with growing delays, then rests in the failed state', async () => {
  const attempts: JobContext[] = [];
  const queue = newQueue();
  queue.define<object>({
    name: 'always-fails',
    retryLimit: 2,
    retryDelaySeconds: 30,
    handler: async (_data, context) => {
      attempts.push(context);
      throw new Error('panel down');
    },
  });
  await queue.start();
  const id = await queue.send('always-fails', {});

  // The first retry waits its delay: a plain drain does not run it early.
  expect(await queue.drain(['always-fails'])).toEqual({ completed: 0, failed: 1 });
  const { rows } = await database.executeSql(
    `select state, start_after > now() + interval '20 seconds' as delayed from ${JOB_QUEUE_SCHEMA}.job where id = $1`,
    [id],
  );
  expect(rows).toEqual([{ state: 'retry', delayed: true }]);

  expect(await queue.drain(['always-fails'], { includeDelayed: true })).toEqual({
    completed: 0,
    failed: 2,
  });
  expect(attempts.map((attempt) => [attempt.retryCount, attempt.lastAttempt])).toEqual([
    [0, false],
    [1, false],
    [2, true],
  ]);
  expect(await queue.counts('always-fails')).toEqual({ failed: 1 });
  // Spent: nothing runs it again.
  expect(await queue.drain(['always-fails'], { includeDelayed: true })).toEqual({
    completed: 0,
    failed: 0,
  });
});

test('on a stately queue a key lets one job through while one with that key waits', async () => {
  const queue = newQueue();
  queue.define<{ serviceId: string }>({
    name: 'keyed',
    policy: 'stately',
    handler: async () => {},
  });
  await queue.start();
  const first = await queue.send('keyed', { serviceId: 'a' }, { singletonKey: 'provision:a' });
  const second = await queue.send('keyed', { serviceId: 'a' }, { singletonKey: 'provision:a' });
  const other = await queue.send('keyed', { serviceId: 'b' }, { singletonKey: 'provision:b' });
  expect(first).not.toBeNull();
  expect(second).toBeNull();
  expect(other).not.toBeNull();
  expect(await queue.drain(['keyed'])).toEqual({ completed: 2, failed: 0 });
});

test('a periodic job never runs on two nodes at once', async () => {
  let running = 0;
  let mostAtOnce = 0;
  let runs = 0;
  const nodes = [newQueue(), newQueue()];
  const jobs = nodes.map((queue) =>
    queue.periodic('upkeep', null, async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 50));
      running -= 1;
      runs += 1;
    }),
  );
  for (const queue of nodes) await queue.start();
  const ran = await Promise.all([jobs[0]?.runOnce(), jobs[1]?.runOnce(), jobs[0]?.runOnce()]);
  expect(ran).toContain(true);
  expect(mostAtOnce).toBe(1);
  expect(runs).toBeGreaterThanOrEqual(1);
});

test('the periodic clock is passed to the run', async () => {
  const clocks: string[] = [];
  const queue = newQueue();
  const job = queue.periodic('clocked', null, async (now) => void clocks.push(now.toISOString()));
  await queue.start();
  expect(await job.runOnce(new Date('2027-03-21T08:00:00Z'))).toBe(true);
  expect(clocks).toEqual(['2027-03-21T08:00:00.000Z']);
});

test('a worker node picks up a job by itself, and another node sent it', async () => {
  const done = new Promise<string>((resolve) => {
    const worker = newQueue({ work: true });
    worker.define<{ name: string }>({ name: 'greet', handler: async ({ name }) => resolve(name) });
    void worker.start();
  });
  const sender = newQueue();
  sender.define<{ name: string }>({ name: 'greet', handler: async () => {} });
  await sender.start();
  await sender.send('greet', { name: 'سارا' });
  expect(await done).toBe('سارا');
});

test('a job sent right before a drain is run by it, even within the clock’s millisecond', async () => {
  const queue = newQueue();
  let runs = 0;
  const job = queue.periodic('at-once', null, async () => {
    runs += 1;
  });
  await queue.start();
  for (let round = 1; round <= 40; round += 1) {
    expect(await job.runOnce()).toBe(true);
    expect(runs).toBe(round);
  }
});

test('a job queued in a transaction wakes the idle workers when it commits, not at their next poll', async () => {
  let ranAt = 0;
  const ran = new Promise<void>((resolve) => {
    const worker = newQueue({ work: true, pollingIntervalSeconds: 60 });
    worker.define({
      name: 'woken',
      handler: async () => {
        ranAt = Date.now();
        resolve();
      },
    });
    void worker.start();
  });
  // The worker's first poll finds nothing; the next would be a minute later.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const committedAt = await database.db.transaction(async (tx) => {
    await sendInTransaction(tx, 'woken', {});
    // Not before the commit: the notice is delivered with it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ranAt).toBe(0);
    return Date.now();
  });
  await ran;
  expect(ranAt - committedAt).toBeLessThan(5_000);
});

test('a worker that found work looks again at once instead of waiting out its poll', async () => {
  const worker = newQueue({ work: true, pollingIntervalSeconds: 60 });
  const done: number[] = [];
  worker.define<{ n: number }>({
    name: 'backlog',
    handler: async ({ n }) => {
      done.push(n);
    },
  });
  const sender = newQueue();
  sender.define<{ n: number }>({ name: 'backlog', handler: async () => {} });
  await sender.start();
  // Queued before the worker starts: no notice will come, only its first poll finds them.
  for (let n = 1; n <= 5; n += 1) await sender.send('backlog', { n });
  await worker.start();
  await expect.poll(() => done.length, { timeout: 5_000 }).toBe(5);
});

test('a slow job does not hold back the others of its queue on the same node', async () => {
  let releaseSlow: () => void = () => {};
  const slowGate = new Promise<void>((resolve) => {
    releaseSlow = resolve;
  });
  const order: string[] = [];
  const worker = newQueue({ work: true, pollingIntervalSeconds: 0.5 });
  let fastDone: () => void = () => {};
  const fast = new Promise<void>((resolve) => {
    fastDone = resolve;
  });
  worker.define<{ kind: string }>({
    name: 'mixed',
    concurrency: 2,
    handler: async ({ kind }) => {
      if (kind === 'slow') await slowGate;
      order.push(kind);
      if (kind === 'fast') fastDone();
    },
  });
  await worker.start();
  await worker.send('mixed', { kind: 'slow' });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await worker.send('mixed', { kind: 'fast' });
  await fast;
  expect(order).toEqual(['fast']);
  releaseSlow();
  await expect.poll(() => order, { timeout: 5_000 }).toEqual(['fast', 'slow']);
});

test('the queue installs its schema once, whatever the number of nodes starting', async () => {
  const starts = [newQueue(), newQueue(), newQueue()].map((queue) => {
    queue.define({ name: 'same-everywhere', handler: async () => {} });
    return queue.start();
  });
  await Promise.all(starts);
  const result = await database.db.execute(
    sql`select count(*)::int as count from pgboss.queue where name = 'same-everywhere'`,
  );
  expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ count: 1 }]);
});

test('a node that works jobs keeps up the queue’s upkeep without an error, on either database', async () => {
  // pg-boss's upkeep sends scripts (`begin; lock; …; commit`) and reads the rows of each of their
  // statements: an executor answering only the last one made every pass fail on PGlite.
  const errors: unknown[] = [];
  const log = { ...quiet, error: (fields: unknown) => void errors.push(fields) } as Logger;
  const queue = new JobQueue({ executor: database, log, work: true });
  queues.push(queue);
  queue.define({ name: 'kept-up', handler: async () => {} });
  await queue.start();
  const maintained = async () => {
    const { rows } = await database.executeSql(
      `select maintain_on is not null as "maintained" from ${JOB_QUEUE_SCHEMA}.queue where name = $1`,
      ['kept-up'],
    );
    return (rows[0] as { maintained: boolean } | undefined)?.maintained === true;
  };
  await expect.poll(maintained, { timeout: 30_000, interval: 250 }).toBe(true);
  // The pass goes on after it stamps the queue: the deletion walk and the rest.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(errors).toEqual([]);
}, 45_000);
