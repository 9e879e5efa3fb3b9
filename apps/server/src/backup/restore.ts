import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { DiskFileStore, type FileStore } from '../lib/file-store';
import {
  type BackupSettings,
  connectDatabase,
  EMBEDDED_DATABASE_REFUSAL,
  secretKeyFingerprint,
} from './backup';
import { BackupError } from './backup-error';
import {
  checkStoredFiles,
  copyStoredFiles,
  hashFile,
  listUploads,
  syncFolder,
  type UploadsPlace,
  uploadsPlaceOf,
} from './backup-files';
import {
  type BackupManifest,
  DATABASE_FILE,
  FILES_FOLDER,
  readManifest,
  type StoredFile,
} from './backup-manifest';
import {
  DETERMINISTIC_SESSION_SQL,
  readDatabaseFacts,
  readMigrationJournal,
} from './database-facts';
import { libpqTarget, runPostgresTool } from './postgres-tools';
import { listDatabaseContents, wipeDatabase } from './wipe-database';

export interface RestoreOptions {
  /**
   * Restore into a database or uploads place that holds data: the database is emptied, an
   * uploads folder kept aside, a bucket's other objects left where they are.
   */
  wipe: boolean;
  now?: Date;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the uploads that were there before went (`--wipe` keeps them aside), or null. */
  previousUploads: string | null;
  /** What the operator should know or do next, one sentence each (Persian, English detail). */
  notes: string[];
}

/**
 * Restores the backup in `folder` into the configured database and file store, then checks
 * the result against the manifest: every table's row count and every money table's checksum,
 * and each file's SHA-256. The backup is checked whole before anything is touched; the
 * database is restored in one transaction; a result that differs from the manifest is a
 * BackupError, never a success.
 */
export async function restoreBackup(
  settings: BackupSettings,
  folder: string,
  options: RestoreOptions,
): Promise<RestoreResult> {
  if (!settings.databaseUrl) throw EMBEDDED_DATABASE_REFUSAL;
  const manifest = await readManifest(folder);
  const dumpFile = path.join(folder, DATABASE_FILE);
  await checkDump(manifest, dumpFile);
  const target = libpqTarget(settings.databaseUrl, settings.libpqTls);
  await runPostgresTool('pg_restore', ['--list', dumpFile], {}).catch((error: unknown) => {
    throw new BackupError(
      'فایل پایگاه داده پشتیبان خوانا نیست (ناقص یا خراب)',
      error instanceof BackupError ? error.detail : String(error),
    );
  });
  const backedUpFiles = new DiskFileStore(path.join(folder, FILES_FOLDER));
  await checkStoredFiles(manifest.files.list, backedUpFiles, 'پشتیبان');
  const place = uploadsPlaceOf(settings);

  const client = await connectDatabase(settings, 'به پایگاه داده مقصد (DATABASE_URL) وصل نشد');
  try {
    await client.query(`${DETERMINISTIC_SESSION_SQL}; set statement_timeout = 0`);
    const contents = await listDatabaseContents(client);
    const existingUploads = await listUploads(place);
    if ((contents.length > 0 || existingUploads.length > 0) && !options.wipe) {
      const what = [
        ...contents,
        ...(existingUploads.length > 0
          ? [`${existingUploads.length} files in ${placeName(place)}`]
          : []),
      ];
      throw new BackupError(
        'مقصد خالی نیست: پایگاه داده یا پوشهٔ آپلودها داده دارد. برای پاک کردن آن و بازگردانی، --wipe را هم بدهید',
        `target not empty, nothing changed; pass --wipe to empty it first: ${what.join(', ')}`,
      );
    }
    if (contents.length > 0) {
      await wipeDatabase(client);
      const left = await listDatabaseContents(client);
      if (left.length > 0) {
        throw new BackupError(
          'پاک کردن پایگاه داده مقصد کامل نشد',
          `still there after the wipe: ${left.join(', ')}`,
        );
      }
    }

    // One transaction: an error anywhere leaves the database as empty as it was just now.
    await runPostgresTool(
      'pg_restore',
      [
        '--exit-on-error',
        '--single-transaction',
        // The objects belong to DATABASE_URL's user, whoever owned them where the dump was made.
        '--no-owner',
        '--no-privileges',
        '--no-password',
        `--dbname=${target.dbname}`,
        dumpFile,
      ],
      target.env,
    ).catch((error: unknown) => {
      throw new BackupError(
        'بازگردانی پایگاه داده شکست خورد؛ پایگاه داده مقصد خالی ماند',
        error instanceof BackupError ? error.detail : String(error),
      );
    });

    let previousUploads: string | null = null;
    if (place.kind === 'disk') {
      previousUploads = await putFilesBackOnDisk(
        manifest.files.list,
        backedUpFiles,
        place.root,
        options.now ?? new Date(),
      );
    } else {
      // A bucket has no folder to swap: each object is put, and an interrupted restore is put
      // again whole (the same keys, the same bytes).
      for (const file of manifest.files.list) {
        await place.store.put(file.key, await backedUpFiles.read(file.key));
      }
    }

    await verifyRestore(client, manifest, place);
    const notes = notesAfterRestore(manifest, settings);
    const stay = existingUploads.filter(
      (key) => !manifest.files.list.some((file) => file.key === key),
    );
    if (place.kind === 's3' && stay.length > 0) {
      notes.push(
        `${stay.length} فایلی که پیش‌تر در باکت بود سر جایش ماند؛ هیچ ردیفی به آن‌ها اشاره نمی‌کند (${stay.length} objects already in bucket ${place.bucket} were left in place)`,
      );
    }
    return { manifest, previousUploads, notes };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The dump is there, whole: its size and SHA-256 are the manifest's. */
async function checkDump(manifest: BackupManifest, dumpFile: string): Promise<void> {
  const found = await hashFile(dumpFile).catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(
      'فایل پایگاه داده پشتیبان (database.dump) نیست',
      `cannot read ${dumpFile}: ${error.code ?? error.message}`,
    );
  });
  if (found.bytes !== manifest.database.bytes || found.sha256 !== manifest.database.sha256) {
    throw new BackupError(
      'فایل پایگاه داده پشتیبان ناقص یا خراب است؛ چیزی بازگردانی نشد',
      `${dumpFile}: ${found.bytes} bytes sha256 ${found.sha256}, manifest says ${manifest.database.bytes} bytes sha256 ${manifest.database.sha256}`,
    );
  }
}

