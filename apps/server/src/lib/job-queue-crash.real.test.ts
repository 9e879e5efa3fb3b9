import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { serverRoot } from '../paths';
import { createTestDatabase } from '../test/test-app';
import { HEARTBEAT_SECONDS, JOB_QUEUE_SCHEMA, JobQueue } from './job-queue';
import type { Logger } from './logger';

// Issue 37, measured from outside on PostgreSQL: a node killed with SIGKILL in the middle of a
// periodic run left that run `active` for the job's 15-minute expiry, and the cluster ran the
// job no more (payment reconciliation and order expiry stopped everywhere). A run's heartbeat
// stops with its node; the monitor fails it and another node runs the next period.

const PERIOD_MS = 3_000;
/** The dead run's heartbeat goes stale, a monitor pass (10 s) finds it, a period goes by. */
const TAKEN_UP_WITHIN_MS = (HEARTBEAT_SECONDS + 2 * 10) * 1000 + 2 * PERIOD_MS;

const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;
let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let database: DatabaseHandle;
let survivor: JobQueue | null = null;
const children: ChildProcess[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase({ url: testDatabase.url, dataDir: null });
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await survivor?.stop();
  await database?.close();
  await testDatabase?.drop();
});

/** A node whose periodic run starts and never ends; resolves once the run has started. */
async function startHungNode(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(serverRoot, 'src/test/periodic-worker-process.ts')],
    {
      cwd: path.join(serverRoot, '../..'),
      env: { PATH: process.env.PATH, DATABASE_URL: testDatabase.url, PERIOD_MS: String(PERIOD_MS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the node exited (${code}) before its run`)));
  });
  return child;
}

async function jobStates(): Promise<Record<string, number>> {
  const { rows } = await database.executeSql(
    `select state, count(*)::int as count from ${JOB_QUEUE_SCHEMA}.job
      where name = 'crash.periodic' group by state`,
  );
  return Object.fromEntries(
    (rows as Array<{ state: string; count: number }>).map((row) => [row.state, row.count]),
  );
}

test('a node killed mid-run holds up its periodic job for less than a minute, not its expiry', async () => {
  const hung = await startHungNode();
  hung.kill('SIGKILL');
  await new Promise((resolve) => hung.once('exit', resolve));
  const killedAt = Date.now();
  // The dead node's run holds the job's one slot.
  expect(await jobStates()).toMatchObject({ active: 1 });

  // Another node of the cluster, running the same periodic job.
  const runs: number[] = [];
  survivor = new JobQueue({ executor: database, log: quiet, work: true });
  survivor.periodic('crash.periodic', PERIOD_MS, async () => {
    runs.push(Date.now());
  });
  await survivor.start();

  const deadline = killedAt + TAKEN_UP_WITHIN_MS;
  while (runs.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(runs.length, `no run within ${TAKEN_UP_WITHIN_MS} ms of the kill`).toBeGreaterThan(0);
  // The dead run was failed (its heartbeat stopped), not left active.
  const { rows } = await database.executeSql(
    `select output from ${JOB_QUEUE_SCHEMA}.job where name = 'crash.periodic' and state = 'failed'`,
  );
  expect(rows).toEqual([
    { output: expect.objectContaining({ value: { message: 'job heartbeat timeout' } }) },
  ]);
  // And the job keeps its period after that.
  const resumedAt = runs[0] ?? 0;
  while (runs.length < 3 && Date.now() < resumedAt + 4 * PERIOD_MS + 5_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(runs.length).toBeGreaterThanOrEqual(3);
}, 120_000);
