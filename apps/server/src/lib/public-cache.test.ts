import { describe, expect, it, vi } from 'vitest';
import { PublicCache } from './public-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('PublicCache', () => {
  it('computes a key once and serves the kept answer after', async () => {
    const cache = new PublicCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    const compute = vi.fn(async () => 'answer');
    expect(await cache.get('k', compute)).toBe('answer');
    expect(await cache.get('k', compute)).toBe('answer');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('shares one computation between callers asking at the same time', async () => {
    const cache = new PublicCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    const gate = deferred<string>();
    const compute = vi.fn(() => gate.promise);
    const first = cache.get('k', compute);
    const second = cache.get('k', compute);
    gate.resolve('answer');
    expect(await Promise.all([first, second])).toEqual(['answer', 'answer']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('recomputes after invalidate', async () => {
    const cache = new PublicCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    let version = 1;
    const compute = async () => `v${version}`;
    expect(await cache.get('k', compute)).toBe('v1');
    version = 2;
    cache.invalidate();
    expect(await cache.get('k', compute)).toBe('v2');
  });

  it('does not keep an answer that was being computed when the catalog changed', async () => {
    const cache = new PublicCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    const gate = deferred<string>();
    const stale = cache.get('k', () => gate.promise);
    cache.invalidate();
    gate.resolve('old');
    expect(await stale).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('does not keep a failure', async () => {
    const cache = new PublicCache({ maxEntries: 10, maxBytes: 1_000_000, ttlMs: 60_000 });
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('k', async () => 'answer')).toBe('answer');
  });

  it('expires an answer after its time to live', async () => {
    let clock = 5000;
    const cache = new PublicCache({
      maxEntries: 10,
      maxBytes: 1_000_000,
      ttlMs: 1000,
      now: () => clock,
    });
    let version = 1;
    const compute = async () => `v${version}`;
    expect(await cache.get('k', compute)).toBe('v1');
    version = 2;
    clock = 5999;
    expect(await cache.get('k', compute)).toBe('v1');
    clock = 6001;
    expect(await cache.get('k', compute)).toBe('v2');
  });

  it('keeps at most maxEntries answers', async () => {
    const cache = new PublicCache({ maxEntries: 2, maxBytes: 1_000_000, ttlMs: 60_000 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
  });

  it('keeps at most maxBytes of answers, and never one heavier than that', async () => {
    const cache = new PublicCache({ maxEntries: 100, maxBytes: 1000, ttlMs: 60_000 });
    const weigh = (value: string) => value.length;
    for (const key of ['a', 'b', 'c', 'd'])
      await cache.get(key, async () => 'x'.repeat(300), weigh);
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.size).toBe(3);
    const compute = vi.fn(async () => 'y'.repeat(2000));
    await cache.get('huge', compute, weigh);
    await cache.get('huge', compute, weigh);
    expect(compute).toHaveBeenCalledTimes(2);
  });
});
