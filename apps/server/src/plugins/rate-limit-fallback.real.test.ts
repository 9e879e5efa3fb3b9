import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Issue 23: with Redis, every node shares one count per address; when Redis stops answering the
// limits are counted in the node's memory, with a warning, and never lifted; when it answers
// again, counting goes back to it.

if (!process.env.REDIS_URL) throw new Error('this test needs REDIS_URL (CI sets it)');

const LIMIT = 5;
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { rateLimitPerMinute: LIMIT, logLevel: 'info' },
    { logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(() => t.close());

const ask = (address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/app/get-app-info',
    remoteAddress: address,
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });

async function statuses(address: string, count: number): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) answers.push((await ask(address)).statusCode);
  return answers;
}

const logged = (message: string) =>
  lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === message);

test('while Redis is down the limit holds, counted in the node; then Redis counts again', async () => {
  const redis = t.app.redis;
  if (!redis) throw new Error('the app has no Redis');
  const allowed = Array.from({ length: LIMIT }, () => 200);
  expect(await statuses('10.88.0.1', LIMIT + 1)).toEqual([...allowed, 429]);

  redis.disconnect();
  try {
    // A new address, counted from zero in this node's memory, and still refused past the limit.
    expect(await statuses('10.88.0.2', LIMIT + 1)).toEqual([...allowed, 429]);
    expect(
      logged('rate limits: Redis does not answer; counting in this node until it does'),
    ).toHaveLength(1);
  } finally {
    await redis.connect();
  }
  // Redis's own count for the first address still stands: refused, and counted there again.
  expect((await ask('10.88.0.1')).statusCode).toBe(429);
  expect(logged('rate limits: counting in Redis again')).toHaveLength(1);
  expect(await redis.keys(`${t.app.config.redisKeyPrefix}rate-limit:*`)).not.toEqual([]);
});
