import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { migrationsFolder } from '../paths';
import { createTestDatabase } from '../test/test-app';
import { type DatabaseHandle, openDatabase } from './client';

// Issue 23: migrations are a step of their own in production. A database knows which committed
// migrations it lacks; a server told not to migrate refuses to start on one that lacks any, and
// starts once `npm run migrate` (the same migrate) has run.

const committed = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  }
).entries.map((entry) => entry.tag);

let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let database: DatabaseHandle;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  // A database of its own, not migrated (PGlite: empty, in memory).
  database = await openDatabase({ url: testDatabase.url, dataDir: null });
});
afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

test('an empty database lacks every committed migration, a migrated one none', async () => {
  expect(committed.length).toBeGreaterThan(10);
  expect(await database.pendingMigrations()).toEqual(committed);
  await database.migrate();
  expect(await database.pendingMigrations()).toEqual([]);
  // Migrating again changes nothing.
  await database.migrate();
  expect(await database.pendingMigrations()).toEqual([]);
});

test('a server told not to migrate refuses a database that is behind, and names what it lacks', async () => {
  const behind = await createTestDatabase();
  try {
    await expect(
      buildApp(testConfig({ databaseUrl: behind.url, migrateOnStart: false })),
    ).rejects.toThrow(
      new RegExp(
        `the database is ${committed.length} migration\\(s\\) behind this release \\(${committed[0]}, `,
      ),
    );
  } finally {
    await behind.drop();
  }
});
