import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, postJson, type TestApp } from '../test/test-app';

// Issue 23: a node whose event loop falls behind answers 503 UNAVAILABLE in the envelope, with
// Retry-After, instead of taking more work; liveness still answers; once the loop is free again
// the node serves as before.

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {
      logLevel: 'warn',
      pressure: {
        maxEventLoopDelayMs: 200,
        maxHeapUsedBytes: 0,
        maxRssBytes: 0,
        retryAfterSeconds: 7,
        sampleIntervalMs: 20,
      },
    },
    { logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(() => t.close());

/** Holds the event loop for `ms` every few milliseconds, as a node drowning in work would. */
function drown(ms: number): () => void {
  const timer = setInterval(() => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      // busy, as synchronous work is
    }
  }, 5);
  return () => clearInterval(timer);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('past the event loop limit: 503 in the envelope with Retry-After; liveness still answers', async () => {
  const answered = async () => (await postJson(t.app, '/api/app/get-app-info', {})).statusCode;
  // Once the start's own work has left the loop's measure.
  await expect.poll(answered, { timeout: 15_000, interval: 50 }).toBe(200);
  const stop = drown(500);
  try {
    await pause(1200);
    const shed = await postJson(t.app, '/api/app/get-app-info', {});
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    expect(shed.json()).toMatchObject({
      ok: false,
      error: { code: 'UNAVAILABLE', message: 'سرویس موقتا در دسترس نیست؛ لطفا دوباره تلاش کنید' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
  } finally {
    stop();
  }
  await expect.poll(answered, { timeout: 15_000, interval: 50 }).toBe(200);
  const warned = lines.map((line) => JSON.parse(line)).find((entry) => entry.pressure);
  expect(warned).toMatchObject({ pressure: 'eventLoopDelay', msg: 'under pressure: answered 503' });
});
