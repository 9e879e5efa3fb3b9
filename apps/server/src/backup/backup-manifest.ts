import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BackupError } from './backup-error';

/** What a backup folder holds: written last, so a folder with one was finished. */
export const MANIFEST_FILE = 'manifest.json';
/** pg_dump's custom format: compressed, and pg_restore can list it before restoring. */
export const DATABASE_FILE = 'database.dump';
/** A copy of the file store's objects as a tree: `files/<key>`. */
export const FILES_FOLDER = 'files';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

const storedFile = z.object({
  key: z.string().min(1),
  bytes: z.number().int().min(0),
  sha256: sha256Hex,
});

export const backupManifest = z.object({
  format: z.literal('vitrin-backup'),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  database: z.object({
    file: z.literal(DATABASE_FILE),
    bytes: z.number().int().min(1),
    sha256: sha256Hex,
    serverVersion: z.string(),
    latestMigration: z.object({ tag: z.string().nullable(), createdAt: z.number() }).nullable(),
    rowCounts: z.record(z.string(), z.number().int().min(0)),
    moneyChecksums: z.record(z.string(), sha256Hex),
  }),
  /**
   * SECRET_KEYS when the backup was made, each by id and fingerprint (never the key): sealed
   * columns open only with them, so a restore can say when the settings lack one.
   */
  secretKeys: z.array(z.object({ id: z.string(), fingerprint: z.string() })),
  /** The uploads, copied from the store the settings named: `files/<key>` in the folder. */
  files: z.object({
    store: z.enum(['disk', 's3']),
    /** The bucket they were copied from (S3), for the operator's information. */
    bucket: z.string().nullable(),
    list: z.array(storedFile),
  }),
});

export type BackupManifest = z.infer<typeof backupManifest>;
export type StoredFile = z.infer<typeof storedFile>;

/** The manifest of the backup in `folder`; a missing or unreadable one is a BackupError. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  const file = path.join(folder, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new BackupError(
      'این پوشه پشتیبان کامل ویترین نیست: فهرست پشتیبان (manifest.json) در آن نیست',
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BackupError(
      'فهرست پشتیبان (manifest.json) خراب است',
      `${file} is not JSON: ${(error as Error).message}`,
    );
  }
  const manifest = backupManifest.safeParse(parsed);
  if (!manifest.success) {
    throw new BackupError(
      'فهرست پشتیبان (manifest.json) خراب است یا از نسخه‌ای ناشناخته',
      `${file}: ${manifest.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')}`,
    );
  }
  return manifest.data;
}
