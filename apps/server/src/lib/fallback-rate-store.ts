import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

// A rate-limit store for @fastify/rate-limit (its `store` option) that counts in Redis, so all
// nodes share one count, and in this node's memory while Redis does not answer: a limit is
// never lifted by an outage (issue 23), it is only counted per node until Redis is back.

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result: Counted | null) => void;
interface RouteOptions {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  routeInfo: { method: string; url: string };
}
interface Store {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read(key: string, done: Done, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
type StoreConstructor = new (...args: unknown[]) => Store;

// The plugin's own stores (it exports none: they are its files).
const load = createRequire(import.meta.url);
const RedisStore = load('@fastify/rate-limit/store/RedisStore.js') as StoreConstructor;
const LocalStore = load('@fastify/rate-limit/store/LocalStore.js') as StoreConstructor;

/** Told when counting moves to this node's memory, and when it moves back to Redis. */
export interface FallbackWatch {
  fellBack(error: Error): void;
  recovered(): void;
}

/**
 * The `store` class to hand @fastify/rate-limit, over this Redis and key prefix. (The plugin's
 * types name neither `read` nor what it hands `child`, which its own stores use: hence the cast.)
 */
export function fallbackRateStore(
  redis: Redis,
  nameSpace: string,
  watch: FallbackWatch,
): FastifyRateLimitStoreCtor {
  let down = false;
  const settle =
    (local: Store, method: 'incr' | 'read') =>
    (key: string, done: Done, timeWindow: number, max: number, primary: Store) => {
      primary[method](
        key,
        (error, result) => {
          if (!error) {
            if (down) {
              down = false;
              watch.recovered();
            }
            done(null, result);
            return;
          }
          if (!down) {
            down = true;
            watch.fellBack(error);
          }
          local[method](key, done, timeWindow, max);
        },
        timeWindow,
        max,
      );
    };

  class FallbackRateStore implements Store {
    private readonly primary: Store;
    private readonly local: Store;

    constructor(
      params: { continueExceeding: boolean; exponentialBackoff: boolean },
      stores?: { primary: Store; local: Store },
    ) {
      this.primary =
        stores?.primary ??
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace);
      this.local =
        stores?.local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }

    incr(key: string, done: Done, timeWindow: number, max: number): void {
      settle(this.local, 'incr')(key, done, timeWindow, max, this.primary);
    }

    read(key: string, done: Done, timeWindow: number, max: number): void {
      settle(this.local, 'read')(key, done, timeWindow, max, this.primary);
    }

    child(routeOptions: RouteOptions): Store {
      return new FallbackRateStore(routeOptions, {
        primary: this.primary.child(routeOptions),
        local: this.local.child(routeOptions),
      });
    }
  }
  return FallbackRateStore as unknown as FastifyRateLimitStoreCtor;
}
