import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';
import { type JobWithMetadata, PgBoss } from 'pg-boss';
import type { Transaction } from '../db/client';
import { setAsideOldSchema, takeOverOldJobs } from './job-queue-upgrade';
import type { Logger } from './logger';

// The durable job queue (issue 20, decision 0019): pg-boss on the same PostgreSQL (or the
// embedded PGlite) as everything else. A job is a row: it survives a crash, is retried with
// exponential backoff, and lands in the failed state (the dead letter) once its retries are
// spent. A job sent inside a transaction exists exactly when that transaction commits.

/** pg-boss's tables live in their own schema, installed and upgraded by pg-boss itself. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/**
 * The NOTIFY channel that wakes workers: a job's queue name, sent in the transaction that
 * queued it, so every node hears of it the moment it commits instead of at its next poll.
 */
export const JOB_WAKE_CHANNEL = 'vitrin_jobs';

/**
 * pg-boss fetches a job only once `start_after < now()`, and a job sent without a delay starts
 * at the `now()` of its insert. The embedded database's clock moves in whole milliseconds, so a
 * fetch in the same millisecond as the send does not see the job yet (a test's drain right
 * after a payment once missed its job this way and ran it in the next test). Whoever fetches
 * right after a send waits this long first.
 */
const CLOCK_STEP_MS = 2;

/**
 * How often a running job tells the database it is alive (pg-boss refreshes it at half this).
 * A job whose node died (SIGKILL, power, a lost network) stops refreshing and is failed, and
 * retried or taken up by the next period, once the monitor finds it this stale: within
 * HEARTBEAT_SECONDS + MONITOR_SECONDS of the crash, instead of waiting out its expiry.
 */
export const HEARTBEAT_SECONDS = 20;

/** Seconds between pg-boss's monitor passes (expiring jobs, failing silent ones) in the cluster. */
const MONITOR_SECONDS = 10;

/** Runs one SQL text with `$n` parameters: how pg-boss reaches the database. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The database the queue runs on: SQL, and (for waking workers) LISTEN. */
export interface QueueDatabase extends SqlExecutor {
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface JobContext {
  id: string;
  /** 0 on the first run, 1 on the first retry… */
  retryCount: number;
  retryLimit: number;
  /** True when a failure now would be the last: the job goes to the dead letter after it. */
  lastAttempt: boolean;
}

export interface JobDefinition<T extends object> {
  name: string;
  handler(data: T, context: JobContext): Promise<void>;
  /** Retries after the first run (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time with backoff (default 10). */
  retryDelaySeconds?: number;
  /** Exponential backoff between retries (default true). */
  retryBackoff?: boolean;
  /**
   * A run longer than this counts as failed and is retried (default 5 minutes), even while its
   * node is alive: the bound on a hung run. A dead node's run is failed sooner, by its heartbeat.
   */
  expireInSeconds?: number;
  /**
   * `standard`: any number at once. `singleton`: at most one active in the whole cluster (the
   * periodic jobs: two nodes never run them at the same time). `stately`: per singleton key, at
   * most one waiting and one running (a service's provisioning: a second request while one
   * waits is dropped).
   */
  policy?: 'standard' | 'singleton' | 'stately';
  /** Jobs one worker runs at once on this node (default 1). */
  concurrency?: number;
  /** Seconds between polls while the queue is idle (default: the queue's setting, 2). */
  pollingIntervalSeconds?: number;
}

export interface SendOptions {
  /** Send as part of this transaction: the job exists only if it commits. */
  tx?: Transaction;
  /** On a `stately` queue, one waiting job per key: a second send while one waits is dropped. */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
}

export interface PeriodicJob {
  /** Queues one run now and runs it on this node; answers whether it ran. */
  runOnce(now?: Date): Promise<boolean>;
}

export interface DrainReport {
  completed: number;
  failed: number;
}

/** A SQL text with `$n` parameters as a Drizzle SQL, so it runs on a Drizzle transaction. */
function drizzleSql(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    // A parameter as it is, an array included (Drizzle would spread an array into a list).
    chunks.push(sql`${sql.param(values[Number(match[1]) - 1] ?? null)}`);
    last = (match.index ?? 0) + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

/** pg-boss's executor on a Drizzle transaction. */
function transactionExecutor(tx: Transaction): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(drizzleSql(text, values))) as unknown as {
        rows: unknown[];
      };
      return { rows: result.rows };
    },
  };
}

/**
 * The transaction a send from `sendInTransaction` runs in, for the writer's own reads (pg-boss
 * looks the queue up before it inserts): every statement of that send goes through it.
 */
