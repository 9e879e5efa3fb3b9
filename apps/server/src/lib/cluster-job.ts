import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export interface ClusterJob {
  name: string;
  /** The same on every node: only the node holding this advisory lock runs the job. */
  lockKey: number;
  run(): Promise<void>;
}

/**
 * Runs `job` every `intervalMs` on whichever node gets its advisory lock first: once per
 * cluster, whatever the number of nodes. The lock is held by a transaction around the run, so a
 * node that dies mid-run releases it with its connection. Stops when the app closes.
 */
export function scheduleClusterJob(app: FastifyInstance, job: ClusterJob, intervalMs: number) {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= runOnce(app, job)
      .then(() => undefined)
      .catch((error) => app.log.error({ err: error, job: job.name }, 'scheduled job failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

/** One run of `job` if this node gets the lock; answers whether it ran. */
export async function runOnce(app: FastifyInstance, job: ClusterJob): Promise<boolean> {
  // The embedded database is one process's own: nobody else can run the job. (Its single
  // connection would also wait forever on a transaction held around the run's own queries.)
  if (app.database.kind === 'pglite') {
    await job.run();
    return true;
  }
  return app.db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${job.lockKey}) as got`);
    const got = (result as unknown as { rows: Array<{ got: boolean }> }).rows[0]?.got === true;
    if (got) await job.run();
    return got;
  });
}
