import fp from 'fastify-plugin';
import { sendError } from './errors';

/**
 * `/healthz`: the process answers (liveness). `/readyz`: it can serve, database and Redis
 * reachable and not shutting down (readiness; a load balancer stops sending when it fails).
 */
export default fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    // Probed every few seconds by load balancers: never rate-limited.
    const probe = { config: { rateLimit: false }, schema: { tags: ['ops'] } } as const;
    app.get('/healthz', probe, async () => ({ ok: true, data: { status: 'ok' } }));
    app.get('/readyz', probe, async (request, reply) => {
      if (closing) return sendError(reply, 'UNAVAILABLE');
      const checks: Record<string, 'ok' | 'absent' | 'failing'> = {
        database: 'ok',
        redis: 'absent',
      };
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'readiness: database unreachable');
        checks.database = 'failing';
      }
      if (app.redis) {
        try {
          await app.redis.ping();
          checks.redis = 'ok';
        } catch (error) {
          request.log.error({ err: error }, 'readiness: redis unreachable');
          checks.redis = 'failing';
        }
      }
      if (Object.values(checks).includes('failing')) return sendError(reply, 'UNAVAILABLE');
      return { ok: true, data: { status: 'ready', ...checks } };
    });
  },
  { name: 'health', dependencies: ['database', 'redis'] },
);
