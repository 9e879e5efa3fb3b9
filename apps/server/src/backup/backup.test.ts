import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testConfig } from '../config';
import { createBackup } from './backup';
import { BackupError } from './backup-error';
import { readManifest } from './backup-manifest';
import { restoreBackup } from './restore';

// What needs no PostgreSQL: the embedded database is refused in plain words, and a folder that
// is not a finished backup is named as such (the drill itself is backup.real.test.ts).

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vitrin-backup-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

test('backup and restore refuse the embedded database, saying they are for PostgreSQL', async () => {
  const settings = { ...testConfig(), databaseUrl: undefined, dataDir: dir };
  const refusal = /فقط برای PostgreSQL[\s\S]*backups are for PostgreSQL/;
  await expect(createBackup(settings, path.join(dir, 'backups'))).rejects.toThrow(refusal);
  await expect(restoreBackup(settings, dir, { wipe: true })).rejects.toThrow(refusal);
  // Nothing was written.
  expect(await readdir(dir)).toEqual([]);
});

test('a folder without a manifest, or with a broken one, is not a backup', async () => {
  const error = await readManifest(dir).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(BackupError);
  expect((error as BackupError).persian).toMatch(/manifest\.json/);

  await writeFile(path.join(dir, 'manifest.json'), '{"format":"vitrin-backup","formatVersion":9}');
  await expect(readManifest(dir)).rejects.toThrow(/خراب است یا از نسخه‌ای ناشناخته/);
  await writeFile(path.join(dir, 'manifest.json'), '{"format":');
  await expect(readManifest(dir)).rejects.toThrow(/is not JSON/);
});
