import { LRUCache } from 'lru-cache';

const DEFAULT_WEIGHT_BYTES = 4096;

export interface PublicCacheOptions {
  /** How many answers are kept; the least recently used go first. */
  maxEntries: number;
  /** How many bytes of answers are kept, by each answer's weight (see `get`). */
  maxBytes: number;
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
  private readonly entries: LRUCache<string, { value: unknown; bytes: number }>;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private generation = 0;
  private readonly maxBytes: number;

  constructor(options: PublicCacheOptions) {
    this.maxBytes = options.maxBytes;
    this.entries = new LRUCache({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      sizeCalculation: (entry) => entry.bytes,
      ttl: options.ttlMs,
      // Checked on every read: a resolution of 0 never serves an answer past its time.
      ttlResolution: 0,
      ...(options.now ? { perf: { now: options.now } } : {}),
    });
  }

  /**
   * The kept answer for `key`, or `compute`'s, kept. `weigh` tells an answer's size in bytes
   * (an estimate is fine); an answer heavier than the whole budget is served but not kept.
   */
  async get<T>(
    key: string,
    compute: () => Promise<T>,
    weigh: (value: T) => number = () => DEFAULT_WEIGHT_BYTES,
  ): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const running = this.inFlight.get(key);
    if (running) return running as Promise<T>;
    const generation = this.generation;
    const computation = compute().then(
      (value) => {
        const bytes = Math.max(1, Math.ceil(weigh(value) + key.length * 2));
        if (this.generation === generation && bytes <= this.maxBytes) {
          this.entries.set(key, { value, bytes });
        }
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

  /** The weight of every kept answer, in bytes. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}
