import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { access, chmod, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import type { SecretKey } from '../lib/secret-box';
import { serverRoot } from '../paths';
import { BackupError } from './backup-error';
import {
  copyStoredFiles,
  hashFile,
  listUploads,
  syncFolder,
  uploadsPlaceOf,
  writeSynced,
} from './backup-files';
import { type BackupManifest, DATABASE_FILE, FILES_FOLDER, MANIFEST_FILE } from './backup-manifest';
import { DETERMINISTIC_SESSION_SQL, readDatabaseFacts } from './database-facts';
import { libpqTarget, runPostgresTool } from './postgres-tools';

/** What a backup or a restore needs of the settings. */
export type BackupSettings = Pick<
  AppConfig,
  'databaseUrl' | 'databasePool' | 'dataDir' | 'fileStore' | 'secretKeys'
> & {
  /** DB_SSL and DB_SSL_CA_FILE as set, for pg_dump and pg_restore (libpq reads its own). */
  libpqTls?: { DB_SSL?: string | undefined; DB_SSL_CA_FILE?: string | undefined };
};

export const EMBEDDED_DATABASE_REFUSAL = new BackupError(
  'پشتیبان‌گیری و بازگردانی فقط برای PostgreSQL است (DATABASE_URL). پایگاه دادهٔ داخلی (PGlite) برای نمایش و توسعه است: سرور را متوقف کنید و از کل پوشهٔ DATA_DIR کپی بگیرید',
  'backups are for PostgreSQL: DATABASE_URL is not set, so the data is in the embedded PGlite under DATA_DIR/db, which only a stopped server may copy; stop the server and copy DATA_DIR',
);

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
}

/** The server's version, from its package.json (the same in src/ and in the dist/ bundle). */
export function appVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/**
 * Writes one backup into a new folder under `destination`: the database as pg_dump's custom
 * format, the uploads (from the disk folder or the S3 bucket), and the manifest. The manifest's
 * facts and the dump are read in one snapshot, so they agree even while the server keeps
 * writing. The folder is written under a hidden `.partial` name and renamed when complete: a
 * folder named `vitrin-backup-…` is always a finished one.
 */
export async function createBackup(
  settings: BackupSettings,
  destination: string,
  now: Date = new Date(),
): Promise<BackupResult> {
  if (!settings.databaseUrl) throw EMBEDDED_DATABASE_REFUSAL;
  const place = uploadsPlaceOf(settings);
  const name = `vitrin-backup-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
  const folder = path.join(destination, name);
  if (await exists(folder)) {
    throw new BackupError(`پشتیبانی با نام ${name} از پیش هست`, `${folder} already exists`);
  }
  const work = path.join(destination, `.${name}.partial-${randomBytes(4).toString('hex')}`);
  await mkdir(work, { recursive: true, mode: 0o700 });
  try {
    const database = await dumpDatabase(settings, path.join(work, DATABASE_FILE));
    // After the snapshot: a file uploaded meanwhile is copied too (named by no row, harmless).
    const keys = await listUploads(place);
    const files: BackupManifest['files'] = {
      store: place.kind,
      bucket: place.kind === 's3' ? place.bucket : null,
      list: await copyStoredFiles(keys, place.store, path.join(work, FILES_FOLDER)),
    };
    const manifest: BackupManifest = {
      format: 'vitrin-backup',
      formatVersion: 1,
      createdAt: now.toISOString(),
      appVersion: appVersion(),
      database,
      secretKeys: settings.secretKeys.map(secretKeyFingerprint),
      files,
    };
    await writeSynced(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await syncFolder(work);
    await rename(work, folder);
    await syncFolder(destination);
    return { folder, manifest };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

/** One connection to DATABASE_URL with the node's TLS and timeout; `refusal` when it fails. */
export async function connectDatabase(
  settings: BackupSettings,
  refusal: string,
): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: settings.databaseUrl,
    connectionTimeoutMillis: settings.databasePool.connectTimeoutMs,
    ...(settings.databasePool.ssl !== undefined ? { ssl: settings.databasePool.ssl } : {}),
  });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(refusal, `connect: ${(error as Error).message}`);
  }
  return client;
}

/**
 * pg_dump of the whole database into `file`, run inside a snapshot this connection exports;
 * the row counts and money checksums are read in the same snapshot.
 */
async function dumpDatabase(
  settings: BackupSettings,
  file: string,
): Promise<BackupManifest['database']> {
  const databaseUrl = settings.databaseUrl ?? '';
  const client = await connectDatabase(settings, 'به پایگاه داده (DATABASE_URL) وصل نشد');
  try {
    // The snapshot's transaction waits while pg_dump works: no limit may end it meanwhile.
    await client.query(
      `${DETERMINISTIC_SESSION_SQL}; set statement_timeout = 0; set idle_in_transaction_session_timeout = 0`,
    );
    await client.query('begin isolation level repeatable read read only');
    const snapshot = await client.query<{ id: string; version: string }>(
      "select pg_export_snapshot() as id, current_setting('server_version') as version",
    );
    const { id, version } = snapshot.rows[0] ?? { id: '', version: '' };
    const facts = await readDatabaseFacts(client);
    const target = libpqTarget(databaseUrl, settings.libpqTls);
    await runPostgresTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-password',
        `--snapshot=${id}`,
        `--file=${file}`,
        `--dbname=${target.dbname}`,
      ],
      target.env,
    );
    await client.query('commit');
    // pg_dump leaves the umask's mode; the dump holds password hashes and tokens.
    await chmod(file, 0o600);
    const written = await hashFile(file);
    return {
      file: DATABASE_FILE,
      bytes: written.bytes,
      sha256: written.sha256,
      serverVersion: version,
      ...facts,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A key's id and the first 16 hex digits of its SHA-256: enough to tell two keys apart, nothing
 * to learn a 256-bit key from.
 */
export function secretKeyFingerprint(key: SecretKey): { id: string; fingerprint: string } {
  return {
    id: key.id,
    fingerprint: createHash('sha256').update(key.key).digest('hex').slice(0, 16),
  };
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
