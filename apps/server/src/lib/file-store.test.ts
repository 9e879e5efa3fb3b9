import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeS3, startFakeS3 } from '../test/fake-s3';
import {
  createFileStore,
  DiskFileStore,
  FileNotFoundError,
  type FileStore,
  isSafeFileKey,
  MemoryFileStore,
  UnsafeFileKeyError,
} from './file-store';
import { S3FileStore } from './s3-file-store';

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'vitrin-file-store-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let fakeS3: FakeS3;
beforeAll(async () => {
  fakeS3 = await startFakeS3();
});
afterAll(() => fakeS3.close());

let storeCounter = 0;
function freshDataDir(): string {
  storeCounter += 1;
  return path.join(scratch, `data-${storeCounter}`);
}

const UNSAFE_KEYS = [
  '',
  '.',
  '..',
  '../escape',
  'tickets/../../escape',
  'tickets/./x',
  '/etc/passwd',
  'C:\\windows',
  'a\\b',
  'a//b',
  'a/',
  '.hidden',
  'tickets/.tmp-123',
  'nul\u0000byte',
  'new\nline',
  'فایل',
  'a b',
  'x'.repeat(101),
  'a/b/c/d/e',
];

const implementations: Array<[string, () => FileStore]> = [
  ['memory', () => new MemoryFileStore()],
  ['disk', () => createFileStore(freshDataDir())],
  ['s3', () => new S3FileStore(fakeS3.newBucket())],
];

describe.each(implementations)('%s file store', (_name, make) => {
  test('keeps bytes under a key and gives the same bytes back', async () => {
    const store = make();
    const bytes = Buffer.from([0, 1, 2, 255, 0x89, 0x50]);
    await store.put('tickets/abc-123', bytes);
    expect(await store.read('tickets/abc-123')).toEqual(bytes);
  });

  test('the caller reusing its buffer does not change what was stored', async () => {
    const store = make();
    const bytes = Buffer.from('first');
    await store.put('k1', bytes);
    bytes.write('XXXXX');
    const read = await store.read('k1');
    expect(read.toString()).toBe('first');
    read.write('YYYYY');
    expect((await store.read('k1')).toString()).toBe('first');
  });

  test('a second put replaces the bytes', async () => {
    const store = make();
    await store.put('k2', Buffer.from('old bytes, longer'));
    await store.put('k2', Buffer.from('new'));
    expect((await store.read('k2')).toString()).toBe('new');
  });

  test('a missing key is FileNotFoundError; delete removes and may be repeated', async () => {
    const store = make();
    await expect(store.read('tickets/missing')).rejects.toBeInstanceOf(FileNotFoundError);
    await store.put('tickets/gone', Buffer.from('x'));
    await store.delete('tickets/gone');
    await store.delete('tickets/gone');
    await expect(store.read('tickets/gone')).rejects.toBeInstanceOf(FileNotFoundError);
  });

  test.each(UNSAFE_KEYS)('refuses the unsafe key %j for put, read and delete', async (key) => {
    const store = make();
    await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(UnsafeFileKeyError);
    await expect(store.read(key)).rejects.toBeInstanceOf(UnsafeFileKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(UnsafeFileKeyError);
  });

  test('puts racing on one key leave one whole value, never a mix', async () => {
    const store = make();
    const a = Buffer.alloc(256 * 1024, 'a');
    const b = Buffer.alloc(256 * 1024, 'b');
    await Promise.all([store.put('race', a), store.put('race', b), store.put('race', a)]);
    const read = await store.read('race');
    expect([a.toString(), b.toString()]).toContain(read.toString());
  });
});

describe('disk file store', () => {
  test('lives under DATA_DIR/uploads with owner-only folders and files', async () => {
    const dataDir = freshDataDir();
    const store = createFileStore(dataDir);
    expect(store).toBeInstanceOf(DiskFileStore);
    await store.put('tickets/2025/abc', Buffer.from('secret bytes'));
    const uploads = path.join(dataDir, 'uploads');
    const file = path.join(uploads, 'tickets', '2025', 'abc');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    for (const folder of [
      uploads,
      path.join(uploads, 'tickets'),
      path.join(uploads, 'tickets/2025'),
    ]) {
      expect(statSync(folder).mode & 0o777, folder).toBe(0o700);
    }
  });

  test('leaves no temporary file behind after writes', async () => {
    const dataDir = freshDataDir();
    const store = createFileStore(dataDir);
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => store.put(`tickets/f${index}`, Buffer.from('x'))),
    );
    const names = readdirSync(path.join(dataDir, 'uploads', 'tickets'));
    expect(names.sort()).toEqual(Array.from({ length: 10 }, (_, index) => `f${index}`).sort());
  });

  test('a key can never reach a file beside the uploads folder', async () => {
    const dataDir = freshDataDir();
    const store = createFileStore(dataDir);
    await store.put('inside', Buffer.from('mine'));
    writeFileSync(path.join(dataDir, 'outside'), 'not yours');
    await expect(store.read('../outside')).rejects.toBeInstanceOf(UnsafeFileKeyError);
    await expect(store.delete('../outside')).rejects.toBeInstanceOf(UnsafeFileKeyError);
    expect(statSync(path.join(dataDir, 'outside')).isFile()).toBe(true);
  });
});

test('without a data directory the store is kept in memory', () => {
  expect(createFileStore(null)).toBeInstanceOf(MemoryFileStore);
});

test('safe keys are the server-made ones: letters, digits, - _ . and up to four segments', () => {
  expect(isSafeFileKey('tickets/0f8e2c1a-55f4-4a7c-9d3e-1b2a3c4d5e6f')).toBe(true);
  expect(isSafeFileKey('a/b/c/d')).toBe(true);
  expect(isSafeFileKey('report.v2_final-1')).toBe(true);
  for (const key of UNSAFE_KEYS) expect(isSafeFileKey(key), key).toBe(false);
});
