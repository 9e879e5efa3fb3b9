import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../config';
import { openDatabase } from '../db/client';
import { createScratchDatabase } from '../db/scratch-database';
import { DiskFileStore } from '../lib/file-store';
import { S3FileStore, type S3Settings } from '../lib/s3-file-store';
import { serverRoot } from '../paths';
import { type FakeS3, startFakeS3 } from '../test/fake-s3';
import { createTestApp, createTestDatabase } from '../test/test-app';
import { type BackupResult, type BackupSettings, createBackup } from './backup';
import { DATABASE_FILE, MANIFEST_FILE } from './backup-manifest';
import { restoreBackup } from './restore';
import { listDatabaseContents } from './wipe-database';

// The backup drill (issue 23): a seeded database and an uploaded file are backed up, the
// database is dropped and made again empty, the backup is restored, and every table, every
// money row and the file are as they were. Then what must refuse: a database that holds data
// (without --wipe), a cut-off dump, a restore that does not match its manifest.

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const databaseName = (url: string) => new URL(url).pathname.slice(1);

/** Rows of every application table, by `schema.table`: counted here, not by the code tested. */
async function countEveryTable(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ schemaname: string; tablename: string }>(
      "select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
    );
    const counts: Record<string, number> = {};
    for (const { schemaname, tablename } of tables.rows) {
      const result = await client.query<{ n: number }>(
        `select count(*)::int as n from "${schemaname}"."${tablename}"`,
      );
      counts[`${schemaname}.${tablename}`] = result.rows[0]?.n ?? -1;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** Every row of the money tables as JSON, in id order. */
async function moneyRows(url: string): Promise<Record<string, unknown[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: Record<string, unknown[]> = {};
    for (const [table, key] of [
      ['orders', 'id'],
      ['order_lines', 'id'],
      ['payments', 'id'],
      ['wallets', 'user_id'],
      ['wallet_transactions', 'id'],
      ['billing_documents', 'id'],
    ] as const) {
      const result = await client.query(
        `select to_jsonb(t) as row from ${table} t order by ${key}`,
      );
      rows[table] = result.rows.map((row) => row.row);
    }
    return rows;
  } finally {
    await client.end();
  }
}

async function contentsOf(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await listDatabaseContents(client);
  } finally {
    await client.end();
  }
}

const drops: Array<() => Promise<void>> = [];
let workDir: string;
let sourceUrl: string;
let sourceDataDir: string;
let backup: BackupResult;
let countsBefore: Record<string, number>;
let moneyBefore: Record<string, unknown[]>;
const fileKey = `catalog/${randomUUID()}.png`;
const fileBytes = randomBytes(50_000);

function settingsFor(url: string, dataDir: string): BackupSettings {
  return { ...testConfig(), databaseUrl: url, dataDir, fileStore: { kind: 'disk' } };
}

/** A new empty database and data folder to restore into, dropped after the file. */
async function emptyTarget(): Promise<{ url: string; dataDir: string }> {
  const database = await createTestDatabase();
  drops.push(database.drop);
  if (!database.url) throw new Error('the backup drill runs on PostgreSQL');
  return { url: database.url, dataDir: await mkdtemp(path.join(workDir, 'target-')) };
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'vitrin-backup-drill-'));
  sourceDataDir = path.join(workDir, 'source');
  const testApp = await createTestApp({
    seedDemoData: true,
    dataDir: sourceDataDir,
    fileStore: { kind: 'disk' },
  });
  try {
    sourceUrl = testApp.app.config.databaseUrl ?? '';
    await testApp.app.files.put(fileKey, fileBytes);
    countsBefore = await countEveryTable(sourceUrl);
    moneyBefore = await moneyRows(sourceUrl);
    // Taken while the server is up, as a timer would.
    backup = await createBackup(
      settingsFor(sourceUrl, sourceDataDir),
      path.join(workDir, 'backups'),
    );
  } catch (error) {
    await testApp.close();
    throw error;
  }
  // The app's close drops its database: the first half of the wipe.
  await testApp.close();
}, 120_000);