/** The uploads place for messages: the folder, or the bucket. */
function placeName(place: UploadsPlace): string {
  return place.kind === 'disk' ? place.root : `S3 bucket ${place.bucket}`;
}

/**
 * Copies the backup's files into a new folder beside the uploads folder, then swaps it in: a
 * crash midway leaves a hidden folder, never a half-filled uploads folder. Uploads that were
 * there (`--wipe`) are kept aside, not deleted; answers where.
 */
async function putFilesBackOnDisk(
  files: readonly StoredFile[],
  from: FileStore,
  uploadsRoot: string,
  now: Date,
): Promise<string | null> {
  const dataDir = path.dirname(uploadsRoot);
  const staging = path.join(dataDir, `.uploads-restoring-${randomBytes(4).toString('hex')}`);
  try {
    // Made even for no files: the uploads folder is then there, empty, as the store makes it.
    await mkdir(staging, { recursive: true, mode: 0o700 });
    await copyStoredFiles(
      files.map((file) => file.key),
      from,
      staging,
    );
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  let previous: string | null = null;
  const there = await readdir(uploadsRoot).catch(() => null);
  if (there !== null && there.length > 0) {
    previous = `${uploadsRoot}-before-restore-${now.toISOString().replace(/[-:.]/g, '')}`;
    await rename(uploadsRoot, previous);
  } else if (there !== null) {
    await rmdir(uploadsRoot);
  }
  await rename(staging, uploadsRoot);
  await syncFolder(dataDir);
  return previous;
}

/** The restored data against the manifest; any difference is a BackupError naming it. */
async function verifyRestore(
  client: pg.Client,
  manifest: BackupManifest,
  place: UploadsPlace,
): Promise<void> {
  const facts = await readDatabaseFacts(client);
  const differences: string[] = [];
  const expected = manifest.database;
  const tables = [
    ...new Set([...Object.keys(expected.rowCounts), ...Object.keys(facts.rowCounts)]),
  ].sort();
  for (const table of tables) {
    const want = expected.rowCounts[table];
    const got = facts.rowCounts[table];
    if (want !== got) {
      differences.push(`${table}: ${got ?? 'missing'} rows, backup had ${want ?? 'none'}`);
    }
  }
  for (const [table, checksum] of Object.entries(expected.moneyChecksums)) {
    if (facts.moneyChecksums[table] !== checksum) {
      differences.push(
        `${table}: money checksum ${facts.moneyChecksums[table] ?? 'missing'}, backup had ${checksum}`,
      );
    }
  }
  if (differences.length > 0) {
    throw new BackupError(
      'دادهٔ بازگردانی‌شده با فهرست پشتیبان نمی‌خواند؛ به این پایگاه داده اعتماد نکنید',
      `verification failed: ${differences.slice(0, 10).join('; ')}`,
    );
  }
  await checkStoredFiles(manifest.files.list, place.store, placeName(place));
}

/** Migrations and secret keys: what the restored data needs that a restore cannot give. */
function notesAfterRestore(manifest: BackupManifest, settings: BackupSettings): string[] {
  const notes: string[] = [];
  const journal = readMigrationJournal();
  const latest = manifest.database.latestMigration;
  if (latest && latest.tag === null) {
    notes.push(
      `پشتیبان از نسخه‌ای تازه‌تر (${manifest.appVersion}) است؛ همان نسخه را اجرا کنید (the backup has a migration this code does not know: run version ${manifest.appVersion})`,
    );
  } else if (journal.some((entry) => entry.when > (latest?.createdAt ?? -1))) {
    notes.push(
      'این نسخه مهاجرت‌های تازه‌تری دارد؛ پیش از راه‌اندازی npm run migrate را اجرا کنید (pending migrations: run npm run migrate)',
    );
  }
  const present = new Set(
    settings.secretKeys.map(secretKeyFingerprint).map((key) => `${key.id}:${key.fingerprint}`),
  );
  const missing = manifest.secretKeys
    .filter((key) => !present.has(`${key.id}:${key.fingerprint}`))
    .map((key) => key.id);
  if (missing.length > 0) {
    notes.push(
      `کلید رمز ${missing.join('، ')} که پشتیبان با آن ساخته شد در SECRET_KEYS این سرور نیست؛ بدون آن رمزهای پنل‌ها و حساب‌های میزبانی باز نمی‌شوند (SECRET_KEYS lacks the key ${missing.join(', ')} the backup was made with: copy it from the old server)`,
    );
  }
  return notes;
}
