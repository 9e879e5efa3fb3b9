import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isSafeFileKey } from '../lib/file-store';
import { BackupError } from './backup-error';
import type { StoredFile } from './backup-manifest';

// File helpers shared by backup and restore: the disk store's tree walked by key, files written
// and synced before anyone is told they are there.

export function sha256Of(bytes: Buffer): string {
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

/**
 * The keys of the files under a disk store's root, sorted. Hidden names are the store's
 * temporary files (file-store.ts), never keys; anything else that is not a key is not ours.
 */
export async function listStoredKeys(root: string): Promise<string[]> {
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

/** Copies each key from `fromRoot` to `toRoot`, synced, and answers what was copied. */
export async function copyStoredFiles(
  keys: readonly string[],
  fromRoot: string,
  toRoot: string,
): Promise<StoredFile[]> {
  const copied: StoredFile[] = [];
  for (const key of keys) {
    const bytes = await readFile(path.join(fromRoot, key));
    await writeSynced(path.join(toRoot, key), bytes);
    copied.push({ key, bytes: bytes.length, sha256: sha256Of(bytes) });
  }
  return copied;
}

/** Checks that each listed file under `root` has its size and SHA-256; a BackupError if not. */
export async function checkStoredFiles(
  files: readonly StoredFile[],
  root: string,
  where: string,
): Promise<void> {
  for (const file of files) {
    if (!isSafeFileKey(file.key)) {
      throw new BackupError(
        `نام فایل «${file.key}» در فهرست پشتیبان مجاز نیست`,
        `unsafe key in manifest: ${JSON.stringify(file.key)}`,
      );
    }
    const fullPath = path.join(root, file.key);
    const found = await stat(fullPath).then(
      () => hashFile(fullPath),
      () => null,
    );
    if (!found) {
      throw new BackupError(`فایل «${file.key}» در ${where} نیست`, `${fullPath} is missing`);
    }
    if (found.bytes !== file.bytes || found.sha256 !== file.sha256) {
      throw new BackupError(
        `فایل «${file.key}» در ${where} با فهرست پشتیبان نمی‌خواند (ناقص یا خراب)`,
        `${fullPath}: ${found.bytes} bytes sha256 ${found.sha256}, manifest says ${file.bytes} bytes sha256 ${file.sha256}`,
      );
    }
  }
}
