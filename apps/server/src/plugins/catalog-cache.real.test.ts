import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { seedDemoData } from '../demo/seed';
import { products } from '../schema';
import { createTestDatabase, deleteKeys, postJson } from '../test/test-app';

// Only a real PostgreSQL and Redis can answer these: run by the server-postgres project.
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('the catalog cache tests need REDIS_URL (CI sets it)');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let nodes: [FastifyInstance, FastifyInstance];
const redisKeyPrefix = `vitrin-test-${randomBytes(6).toString('hex')}:`;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({
    databaseUrl: database.url,
    redisUrl,
    redisKeyPrefix,
    rateLimitPerMinute: 100_000,
    seedDemoData: true,
  });
  // Both nodes start and seed at once against a fresh database, as a first deploy does.
  nodes = (await Promise.all([
    buildApp(config, { seed: seedDemoData }),
    buildApp(config, { seed: seedDemoData }),
  ])) as [FastifyInstance, FastifyInstance];
  await Promise.all(nodes.map((node) => node.ready()));
});

afterAll(async () => {
  if (nodes[0].redis) await deleteKeys(nodes[0].redis, redisKeyPrefix);
  await Promise.all(nodes.map((node) => node.close()));
  await database.drop();
});

async function productName(node: FastifyInstance, slug: string): Promise<string> {
  const response = await postJson(node, '/api/store/get-product', { slug });
  return response.json().data.name;
}

describe('the catalog on two nodes', () => {
  test('two nodes seeding at once write the catalog once', async () => {
    const result = await nodes[0].db.execute(
      sql`select count(*)::int as total from products where slug = 'wp-pro'`,
    );
    expect((result as unknown as { rows: Array<{ total: number }> }).rows[0]?.total).toBe(1);
  });

  test('an invalidation on one node clears the cached answers of the other', async () => {
    const [a, b] = nodes;
    const original = await productName(b, 'wp-pro');
    await a.db.update(products).set({ name: 'نام تازه' }).where(eq(products.slug, 'wp-pro'));
    expect(await productName(b, 'wp-pro')).toBe(original);

    await a.catalogCache.invalidate();
    // The message reaches the other node through Redis a moment later.
    let seen = original;
    for (let attempt = 0; attempt < 50 && seen === original; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await productName(b, 'wp-pro');
    }
    expect(seen).toBe('نام تازه');
  });
});