const sendingIn = new AsyncLocalStorage<SqlExecutor>();
const currentTransaction: SqlExecutor = {
  executeSql: (text, values) => {
    const executor = sendingIn.getStore();
    if (!executor) return Promise.reject(new Error('a transaction must be given'));
    return executor.executeSql(text, values);
  },
};
let transactionWriter: PgBoss | null = null;

/**
 * Queues a job as part of `tx`, from code that holds a transaction but not the app (a service
 * settling a payment): the job exists exactly when `tx` commits, and any node's queue runs it.
 * The job's queue must exist (its module defined it). Answers the job's id, or null when a job
 * with the same singleton key already waits on a `stately` queue.
 */
export async function sendInTransaction<T extends object>(
  tx: Transaction,
  name: string,
  data: T,
  options: Omit<SendOptions, 'tx'> = {},
): Promise<string | null> {
  transactionWriter ??= new PgBoss({ db: currentTransaction, schema: JOB_QUEUE_SCHEMA });
  const writer = transactionWriter;
  const executor = transactionExecutor(tx);
  const id = await sendingIn
    .run(executor, () =>
      writer.send(name, data, {
        db: executor,
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      }),
    )
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === 'PGBOSS_QUEUE_NOT_FOUND') {
        throw new Error(`no queue named ${name}`);
      }
      throw error;
    });
  // Delivered at commit, once per name however many jobs the transaction queued.
  if (id !== null && !options.startAfter) {
    await tx.execute(sql`select pg_notify(${JOB_WAKE_CHANNEL}, ${name})`);
  }
  return id;
}

/**
 * Whether this database has the job queue yet. Only the demo seed writes before any server
 * made it (seed-cli runs before the server): there is nobody to send a notice to then.
 */
export async function jobQueueExists(tx: Transaction): Promise<boolean> {
  const result = await tx.execute(
    sql`select to_regclass(${`${JOB_QUEUE_SCHEMA}.job`}) is not null as "exists"`,
  );
  const rows = (result as unknown as { rows: Array<{ exists: boolean }> }).rows;
  return rows[0]?.exists === true;
}

export interface JobQueueOptions {
  executor: QueueDatabase;
  log: Logger;
  /**
   * Poll for jobs and run them on this node, and do pg-boss's upkeep (expiring stuck jobs,
   * archiving). Off in tests: they run jobs by hand with `drain`.
   */
  work: boolean;
  /** Seconds between polls of an idle queue (default 2). */
  pollingIntervalSeconds?: number;
}

/**
 * The app's job queue. Define every job before `start`; send from anywhere after it. With
 * `work` off nothing runs by itself: `drain` runs what is due, as a test or an operator asks.
 */
export class JobQueue {
  private boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private readonly intervals = new Map<string, number>();
  private readonly periodicNames = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  /** This node's worker ids per queue: woken when a job of theirs is queued anywhere. */
  private readonly workers = new Map<string, string[]>();
  private unlisten: (() => Promise<void>) | null = null;
  private started = false;

  constructor(private readonly options: JobQueueOptions) {
    this.boss = this.newBoss();
  }

