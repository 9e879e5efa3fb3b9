import fp from 'fastify-plugin';
import { JobQueue } from '../lib/job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (decision 0019): modules define their jobs while they register. */
    jobs: JobQueue;
  }
}

/**
 * The job queue on the app's database. Modules define jobs as they register; the queue starts
 * once the app is ready (so every job is defined) and stops, letting running jobs finish,
 * before the database closes.
 */
export default fp(
  async (app) => {
    const jobs = new JobQueue({
      executor: app.database,
      log: app.log,
      work: app.config.jobWorkers,
    });
    app.decorate('jobs', jobs);
    app.addHook('onReady', () => jobs.start());
    app.addHook('preClose', () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['config', 'database'] },
);
