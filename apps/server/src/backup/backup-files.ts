import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { DiskFileStore, FileNotFoundError, type FileStore, isSafeFileKey } from '../lib/file-store';
import { S3FileStore } from '../lib/s3-file-store';
import { BackupError } from './backup-error';
import type { StoredFile } from './backup-manifest';

// File helpers shared by backup and restore: the uploads place the settings name (folder or
// bucket) listed by key, copied and checked; files written and synced before anyone is told
// they are there.

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The SHA-256 and size of a file, read in chunks (a database dump may be gigabytes). */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  const handle = await open(file, 'r');
  let bytes = 0;
  try {
    for await (const chunk of handle.createReadStream()) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
  } finally {
    await handle.close().catch(() => {});
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Writes `bytes` to a new file and syncs it to disk. */
export async function writeSynced(file: string, bytes: Buffer | string, mode = 0o600) {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const handle = await open(file, 'wx', mode);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Syncs a folder, so a rename or a new file in it survives a crash. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Where the settings keep uploads: the disk folder, or the bucket. */
export type UploadsPlace =
  | { kind: 'disk'; root: string; store: DiskFileStore }
  | { kind: 's3'; bucket: string; store: S3FileStore };

/** The uploads place of these settings (as plugins/file-store.ts picks it). */
export function uploadsPlaceOf(settings: Pick<AppConfig, 'dataDir' | 'fileStore'>): UploadsPlace {
  if (settings.fileStore.kind === 's3') {
    return {
      kind: 's3',
      bucket: settings.fileStore.bucket,
      store: new S3FileStore(settings.fileStore),
    };
  }
  if (settings.dataDir === null) {
    throw new BackupError('پوشهٔ داده (DATA_DIR) تعیین نشده است', 'no data directory for uploads');
  }
  const root = path.join(settings.dataDir, 'uploads');
  return { kind: 'disk', root, store: new DiskFileStore(root) };
}

/** Every key the place holds, sorted: the folder walked, or the bucket listed. */
export async function listUploads(place: UploadsPlace): Promise<string[]> {
  if (place.kind === 'disk') return listStoredKeys(place.root);
  // Objects no Vitrin key could name are not ours: a shared bucket's other tenants.
  return (await place.store.list()).filter(isSafeFileKey).sort();
}

/**
 * The keys of the files under a disk store's root, sorted. Hidden names are the store's
 * temporary files (file-store.ts), never keys; anything else that is not a key is not ours.
 */
async function listStoredKeys(root: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep))
    .filter((parts) => parts.every((part) => !part.startsWith('.')))
    .map((parts) => parts.join('/'))
    .filter(isSafeFileKey)
    .sort();
}

/**
 * Copies each key from `from` into the folder `toRoot` (`toRoot/<key>`), synced, and answers what
 * was copied. A key gone meanwhile is skipped: the stores only ever delete stale uploads nobody
 * sent (tickets' cleanup), which no row names any more.
 */
export async function copyStoredFiles(
  keys: readonly string[],
  from: FileStore,
  toRoot: string,
): Promise<StoredFile[]> {
  const copied: StoredFile[] = [];
  for (const key of keys) {
    let bytes: Buffer;
    try {
      bytes = await from.read(key);
    } catch (error) {
      if (error instanceof FileNotFoundError) continue;
      throw error;
    }
    await writeSynced(path.join(toRoot, key), bytes);
    copied.push({ key, bytes: bytes.length, sha256: sha256Of(bytes) });
  }
  return copied;
}

/** Checks that `store` has each listed file with its size and SHA-256; a BackupError if not. */
export async function checkStoredFiles(
  files: readonly StoredFile[],
  store: FileStore,
  where: string,
): Promise<void> {
  for (const file of files) {
    if (!isSafeFileKey(file.key)) {
      throw new BackupError(
        `نام فایل «${file.key}» در فهرست پشتیبان مجاز نیست`,
        `unsafe key in manifest: ${JSON.stringify(file.key)}`,
      );
    }
    let bytes: Buffer;
    try {
      bytes = await store.read(file.key);
    } catch (error) {
      if (error instanceof FileNotFoundError) {
        throw new BackupError(`فایل «${file.key}» در ${where} نیست`, `${file.key} is missing`);
      }
      throw error;
    }
    const sha256 = sha256Of(bytes);
    if (bytes.length !== file.bytes || sha256 !== file.sha256) {
      throw new BackupError(
        `فایل «${file.key}» در ${where} با فهرست پشتیبان نمی‌خواند (ناقص یا خراب)`,
        `${file.key}: ${bytes.length} bytes sha256 ${sha256}, manifest says ${file.bytes} bytes sha256 ${file.sha256}`,
      );
    }
  }
}
