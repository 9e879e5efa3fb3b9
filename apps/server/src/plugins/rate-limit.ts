import rateLimit from '@fastify/rate-limit';
import { defaultErrorMessages } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { rateLimitKeyOf } from '../lib/client-address';
import { fallbackRateStore } from '../lib/fallback-rate-store';

/** Persian text for a limit, telling the person how long to wait. */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds < 60
      ? `${toPersianDigits(seconds)} ثانیه`
      : `${toPersianDigits(Math.ceil(seconds / 60))} دقیقه`;
  return `${defaultErrorMessages.RATE_LIMITED} (${wait} دیگر)`;
}

// The web app's files: one page load fetches dozens of them, and an office behind one address
// loads many pages, so counting them would refuse the app itself. They cost no database work.
const UNLIMITED_FILES = /^\/(?:assets|media)\/|^\/favicon\.svg(?:\?|$)/;

/** Whether a request is for a static file of the web app, which no limit counts. */
export function isStaticFileRequest(url: string): boolean {
  return UNLIMITED_FILES.test(url);
}

/**
 * Per-address request limits: a generous default for every route, tighter ones in a route's
 * `config.rateLimit`. Buckets live in Redis when REDIS_URL is set, so all nodes share them, and
 * in the node's memory while Redis is down.
 */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitPerMinute,
      timeWindow: 60_000,
      // In Redis, shared by every node; while Redis does not answer, in this node's memory:
      // an outage neither takes the API down nor lifts the limits.
      ...(app.redis
        ? {
            store: fallbackRateStore(app.redis, `${app.config.redisKeyPrefix}rate-limit:`, {
              fellBack: (error) => {
                app.metrics.rateLimitFallbacks.inc();
                app.log.warn(
                  { err: error },
                  'rate limits: Redis does not answer; counting in this node until it does',
                );
              },
              recovered: () => app.log.info('rate limits: counting in Redis again'),
            }),
          }
        : {}),
      allowList: (request) => isStaticFileRequest(request.url),
      keyGenerator: (request) => rateLimitKeyOf(request.ip),
      skipOnError: false,
      errorResponseBuilder: (_request, context) => {
        const retryAfterSeconds = context.ttl / 1000;
        return new AppError('RATE_LIMITED', rateLimitedMessage(retryAfterSeconds), {
          retryAfterSeconds,
        });
      },
    });
  },
  { name: 'rate-limit', dependencies: ['config', 'redis', 'metrics'] },
);
