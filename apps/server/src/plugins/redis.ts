import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared state between nodes; null when REDIS_URL is unset (one process, in memory). */
    redis: Redis | null;
  }
}

export default fp(
  async (app) => {
    if (!app.config.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(app.config.redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
    });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis', dependencies: ['config'] },
);
