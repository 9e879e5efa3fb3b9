import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../config';
import fileStorePlugin from '../plugins/file-store';
import { FAKE_S3_SECRET_ACCESS_KEY, type FakeS3, startFakeS3 } from '../test/fake-s3';
import { FileNotFoundError, MemoryFileStore, UnsafeFileKeyError } from './file-store';
import { S3FileStore, S3RequestError } from './s3-file-store';

let fake: FakeS3;
beforeAll(async () => {
  fake = await startFakeS3();
});
afterAll(() => fake.close());

const EVERY_BYTE = Buffer.from(Array.from({ length: 256 }, (_, index) => index));

/** The error `promise` rejects with (fails the test when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return expect.unreachable('the call succeeded');
}

describe('S3 file store, path-style', () => {
  test('every byte value survives put and read, stored under the key in the bucket', async () => {
    const settings = fake.newBucket();
    const store = new S3FileStore(settings);
    await store.put('tickets/2025/abc-123', EVERY_BYTE);
    expect(await store.read('tickets/2025/abc-123')).toEqual(EVERY_BYTE);
    expect(fake.objects(settings.bucket).get('tickets/2025/abc-123')).toEqual(EVERY_BYTE);
    await store.delete('tickets/2025/abc-123');
    expect(fake.objects(settings.bucket).has('tickets/2025/abc-123')).toBe(false);
    await expect(store.read('tickets/2025/abc-123')).rejects.toBeInstanceOf(FileNotFoundError);
  });

  test('a key of several segments is one object under endpoint/bucket/key, slashes kept', async () => {
    const settings = fake.newBucket();
    const store = new S3FileStore(settings);
    const before = fake.requests.length;
    await store.put('a/b.c/d_e/f-1.pdf', Buffer.from('%PDF'));
    expect(fake.requests.slice(before)).toEqual([
      {
        method: 'PUT',
        host: new URL(settings.endpoint).host,
        path: `/${settings.bucket}/a/b.c/d_e/f-1.pdf`,
        status: 200,
      },
    ]);
    expect([...fake.objects(settings.bucket).keys()]).toEqual(['a/b.c/d_e/f-1.pdf']);
  });

  test('a second put replaces the object', async () => {
    const settings = fake.newBucket();
    const store = new S3FileStore(settings);
    await store.put('tickets/k', Buffer.from('old bytes, longer'));
    await store.put('tickets/k', Buffer.from('new'));
    expect((await store.read('tickets/k')).toString()).toBe('new');
    expect(fake.objects(settings.bucket).size).toBe(1);
  });

  test('reading a missing key is FileNotFoundError; deleting one is not an error', async () => {
    const store = new S3FileStore(fake.newBucket());
    await expect(store.read('tickets/missing')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(store.delete('tickets/missing')).resolves.toBeUndefined();
  });

  test('an unsafe key is refused before any request is made', async () => {
    const store = new S3FileStore(fake.newBucket());
    const before = fake.requests.length;
    for (const key of ['../escape', 'a//b', '.hidden', 'a b', 'فایل', '/etc/passwd', '']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(UnsafeFileKeyError);
      await expect(store.read(key)).rejects.toBeInstanceOf(UnsafeFileKeyError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(UnsafeFileKeyError);
    }
    expect(fake.requests.length).toBe(before);
  });
});

describe('S3 file store, virtual-hosted', () => {
  test('objects are addressed as bucket.endpoint/key, signed for that host', async () => {
    const settings = fake.newBucket({ pathStyle: false });
    const store = new S3FileStore(settings, { fetch: fake.fetch });
    const before = fake.requests.length;
    await store.put('tickets/2025/abc', EVERY_BYTE);
    expect(await store.read('tickets/2025/abc')).toEqual(EVERY_BYTE);
    await store.delete('tickets/2025/abc');
    await expect(store.read('tickets/2025/abc')).rejects.toBeInstanceOf(FileNotFoundError);
    const host = `${settings.bucket}.${new URL(settings.endpoint).host}`;
    expect(fake.requests.slice(before)).toEqual([
      { method: 'PUT', host, path: '/tickets/2025/abc', status: 200 },
      { method: 'GET', host, path: '/tickets/2025/abc', status: 200 },
      { method: 'DELETE', host, path: '/tickets/2025/abc', status: 204 },
      { method: 'GET', host, path: '/tickets/2025/abc', status: 404 },
    ]);
  });
});

describe('listing the bucket (for backups)', () => {
  test('every key of the bucket, page after page, in key order, none of another bucket', async () => {
    const paged = await startFakeS3({ listPageSize: 2 });
    try {
      for (const pathStyle of [true, false]) {
        const settings = paged.newBucket({ pathStyle });
        const other = paged.newBucket({ pathStyle });
        const store = new S3FileStore(settings, { fetch: paged.fetch });
        const keys = ['tickets/b', 'catalog/x.png', 'tickets/a', 'catalog/y.webp', 'z'];
        for (const key of keys) await store.put(key, Buffer.from(key));
        await new S3FileStore(other, { fetch: paged.fetch }).put('tickets/c', Buffer.from('c'));
        const before = paged.requests.length;
        expect(await store.list()).toEqual([...keys].sort());
        // Five keys, two a page: three signed requests, each accepted.
        expect(paged.requests.slice(before).map((request) => request.status)).toEqual([
          200, 200, 200,
        ]);
      }
      expect(await new S3FileStore(paged.newBucket()).list()).toEqual([]);
    } finally {
      await paged.close();
    }
  });

  test('a listing refused by the store is an error, not an empty bucket', async () => {
    const settings = fake.newBucket();
    await new S3FileStore(settings).put('tickets/a', Buffer.from('a'));
    const wrong = new S3FileStore({ ...settings, secretAccessKey: 'not-the-secret' });
    const error = await rejectionOf(wrong.list());
    expect(error).toBeInstanceOf(S3RequestError);
    expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });
});

describe('S3 file store failures are errors, never silence or partial bytes', () => {
  test('a wrong secret is refused by the store for every call, and the secret is not told', async () => {
    const settings = fake.newBucket();
    const secret = 'a-wrong-secret-that-must-not-appear-anywhere';
    const store = new S3FileStore({ ...settings, secretAccessKey: secret });
    for (const call of [
      () => store.put('tickets/x', Buffer.from('x')),
      () => store.read('tickets/x'),
      () => store.delete('tickets/x'),
    ]) {
      const error = await rejectionOf(call());
      expect(error).toBeInstanceOf(S3RequestError);
      expect(error).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
      expect(String(error)).not.toContain(secret);
      expect(String(error)).not.toContain(FAKE_S3_SECRET_ACCESS_KEY);
    }
    expect(fake.objects(settings.bucket).size).toBe(0);
  });

  test('a signature for another region or an unknown access key is refused', async () => {
    const settings = fake.newBucket();
    await expect(
      new S3FileStore({ ...settings, region: 'us-east-1' }).put('k', Buffer.from('x')),
    ).rejects.toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    await expect(
      new S3FileStore({ ...settings, accessKeyId: 'SOMEONEELSE' }).read('k'),
    ).rejects.toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
  });

  test('a missing bucket is an error on read and delete, not a missing file', async () => {
    const store = new S3FileStore({ ...fake.newBucket(), bucket: 'no-such-bucket' });
    for (const call of [() => store.read('tickets/x'), () => store.delete('tickets/x')]) {
      const error = await rejectionOf(call());
      expect(error).toBeInstanceOf(S3RequestError);
      expect(error).toMatchObject({ status: 404, code: 'NoSuchBucket' });
    }
  });

  test('a 500 from the store is an error carrying the status', async () => {
    const store = new S3FileStore(fake.newBucket());
    await store.put('tickets/x', Buffer.from('kept'));
    fake.failNext('error-500');
    await expect(store.put('tickets/x', Buffer.from('lost'))).rejects.toMatchObject({
      name: 'S3RequestError',
      status: 500,
      code: 'InternalError',
      message: expect.stringMatching(/HTTP 500/),
    });
    fake.failNext('error-500');
    await expect(store.read('tickets/x')).rejects.toMatchObject({ status: 500 });
    fake.failNext('error-500');
    await expect(store.delete('tickets/x')).rejects.toMatchObject({ status: 500 });
    expect((await store.read('tickets/x')).toString()).toBe('kept');
  });

  test('a store that does not answer in time is an error', async () => {
    const store = new S3FileStore(fake.newBucket(), { timeoutMs: 200 });
    fake.failNext('hang');
    const error = await rejectionOf(store.read('tickets/x'));
    expect(error).toBeInstanceOf(S3RequestError);
    expect(error).toMatchObject({ status: null, message: expect.stringMatching(/200 ms/) });
  });

  test('an answer cut off half way is an error, never the half', async () => {
    const settings = fake.newBucket();
    const store = new S3FileStore(settings);
    await store.put('tickets/big', Buffer.alloc(512 * 1024, 7));
    fake.failNext('cut-off');
    await expect(store.read('tickets/big')).rejects.toMatchObject({
      name: 'S3RequestError',
      message: 'S3 GET tickets/big: answer cut off',
    });
  });

  test('a store nobody listens on is an error naming it', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const store = new S3FileStore({ ...fake.newBucket(), endpoint: `http://127.0.0.1:${port}` });
    await expect(store.put('tickets/x', Buffer.from('x'))).rejects.toMatchObject({
      name: 'S3RequestError',
      status: null,
      message: `S3 PUT tickets/x: 127.0.0.1:${port} unreachable`,
    });
  });
});

describe('file-store plugin', () => {
  async function filesWith(config: ReturnType<typeof testConfig>) {
    const app = Fastify();
    await app.register(
      fp(
        async (scope) => {
          scope.decorate('config', config);
        },
        { name: 'config' },
      ),
    );
    await app.register(fileStorePlugin);
    await app.ready();
    return app;
  }

  test('uses the S3 store when FILE_STORE=s3 is set, memory when there is no data directory', async () => {
    const settings = fake.newBucket();
    const s3App = await filesWith(testConfig({ fileStore: { kind: 's3', ...settings } }));
    expect(s3App.files).toBeInstanceOf(S3FileStore);
    await s3App.files.put('tickets/from-app', Buffer.from('shared'));
    expect(fake.objects(settings.bucket).get('tickets/from-app')?.toString()).toBe('shared');
    await s3App.close();

    const memoryApp = await filesWith(testConfig());
    expect(memoryApp.files).toBeInstanceOf(MemoryFileStore);
    await memoryApp.close();
  });
});
