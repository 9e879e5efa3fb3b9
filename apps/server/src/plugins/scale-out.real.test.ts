import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { migrationsFolder } from '../paths';
import { createTestDatabase, deleteKeys, postJson } from '../test/test-app';

// Only a real PostgreSQL and Redis can answer these: run by the server-postgres project.
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('the scale-out tests need REDIS_URL (CI sets it)');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let nodes: FastifyInstance[] = [];
const redisKeyPrefix = `vitrin-test-${randomBytes(6).toString('hex')}:`;

beforeAll(async () => {
  database = await createTestDatabase();
  const shared = {
    databaseUrl: database.url,
    redisUrl,
    redisKeyPrefix,
    rateLimitPerMinute: 5,
  };
  // Both nodes start at once against a fresh database, as a rolling deploy does.
  nodes = await Promise.all([buildApp(testConfig(shared)), buildApp(testConfig(shared))]);
  await Promise.all(nodes.map((node) => node.ready()));
});

afterAll(async () => {
  const redis = nodes[0]?.redis;
  if (redis) await deleteKeys(redis, redisKeyPrefix);
  await Promise.all(nodes.map((node) => node.close()));
  await database.drop();
});

describe('two nodes on one PostgreSQL and one Redis', () => {
  test('migrations applied once although both nodes started together', async () => {
    const node = nodes[0] as FastifyInstance;
    const result = await node.db.execute(
      sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    const rows = (result as unknown as { rows: Array<{ applied: number }> }).rows;
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    );
    expect(rows[0]?.applied).toBe(journal.entries.length);
  });

  test('the rate limit is shared: the sixth request in a minute is refused on either node', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    for (const node of [a, b, a, b, a]) {
      expect((await postJson(node, '/api/app/get-app-info', {})).statusCode).toBe(200);
    }
    const refused = await postJson(b, '/api/app/get-app-info', {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
  });

  test('readiness reports both PostgreSQL and Redis', async () => {
    const ready = await (nodes[1] as FastifyInstance).inject({ method: 'GET', url: '/readyz' });
    expect(ready.json().data).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
  });
});
