import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { rateLimitedMessage } from '../plugins/rate-limit';
import { AppError } from './app-error';

export interface LimitRule {
  /** Distinguishes this rule's keys from every other rule's. */
  name: string;
  points: number;
  durationSeconds: number;
  /** Once the points are spent, refuse for this long instead of until the window ends. */
  blockSeconds?: number;
}

/**
 * Limits keyed by something other than the address (a mobile number, an account), in Redis
 * when REDIS_URL is set so every node counts together, in memory otherwise.
 */
export function createLimiter(
  rule: LimitRule,
  store: { redis: Redis | null; prefix: string },
): RateLimiterAbstract {
  const options = {
    keyPrefix: `${store.prefix}limit:${rule.name}`,
    points: rule.points,
    duration: rule.durationSeconds,
    blockDuration: rule.blockSeconds ?? 0,
  };
  return store.redis
    ? new RateLimiterRedis({ ...options, storeClient: store.redis })
    : new RateLimiterMemory(options);
}

/** Spends one point, or throws `429 RATE_LIMITED` with how long to wait. */
export async function consumeOrThrow(
  limiter: RateLimiterAbstract,
  key: string,
  message?: (retryAfterSeconds: number) => string,
): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new AppError('RATE_LIMITED', (message ?? rateLimitedMessage)(retryAfterSeconds), {
      retryAfterSeconds,
    });
  }
}

/** Throws `429` when the key has no points left, without spending one. */
export async function assertNotLimited(
  limiter: RateLimiterAbstract,
  key: string,
  message?: (retryAfterSeconds: number) => string,
): Promise<void> {
  const state = await limiter.get(key);
  if (state && state.remainingPoints <= 0 && state.msBeforeNext > 0) {
    const retryAfterSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    throw new AppError('RATE_LIMITED', (message ?? rateLimitedMessage)(retryAfterSeconds), {
      retryAfterSeconds,
    });
  }
}
