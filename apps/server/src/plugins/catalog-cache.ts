import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PublicCache } from '../lib/public-cache';

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: {
      readonly answers: PublicCache;
      /**
       * Call after any change to products, themes, articles or home content: this node
       * forgets its cached answers at once, and every other node does on Redis's message.
       */
      invalidate(): Promise<void>;
    };
  }
}

// Short enough that counters on the home page and a newly due article appear soon even with
// no invalidation; long enough that a busy store page is computed about once a minute.
const TTL_MS = 60_000;
const MAX_ENTRIES = 2000;
// Whatever filters people (or a crawler) try, the cache holds at most this much.
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * The in-process cache of public catalog answers, and its invalidation across nodes: with
 * REDIS_URL set, an invalidation is published on a channel every node subscribes to.
 */
export default fp(
  async (app) => {
    const answers = new PublicCache({
      maxEntries: MAX_ENTRIES,
      maxBytes: MAX_BYTES,
      ttlMs: TTL_MS,
    });
    const channel = `${app.config.redisKeyPrefix}catalog-changed`;
    const subscriber = app.redis?.duplicate() ?? null;
    if (subscriber) {
      subscriber.on('error', (error) => app.log.warn({ err: error }, 'redis subscriber error'));
      subscriber.on('message', (from) => {
        if (from === channel) answers.invalidate();
      });
      await subscriber.subscribe(channel);
      app.addHook('onClose', async () => {
        await subscriber.quit().catch(() => subscriber.disconnect());
      });
    }
    app.decorate('catalogCache', {
      answers,
      invalidate: async () => {
        answers.invalidate();
        await app.redis?.publish(channel, String(Date.now()));
      },
    });
  },
  { name: 'catalog-cache', dependencies: ['config', 'redis'] },
);

/**
 * Answers a staff change's result once every node has forgotten its public catalog answers, so
 * the store and the articles show the change at once (decision 0010). Call after the commit.
 */
export async function afterCatalogChange<T>(app: FastifyInstance, result: T): Promise<T> {
  await app.catalogCache.invalidate();
  return result;
}

/** The same for a change that may have changed nothing: the cache is kept then. */
export async function afterCatalogChangeIf<T>(
  app: FastifyInstance,
  result: { view: T; changed: boolean },
): Promise<T> {
  if (result.changed) await app.catalogCache.invalidate();
  return result.view;
}
