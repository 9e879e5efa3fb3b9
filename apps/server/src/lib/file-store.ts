import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded bytes live (ticket attachments, decision 0013). Keys are chosen by the server
 * (random), never by a person; a key that is not safe is refused before any file is touched.
 *
 * Three implementations: the disk under `DATA_DIR/uploads`, memory when there is no data
 * directory (tests), and an S3-compatible bucket (`FILE_STORE=s3`, s3-file-store.ts) for several
 * nodes without a shared disk. plugins/file-store.ts picks one from the settings.
 */
export interface FileStore {
  /** Stores `bytes` under `key`, replacing what was there; readers see the old or the new whole. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`; FileNotFoundError when there are none. */
  read(key: string): Promise<Buffer>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`no file under ${key}`);
    this.name = 'FileNotFoundError';
  }
}

export class UnsafeFileKeyError extends Error {
  constructor(key: string) {
    super(`unsafe file key ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'UnsafeFileKeyError';
  }
}

// Segments of ASCII letters, digits, `-`, `_` and `.`, never starting with a dot: no `..`, no
// hidden names (temporary files start with a dot, so no key can collide with one), no absolute
// path, no backslash, nothing a file system treats specially.
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}){0,3}$/;

/** Whether `key` may name a stored file. */
export function isSafeFileKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

function checkKey(key: string): void {
  if (!isSafeFileKey(key)) throw new UnsafeFileKeyError(key);
}

const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

/** Files under one folder, written atomically (temporary file, fsync, rename), owner-only. */
export class DiskFileStore implements FileStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of `key`, checked once more to be inside the root. */
  private pathOf(key: string): string {
    checkKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new UnsafeFileKeyError(key);
    return file;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    const directory = path.dirname(file);
    await this.makeDirectories(directory);
    const temporary = path.join(directory, `.tmp-${randomBytes(8).toString('hex')}`);
    const handle = await open(temporary, 'wx', FILE_MODE);
    try {
      await handle.writeFile(bytes);
      // The mode given to open is narrowed by the umask only; make sure of it anyway.
      await handle.chmod(FILE_MODE);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    try {
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Creates the root and the key's folders with owner-only access. */
  private async makeDirectories(directory: string): Promise<void> {
    const created = await mkdir(directory, { recursive: true, mode: DIRECTORY_MODE });
    if (created === undefined) return;
    // mkdir answers the first folder it created; each below it down to `directory` is new.
    let current = directory;
    while (current.startsWith(created)) {
      await chmod(current, DIRECTORY_MODE);
      if (current === created) break;
      current = path.dirname(current);
    }
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** Bytes kept in this process: tests, and a demo without a data directory. */
export class MemoryFileStore implements FileStore {
  private readonly files = new Map<string, Buffer>();

  async put(key: string, bytes: Buffer): Promise<void> {
    checkKey(key);
    // A copy: the caller may reuse its buffer.
    this.files.set(key, Buffer.from(bytes));
  }

  async read(key: string): Promise<Buffer> {
    checkKey(key);
    const bytes = this.files.get(key);
    if (!bytes) throw new FileNotFoundError(key);
    return Buffer.from(bytes);
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    this.files.delete(key);
  }

  /** How many files are kept (tests check that deleted uploads are gone). */
  get size(): number {
    return this.files.size;
  }
}

/**
 * The local store: `dataDir/uploads` on disk, or memory when `dataDir` is null. With
 * `FILE_STORE=s3` the plugin makes an S3FileStore instead (s3-file-store.ts imports this module).
 */
export function createFileStore(dataDir: string | null): FileStore {
  return dataDir ? new DiskFileStore(path.join(dataDir, 'uploads')) : new MemoryFileStore();
}