  private newBoss(): PgBoss {
    const executor = this.options.executor;
    const boss = new PgBoss({
      // Only SQL: pg-boss would read our `listen` as its own, which has another shape.
      db: { executeSql: (text, values) => executor.executeSql(text, values) },
      schema: JOB_QUEUE_SCHEMA,
      migrate: true,
      supervise: this.options.work,
      // The monitor (expiring jobs, failing those whose heartbeat stopped) runs once per
      // MONITOR_SECONDS across the cluster; a pass needs both timers.
      monitorIntervalSeconds: MONITOR_SECONDS,
      superviseIntervalSeconds: MONITOR_SECONDS,
      schedule: false,
      // The instance registry (pg-boss's record of live nodes) only for nodes that run jobs.
      registerInstance: this.options.work,
    });
    boss.on('error', (error) => this.options.log.error({ err: error }, 'job queue error'));
    return boss;
  }

  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.started) throw new Error(`job ${definition.name} defined after the queue started`);
    if (this.definitions.has(definition.name)) {
      throw new Error(`job ${definition.name} defined twice`);
    }
    this.definitions.set(definition.name, definition as JobDefinition<object>);
  }

  /** Installs or upgrades pg-boss's schema, creates the queues, and starts the workers. */
  async start(): Promise<void> {
    // A database pg-boss 10 made: its schema out of the way first (job-queue-upgrade.ts).
    await setAsideOldSchema(this.options.executor, JOB_QUEUE_SCHEMA);
    // Nodes starting together on a new database race to install the schema: pg-boss checks,
    // then creates, and the loser's CREATE SCHEMA fails. The winner's install is complete once
    // it commits, so a fresh start finds it (a failed PgBoss cannot be started again).
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.boss.start();
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
        this.options.log.warn({ err: error, attempt }, 'job queue start failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        this.boss = this.newBoss();
      }
    }
    this.started = true;
    for (const definition of this.definitions.values()) await this.ensureQueue(definition);
    await takeOverOldJobs(
      this.options.executor,
      this.boss,
      JOB_QUEUE_SCHEMA,
      new Set(this.definitions.keys()),
      this.periodicNames,
      this.options.log,
    );
    if (!this.options.work) return;
    for (const [name, intervalMs] of this.intervals) this.offerEvery(name, intervalMs);
    for (const definition of this.definitions.values()) {
      // `concurrency` workers of one job each, rather than one worker fetching a batch: a
      // batch is done only when its slowest job is, and the others would wait for it.
      const ids: string[] = [];
      for (let slot = 0; slot < (definition.concurrency ?? 1); slot += 1) {
        let id = '';
        id = await this.boss.work(
          definition.name,
          {
            includeMetadata: true,
            batchSize: 1,
            pollingIntervalSeconds:
              definition.pollingIntervalSeconds ?? this.options.pollingIntervalSeconds ?? 2,
          },
          async (jobs: JobWithMetadata<object>[]) => {
            // The job is settled here (not by pg-boss from a throw), as drain does; pg-boss
            // keeps its heartbeat while it runs.
            for (const job of jobs) await this.runAndSettle(definition, job, { heartbeat: false });
            // A worker that found work looks again at once: pg-boss would otherwise wait out
            // the polling interval even with jobs waiting (a burst of payments).
            if (jobs.length > 0) this.boss.notifyWorker(id);
          },
        );
        ids.push(id);
      }
      this.workers.set(definition.name, ids);
    }
    try {
      this.unlisten = await this.options.executor.listen(JOB_WAKE_CHANNEL, (name) =>
        this.wake(name),
      );
    } catch (error) {
      // Polling still runs every job; only the wait before it is longer.
      this.options.log.warn({ err: error }, 'job queue cannot listen for new jobs; polling only');
    }
  }

  /** Wakes this node's idle workers of `name` to fetch now (a job of theirs was queued). */
  private wake(name: string): void {
    const ids = this.workers.get(name) ?? [];
    if (ids.length === 0) return;
    // After the clock has moved on: see CLOCK_STEP_MS.
    setTimeout(() => {
      for (const id of ids) this.boss.notifyWorker(id);
    }, CLOCK_STEP_MS).unref();
  }

  /** Stops polling and waits for the jobs running here (up to 20 s); leaves the database open. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
    if (!this.started) return;
    await this.boss.stop({ close: false, graceful: true, timeout: 20_000 });
  }

  /** Queues a job; answers its id, or null when a job with the same singleton key waits. */
  async send<T extends object>(
    name: string,
    data: T,
    options: SendOptions = {},
  ): Promise<string | null> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`no job named ${name}`);
    if (options.tx) return sendInTransaction(options.tx, name, data, options);
    const id = await this.boss.send(name, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
    if (id !== null && !options.startAfter) {
      await this.options.executor.executeSql('select pg_notify($1, $2)', [JOB_WAKE_CHANNEL, name]);
    }
    return id;
  }

  /**
   * A job the cluster runs every `intervalMs` (null: never by itself), one run at a time across
   * all nodes: each node offers a run per period and the singleton slot lets one through. Its
   * `runOnce` queues a run and drains it here (tests, an operator), with `now` as the clock.
   */
  periodic(
    name: string,
    intervalMs: number | null,
    run: (now: Date) => Promise<void>,
  ): PeriodicJob {
    this.define<{ at?: string }>({
      name,
      policy: 'singleton',
      // The next period is the retry. A run whose node dies stops its heartbeat and is failed
      // within HEARTBEAT_SECONDS + MONITOR_SECONDS, which frees the slot for the next run (a
      // period's run may already wait behind it); a run that hangs on a live node is failed at
      // its expiry. Every periodic job is re-runnable: it works from the database's state.
      retryLimit: 0,
      expireInSeconds: 15 * 60,
      handler: (data) => run(data.at ? new Date(data.at) : new Date()),
    });
    this.periodicNames.add(name);
    if (intervalMs !== null) this.intervals.set(name, intervalMs);
    return {
      runOnce: async (now?: Date) => {
        await this.send(name, now ? { at: now.toISOString() } : {});
        const report = await this.drain([name]);
        return report.completed > 0;
      },
    };
  }

  /**
   * Runs every due job of the named queues (all when none named) on this node, one at a time,
   * until none is due. Retries whose delay has not passed wait unless `includeDelayed`.
   */
  async drain(
    names?: readonly string[],
    options: { includeDelayed?: boolean } = {},
  ): Promise<DrainReport> {
    const report: DrainReport = { completed: 0, failed: 0 };
    const targets = names ?? [...this.definitions.keys()];
    let settled = false;
    for (let round = 0; round < 1000; round += 1) {
      let ran = 0;
      for (const name of targets) {
        const definition = this.definitions.get(name);
        if (!definition) throw new Error(`no job named ${name}`);
        const jobs = await this.boss.fetch<object>(name, {
          includeMetadata: true,
          batchSize: 50,
          ignoreStartAfter: options.includeDelayed === true,
        });
        for (const job of jobs) {
          ran += 1;
          if (await this.runAndSettle(definition, job, { heartbeat: true })) report.completed += 1;
          else report.failed += 1;
        }
      }
      if (ran === 0) {
        // A job sent in the clock's current tick is not due yet (see CLOCK_STEP_MS): one more
        // look once it has passed, so a job sent just before drain is never left behind.
        if (settled) return report;
        settled = true;
        await new Promise((resolve) => setTimeout(resolve, CLOCK_STEP_MS));
      } else {
        settled = false;
      }
    }
    throw new Error('jobs kept coming after 1000 rounds');
  }

  /** Jobs of `name` by state, for the console and tests. */
  async counts(name: string): Promise<Record<string, number>> {
    const { rows } = await this.options.executor.executeSql(
      `select state, count(*)::int as count from ${JOB_QUEUE_SCHEMA}.job where name = $1 group by state`,
      [name],
    );
    return Object.fromEntries(
      (rows as Array<{ state: string; count: number }>).map((row) => [row.state, row.count]),
    );
  }

  private offerEvery(name: string, intervalMs: number): void {
    const seconds = Math.max(1, Math.round(intervalMs / 1000));
    const offer = () => {
      this.boss
        .send(name, {}, { singletonKey: name, singletonSeconds: seconds })
        .catch((error) => this.options.log.error({ err: error, job: name }, 'could not queue job'));
    };
    offer();
    const timer = setInterval(offer, intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  private async ensureQueue(definition: JobDefinition<object>): Promise<void> {
    const settings = {
      policy: definition.policy ?? 'standard',
      retryLimit: definition.retryLimit ?? 5,
      retryDelay: definition.retryDelaySeconds ?? 10,
      retryBackoff: definition.retryBackoff ?? true,
      expireInSeconds: definition.expireInSeconds ?? 300,
      heartbeatSeconds: HEARTBEAT_SECONDS,
    };
    // Nodes starting together create the same queues at once: the loser's insert conflicts or
    // deadlocks on the partition; once the winner commits, looking again finds the queue.
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (await this.boss.getQueue(definition.name)) {
          // A queue's policy is fixed when it is made.
          const { policy: _policy, ...changeable } = settings;
          await this.boss.updateQueue(definition.name, changeable);
        } else {
          await this.boss.createQueue(definition.name, settings);
        }
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  /**
   * Runs one job and records the outcome; answers whether it succeeded. With `heartbeat`, keeps
   * the job's heartbeat while it runs (a job fetched by hand; pg-boss keeps a worker's). The
   * outcome is recorded for this attempt only: a run the monitor has given up on (its node
   * looked dead) and another node took up again is not settled by this late one.
   */
  private async runAndSettle(
    definition: JobDefinition<object>,
    job: JobWithMetadata<object>,
    options: { heartbeat: boolean },
  ): Promise<boolean> {
    const context: JobContext = {
      id: job.id,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      lastAttempt: job.retryCount >= job.retryLimit,
    };
    const attempt = { id: job.id, retryCount: job.retryCount };
    const heartbeat =
      options.heartbeat && job.heartbeatSeconds
        ? setInterval(
            () => {
              this.boss
                .touch(definition.name, [attempt])
                .catch((error) => this.options.log.warn({ err: error }, 'job heartbeat failed'));
            },
            (job.heartbeatSeconds * 1000) / 2,
          )
        : null;
    try {
      await definition.handler(job.data, context);
    } catch (error) {
      this.options.log.warn(
        { err: error, job: definition.name, jobId: job.id, attempt: job.retryCount + 1 },
        'job failed',
      );
      await this.boss.fail(definition.name, [attempt], { message: (error as Error).message });
      return false;
    } finally {
      if (heartbeat) clearInterval(heartbeat);
    }
    await this.boss.complete(definition.name, [attempt]);
    return true;
  }
}
