import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app';
import { type AppConfig, testConfig } from '../config';
import { createScratchDatabase } from '../db/scratch-database';
import { seedDemoData } from '../demo/seed';

/** Which database this test run uses: set per Vitest project (vitest.config.ts at the root). */
export const testDatabaseKind =
  process.env.VITRIN_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

interface TestDatabase {
  url: string | undefined;
  drop(): Promise<void>;
}

let pgliteTemplate: Blob | undefined;

/** The migrated empty database the global setup dumped, read once per test file. */
function loadPgliteTemplate(): Blob {
  pgliteTemplate ??= new Blob([readFileSync(inject('pgliteTemplatePath'))]);
  return pgliteTemplate;
}

/**
 * A database of its own for one test file: in-memory PGlite, or a fresh PostgreSQL database,
 * empty or (`migrated`) a copy of the run's migrated template (global-setup-postgres.ts).
 */
export async function createTestDatabase(
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (testDatabaseKind === 'pglite') return { url: undefined, drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('VITRIN_TEST_DATABASE=postgres needs TEST_DATABASE_URL');
  return createScratchDatabase(
    adminUrl,
    `vitrin_test_${process.pid}_${randomBytes(4).toString('hex')}`,
    options.migrated ? inject('postgresTemplateName') : undefined,
  );
}

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The real app on a database of its own. On the PostgreSQL run Redis is used too when
 * REDIS_URL is set, under a key prefix of its own.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: BuildOptions & { extend?: (app: FastifyInstance) => Promise<void> } = {},
): Promise<TestApp> {
  // The app's own migrations find nothing left to apply on the copy.
  const database = await createTestDatabase({ migrated: true });
  const redisUrl = testDatabaseKind === 'postgres' ? process.env.REDIS_URL : undefined;
  const app = await buildApp(
    testConfig({
      databaseUrl: database.url,
      redisUrl,
      redisKeyPrefix: `vitrin-test-${randomBytes(6).toString('hex')}:`,
      rateLimitPerMinute: 100_000,
      ...(testDatabaseKind === 'pglite' ? { embeddedDatabaseTemplate: loadPgliteTemplate() } : {}),
      ...overrides,
    }),
    // The demo seed runs only where a test asks for it (`seedDemoData: true`).
    { seed: seedDemoData, ...options },
  );
  if (options.extend) await app.register(options.extend);
  await app.ready();
  return {
    app,
    close: async () => {
      // A test that closed the app itself (a node stopping) has deleted its keys already.
      if (app.redis && app.redis.status !== 'end') {
        await deleteKeys(app.redis, app.config.redisKeyPrefix);
      }
      await app.close();
      await database.drop();
    },
  };
}

/**
 * The real app for the test file that calls this (at its top level): built before its first
 * test and closed after its last. Read `app` in tests and hooks, once it is built.
 */
export function setupTestApp(...args: Parameters<typeof createTestApp>): {
  readonly app: FastifyInstance;
} {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(...args);
  });
  afterAll(() => testApp?.close());
  return {
    get app() {
      if (!testApp) throw new Error('the test app is built in beforeAll');
      return testApp.app;
    },
  };
}

/** Leaves nothing behind in a shared Redis: every key of this test's prefix goes. */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 200);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** POSTs JSON the way every client does. */
export function postJson(app: FastifyInstance, url: string, body: unknown, headers = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}
