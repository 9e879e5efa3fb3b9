import { LRUCache } from 'lru-cache';

export interface PublicCacheOptions {
  /** How many answers are kept; the least recently used go first. */
  maxEntries: number;
  /** How long an answer may be served without recomputing it, even if nothing says it changed. */
  ttlMs: number;
  /** The clock answers expire by (tests pass their own). */
  now?: () => number;
}

/**
 * Answers that are the same for every caller (the public catalog), kept in process memory.
 * `invalidate()` drops everything at once when the catalog changes; an answer computed while
 * an invalidation happened is served to its own callers but not kept. Callers asking for the
 * same key at the same time share one computation.
 */
export class PublicCache {
  private readonly entries: LRUCache<string, { value: unknown }>;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(options: PublicCacheOptions) {
    this.entries = new LRUCache({
      max: options.maxEntries,
      ttl: options.ttlMs,
      // Checked on every read: a resolution of 0 never serves an answer past its time.
      ttlResolution: 0,
      ...(options.now ? { perf: { now: options.now } } : {}),
    });
  }

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const running = this.inFlight.get(key);
    if (running) return running as Promise<T>;
    const generation = this.generation;
    const computation = compute().then(
      (value) => {
        if (this.generation === generation) this.entries.set(key, { value });
        this.inFlight.delete(key);
        return value;
      },
      (error: unknown) => {
        this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, computation);
    return computation;
  }

  /** Forgets every answer: the next caller of each key computes it afresh. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
