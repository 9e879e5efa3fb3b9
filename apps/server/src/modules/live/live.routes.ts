import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { getLiveActivity, getLiveDomains, LIVE_TRACKER_SCRIPT_PATH } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';
import { ifNoneMatchHits, registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import { userLiveDomains, userOwnsDomain } from './live-domains';
import { createLiveService, type LiveService } from './live-service';
import { createLiveSockets } from './live-socket';
import { createMemoryVisitorCounts } from './memory-visitor-counts';
import { createRedisVisitorCounts } from './redis-visitor-counts';
import { HEARTBEAT_INTERVAL_MS, type VisitorCountStore } from './visitor-counts';

/** Visits are written to PostgreSQL this often (and at close). */
const FLUSH_INTERVAL_MS = 1000;
/**
 * The script URL has no version (customers paste it once): a day's caching, then revalidated
 * by ETag, and served stale for a week while it is (docs/live-protocol.md §8.7).
 */
const TRACKER_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

declare module 'fastify' {
  interface FastifyInstance {
    live: {
      service: LiveService;
      store: VisitorCountStore;
      /** Socket.IO, attached to this server's HTTP server at LIVE_SOCKET_PATH. */
      io: Awaited<ReturnType<typeof createLiveSockets>>['io'];
      nodeId: string;
      /** Marks this node's tracker connections alive (every HEARTBEAT_INTERVAL_MS). */
      heartbeat(at?: Date): Promise<void>;
      /** The live job's one run: prunes old page views. */
      runJobOnce(): Promise<boolean>;
    };
  }
}

/** Registered with fastify-plugin so that `app.live` is visible to the whole app. */
export const liveRoutes = fp(registerLive, {
  name: 'live',
  dependencies: ['auth', 'database', 'redis'],
});

async function registerLive(app: FastifyInstance) {
  const store = app.redis
    ? createRedisVisitorCounts(app.redis, app.config.redisKeyPrefix)
    : createMemoryVisitorCounts();
  const service = createLiveService({ db: app.db, store, log: app.log });
  const sockets = await createLiveSockets(app, { service, store, now: () => new Date() });
  sockets.io.attach(app.server);

  const job = app.jobs.periodic('live.prune', app.config.jobsIntervalMs, async (now) => {
    const pruned = await service.pruneVisits(now);
    if (pruned > 0) app.log.info({ pruned }, 'old live visits deleted');
  });

  app.decorate('live', {
    service,
    store,
    io: sockets.io,
    nodeId: sockets.nodeId,
    heartbeat: sockets.heartbeat,
    runJobOnce: () => job.runOnce(),
  });

  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    const beat = setInterval(() => {
      sockets.heartbeat().catch((error) => app.log.warn({ err: error }, 'live heartbeat failed'));
    }, HEARTBEAT_INTERVAL_MS);
    const flush = setInterval(() => {
      service.flush().catch((error) => app.log.error({ err: error }, 'live flush failed'));
    }, FLUSH_INTERVAL_MS);
    beat.unref();
    flush.unref();
    timers.push(beat, flush);
  });
  // Sockets close before the HTTP server does, so Fastify's close never waits on them.
  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await sockets.close();
  });
  app.addHook('onClose', async () => {
    await service.flush();
  });

  await registerTrackerScript(app);

  await withUser(app, async (scope) => {
    registerCall(scope, getLiveDomains, async (_input, { user }) => {
      const rows = await userLiveDomains(app.db, user.id);
      const at = new Date();
      const domains = await Promise.all(
        rows.map(async (row) => ({
          ...row,
          hasVisits: (await service.counts(row.domainName, at)).allVisitorsCount > 0,
        })),
      );
      return {
        domains,
        trackerScriptUrl: `${app.config.publicUrl}${LIVE_TRACKER_SCRIPT_PATH}`,
      };
    });

    registerCall(scope, getLiveActivity, async ({ domainName }, { user }) => {
      if (!(await userOwnsDomain(app.db, user.id, domainName))) throw new AppError('NOT_FOUND');
      const at = new Date();
      // This node's queued visits first, so the feed shows what the counts already include.
      await service.flush();
      const [userCount, activity] = await Promise.all([
        service.counts(domainName, at),
        service.activity(domainName, at),
      ]);
      return { userCount, ...activity };
    });
  });
}

/** `/live/tracker.js`: the built tracker, gzipped once, with an ETag (protocol §8.7). */
async function registerTrackerScript(app: FastifyInstance) {
  const file = app.config.trackerScriptFile;
  const script = file ? await readFile(file) : null;
  const gzipped = script ? gzipSync(script, { level: 9 }) : null;
  const etag = script
    ? `"${createHash('sha256').update(script).digest('base64url').slice(0, 27)}"`
    : null;

  app.get(LIVE_TRACKER_SCRIPT_PATH, async (request, reply) => {
    if (!script || !gzipped || !etag) {
      throw new AppError('NOT_FOUND', 'اسکریپت ردیاب ساخته نشده است (npm run build)');
    }
    // Loaded by the customers' pages, on other sites: helmet's same-origin default would block it.
    reply
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', TRACKER_CACHE_CONTROL)
      .header('etag', etag)
      .header('vary', 'Accept-Encoding')
      .header('content-type', 'text/javascript; charset=utf-8');
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
      return reply.code(304).send();
    }
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      return reply.header('content-encoding', 'gzip').send(gzipped);
    }
    return reply.send(script);
  });
}