afterAll(async () => {
  for (const drop of drops) await drop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('the drill', () => {
  test('the seed has money in every money table, so the checksums compare something', () => {
    for (const table of Object.keys(moneyBefore)) {
      expect(moneyBefore[table]?.length, table).toBeGreaterThan(0);
    }
    expect(countsBefore['public.users']).toBeGreaterThan(0);
  });

  test('the manifest says what the database held: row counts, version, latest migration', async () => {
    const { manifest, folder } = backup;
    expect(path.basename(folder)).toMatch(/^vitrin-backup-\d{8}T\d{6}Z$/);
    // Password hashes and tokens inside: the owner's alone.
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(folder, DATABASE_FILE))).mode & 0o777).toBe(0o600);
    expect(manifest.database.rowCounts).toEqual(countsBefore);
    expect(Object.keys(manifest.database.moneyChecksums).sort()).toEqual(
      Object.keys(moneyBefore).sort(),
    );
    const serverPackage = JSON.parse(
      await readFile(path.join(serverRoot, 'package.json'), 'utf8'),
    ) as { version: string };
    expect(manifest.appVersion).toBe(serverPackage.version);
    const journal = JSON.parse(
      await readFile(path.join(serverRoot, 'drizzle/meta/_journal.json'), 'utf8'),
    ) as { entries: Array<{ tag: string }> };
    expect(manifest.database.latestMigration?.tag).toBe(journal.entries.at(-1)?.tag);
    expect(manifest.files).toMatchObject({
      store: 'disk',
      bucket: null,
      list: [{ key: fileKey, bytes: fileBytes.length }],
    });
  });

  test('restored into the dropped and recreated database, every table, every money row and the file are back', async () => {
    // The second half of the wipe: the same database name, empty; the uploads gone.
    const recreated = await createScratchDatabase(adminUrl, databaseName(sourceUrl));
    drops.push(recreated.drop);
    await rm(path.join(sourceDataDir, 'uploads'), { recursive: true, force: true });
    expect(await contentsOf(recreated.url)).toEqual([]);

    const result = await restoreBackup(settingsFor(recreated.url, sourceDataDir), backup.folder, {
      wipe: false,
    });

    expect(await countEveryTable(recreated.url)).toEqual(countsBefore);
    expect(await moneyRows(recreated.url)).toEqual(moneyBefore);
    const files = new DiskFileStore(path.join(sourceDataDir, 'uploads'));
    expect((await files.read(fileKey)).equals(fileBytes)).toBe(true);
    expect(result.previousUploads).toBeNull();
    // Same keys, same migrations: nothing for the operator to do.
    expect(result.notes).toEqual([]);
    // The restored database is the version this code migrates: nothing pending.
    const handle = await openDatabase({ url: recreated.url, dataDir: null });
    try {
      expect(await handle.pendingMigrations()).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe('what a restore refuses', () => {
  test('a database that holds data is refused without --wipe and left as it was; with --wipe it is replaced', async () => {
    const target = await emptyTarget();
    const handle = await openDatabase({ url: target.url, dataDir: null });
    await handle.migrate();
    await handle.executeSql(
      "insert into users (mobile, first_name, last_name) values ('+989120000001', 'تینا', 'امینی')",
    );
    await handle.close();
    const countsThere = await countEveryTable(target.url);
    const oldUploads = new DiskFileStore(path.join(target.dataDir, 'uploads'));
    await oldUploads.put('catalog/old.png', Buffer.from('old'));

    await expect(
      restoreBackup(settingsFor(target.url, target.dataDir), backup.folder, { wipe: false }),
    ).rejects.toThrow(/مقصد خالی نیست.*--wipe/);
    expect(await countEveryTable(target.url)).toEqual(countsThere);
    expect((await oldUploads.read('catalog/old.png')).toString()).toBe('old');

    // A new server whose SECRET_KEYS were not copied over: restored, and told.
    const result = await restoreBackup(
      {
        ...settingsFor(target.url, target.dataDir),
        secretKeys: [{ id: 'test', key: Buffer.alloc(32, 9) }],
      },
      backup.folder,
      { wipe: true },
    );
    expect(result.notes).toEqual([expect.stringMatching(/SECRET_KEYS lacks the key test/)]);
    expect(await countEveryTable(target.url)).toEqual(countsBefore);
    expect(await moneyRows(target.url)).toEqual(moneyBefore);
    // The uploads that were there are kept aside, not deleted.
    expect(result.previousUploads).not.toBeNull();
    expect(
      (await readFile(path.join(result.previousUploads ?? '', 'catalog/old.png'))).toString(),
    ).toBe('old');
    const restored = new DiskFileStore(path.join(target.dataDir, 'uploads'));
    expect((await restored.read(fileKey)).equals(fileBytes)).toBe(true);
    await expect(restored.read('catalog/old.png')).rejects.toThrow(/no file/);
  });

  test('a cut-off dump fails before anything is written', async () => {
    const copy = path.join(workDir, 'truncated');
    await cp(backup.folder, copy, { recursive: true });
    const dump = path.join(copy, DATABASE_FILE);
    await truncate(dump, Math.floor((await stat(dump)).size / 2));
    const target = await emptyTarget();

    await expect(
      restoreBackup(settingsFor(target.url, target.dataDir), copy, { wipe: true }),
    ).rejects.toThrow(/ناقص یا خراب/);
    expect(await contentsOf(target.url)).toEqual([]);
    await expect(stat(path.join(target.dataDir, 'uploads'))).rejects.toThrow(/ENOENT/);
  });

  test('a folder without a manifest is not a backup', async () => {
    const copy = path.join(workDir, 'no-manifest');
    await cp(backup.folder, copy, { recursive: true });
    await rm(path.join(copy, MANIFEST_FILE));
    const target = await emptyTarget();
    await expect(
      restoreBackup(settingsFor(target.url, target.dataDir), copy, { wipe: false }),
    ).rejects.toThrow(/manifest\.json/);
    expect(await contentsOf(target.url)).toEqual([]);
  });

  test('a restore that does not match its manifest is an error, not a success', async () => {
    const copy = path.join(workDir, 'other-counts');
    await cp(backup.folder, copy, { recursive: true });
    const manifestFile = path.join(copy, MANIFEST_FILE);
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
    manifest.database.rowCounts['public.wallet_transactions'] += 1;
    await writeFile(manifestFile, JSON.stringify(manifest));
    const target = await emptyTarget();
    await expect(
      restoreBackup(settingsFor(target.url, target.dataDir), copy, { wipe: false }),
    ).rejects.toThrow(/نمی‌خواند[\s\S]*public\.wallet_transactions/);
  });

  test('npm run restore on a cut-off dump exits 1 with the reason', async () => {
    const copy = path.join(workDir, 'truncated-cli');
    await cp(backup.folder, copy, { recursive: true });
    await truncate(path.join(copy, DATABASE_FILE), 100);
    const target = await emptyTarget();
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(serverRoot, 'src/backup/restore-cli.ts'), copy],
        {
          env: {
            ...process.env,
            NODE_ENV: 'test',
            DATABASE_URL: target.url,
            DATA_DIR: target.dataDir,
            FILE_STORE: 'disk',
          },
          cwd: path.join(serverRoot, '../..'),
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/ناقص یا خراب/);
    expect(run.stderr).toMatch(/manifest says/);
    expect(await contentsOf(target.url)).toEqual([]);
  }, 60_000);
});

describe('a database without money or uploads', () => {
  test('backs up and restores, the uploads folder there and empty', async () => {
    const source = await emptyTarget();
    const handle = await openDatabase({ url: source.url, dataDir: null });
    await handle.migrate();
    await handle.close();
    const empty = await createBackup(
      settingsFor(source.url, source.dataDir),
      path.join(workDir, 'empty-backups'),
    );
    expect(empty.manifest.files).toEqual({ store: 'disk', bucket: null, list: [] });

    const target = await emptyTarget();
    await restoreBackup(settingsFor(target.url, target.dataDir), empty.folder, { wipe: false });
    expect(await countEveryTable(target.url)).toEqual(await countEveryTable(source.url));
    expect(await readdir(path.join(target.dataDir, 'uploads'))).toEqual([]);
  });
});

describe('FILE_STORE=s3', () => {
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startFakeS3();
  });
  afterAll(() => fake.close());

  const s3Settings = (url: string, bucket: S3Settings): BackupSettings => ({
    ...testConfig(),
    databaseUrl: url,
    dataDir: null,
    fileStore: { kind: 's3', ...bucket },
  });

  test("the bucket's objects are copied into the backup and put back into an empty bucket", async () => {
    const source = await emptyTarget();
    const handle = await openDatabase({ url: source.url, dataDir: null });
    await handle.migrate();
    await handle.close();
    const sourceBucket = fake.newBucket();
    const sourceStore = new S3FileStore(sourceBucket);
    await sourceStore.put(fileKey, fileBytes);
    await sourceStore.put('tickets/receipt-1', Buffer.from('%PDF-1.7'));
    // An object no Vitrin key can name is another tenant's: not copied.
    fake.objects(sourceBucket.bucket).set('not ours/a b.txt', Buffer.from('x'));

    const result = await createBackup(
      s3Settings(source.url, sourceBucket),
      path.join(workDir, 's3-backups'),
    );
    expect(result.manifest.files).toMatchObject({
      store: 's3',
      bucket: sourceBucket.bucket,
      list: [{ key: fileKey }, { key: 'tickets/receipt-1' }],
    });

    const target = await emptyTarget();
    const targetBucket = fake.newBucket();
    await restoreBackup(s3Settings(target.url, targetBucket), result.folder, { wipe: false });
    expect(await countEveryTable(target.url)).toEqual(await countEveryTable(source.url));
    const restored = fake.objects(targetBucket.bucket);
    expect([...restored.keys()].sort()).toEqual([fileKey, 'tickets/receipt-1']);
    expect(restored.get(fileKey)?.equals(fileBytes)).toBe(true);

    // A bucket that holds objects is refused without --wipe; with it, they stay beside ours.
    const busy = await emptyTarget();
    const busyBucket = fake.newBucket();
    await new S3FileStore(busyBucket).put('tickets/older', Buffer.from('older'));
    await expect(
      restoreBackup(s3Settings(busy.url, busyBucket), result.folder, { wipe: false }),
    ).rejects.toThrow(/مقصد خالی نیست[\s\S]*1 files in S3 bucket/);
    expect(fake.objects(busyBucket.bucket).size).toBe(1);
    const wiped = await restoreBackup(s3Settings(busy.url, busyBucket), result.folder, {
      wipe: true,
    });
    expect([...fake.objects(busyBucket.bucket).keys()].sort()).toEqual([
      fileKey,
      'tickets/older',
      'tickets/receipt-1',
    ]);
    expect(wiped.notes.join('\n')).toMatch(/1 objects already in bucket/);

    // And from a bucket to a disk folder: the keys are the same either way.
    const onDisk = await emptyTarget();
    await restoreBackup(settingsFor(onDisk.url, onDisk.dataDir), result.folder, { wipe: false });
    const disk = new DiskFileStore(path.join(onDisk.dataDir, 'uploads'));
    expect((await disk.read(fileKey)).equals(fileBytes)).toBe(true);
  });
});
