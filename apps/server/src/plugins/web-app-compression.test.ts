import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
// The web build's own step, so this test serves what `vite build` writes.
import { precompressDir } from '../../../web/scripts/precompress.mjs';
import { postJson, setupTestApp } from '../test/test-app';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

const webDistDir = mkdtempSync(path.join(tmpdir(), 'vitrin-web-'));
const files = {
  'index.html': `<!doctype html><html lang="fa" dir="rtl"><head><title>ویترین</title>${'<meta name="x" content="ویترین، فروشگاه سایت‌ساز" />'.repeat(40)}</head><body><div id="root"></div></body></html>`,
  'assets/index-Bx7aZ2.js': `export const products = [${Array.from({ length: 200 }, (_, i) => `{id:${i},title:"محصول ${i}"}`).join(',')}];`,
  'assets/index-Q9cW1k.css': `.card{direction:rtl;padding:1rem}${'.row>.cell{margin-inline-start:.5rem;color:#333}'.repeat(60)}`,
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'media/cover.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`,
};
const written: Awaited<ReturnType<typeof precompressDir>> = [];

beforeAll(async () => {
  mkdirSync(path.join(webDistDir, 'assets'));
  mkdirSync(path.join(webDistDir, 'media'));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(webDistDir, name), text);
  }
  // A photo is compressed already: the build writes no copies of it.
  writeFileSync(path.join(webDistDir, 'media', 'photo.png'), Buffer.alloc(4096, 7));
  written.push(...(await precompressDir(webDistDir)));
});

const t = setupTestApp(
  { webDistDir, seedDemoData: true },
  {
    extend: async (scope) => {
      scope.get('/api/test/events', async (_request, reply) =>
        reply.type('text/event-stream').send(`data: ${'x'.repeat(4000)}\n\n`),
      );
      scope.get('/api/test/invoice', async (_request, reply) =>
        reply.type('application/pdf').send(Buffer.alloc(4000, 1)),
      );
    },
  },
);

const decoders = { br: brotliDecompressSync, gzip: gunzipSync };

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('the build precompresses the web app', () => {
  test('every text file over 1 KB gets .br and .gz copies that decompress to it', () => {
    expect(written.map((entry) => entry.file)).toEqual([
      'assets/index-Bx7aZ2.js',
      'assets/index-Q9cW1k.css',
      'index.html',
      'media/cover.svg',
    ]);
    for (const entry of written) {
      const raw = readFileSync(path.join(webDistDir, entry.file));
      const br = readFileSync(path.join(webDistDir, `${entry.file}.br`));
      const gz = readFileSync(path.join(webDistDir, `${entry.file}.gz`));
      expect(brotliDecompressSync(br).equals(raw)).toBe(true);
      expect(gunzipSync(gz).equals(raw)).toBe(true);
      expect(br.length).toBeLessThan(raw.length / 2);
      expect(entry).toMatchObject({ raw: raw.length, br: br.length, gzip: gz.length });
    }
  });

  test('small files and images get no copies', () => {
    const listed = new Set(written.map((entry) => entry.file));
    expect(listed.has('favicon.svg')).toBe(false);
    expect(listed.has('media/photo.png')).toBe(false);
  });
});

describe('static files are sent precompressed', () => {
  test.each([
    ['br', 'gzip, deflate, br, zstd'],
    ['gzip', 'gzip, deflate'],
    ['gzip', 'br;q=0, gzip'],
  ] as const)('%s for Accept-Encoding: %s', async (encoding, acceptEncoding) => {
    const response = await get('/assets/index-Bx7aZ2.js', { 'accept-encoding': acceptEncoding });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    // The file the build wrote, not one compressed again per request.
    const copy = readFileSync(
      path.join(webDistDir, `assets/index-Bx7aZ2.js.${encoding === 'br' ? 'br' : 'gz'}`),
    );
    expect(response.rawPayload.equals(copy)).toBe(true);
    expect(decoders[encoding](response.rawPayload).toString()).toBe(
      files['assets/index-Bx7aZ2.js'],
    );
  });

  test('without Accept-Encoding the file is sent as it is', async () => {
    const response = await get('/assets/index-Q9cW1k.css');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(files['assets/index-Q9cW1k.css']);
  });

  test('an image is sent as it is whatever the client takes', async () => {
    const response = await get('/media/photo.png', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(4096);
  });

  test('the compressed copies have no addresses of their own', async () => {
    const response = await get('/assets/index-Bx7aZ2.js.br');
    expect(response.statusCode).toBe(404);
  });
});

describe('addresses that reach outside the web app', () => {
  test('dot segments and encoded separators never send a file beside the app', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'vitrin-outside-'));
    writeFileSync(path.join(outside, 'secret.txt'), 'not for the web');
    const name = `${path.basename(outside)}/secret.txt`;
    for (const url of [
      `/assets/..%2f..%2f${name}`,
      `/assets/%2e%2e/%2e%2e/${name}`,
      `/media/..%5c..%5c${name}`,
      '/assets/..%2findex.html',
    ]) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).not.toBe(500);
      const body = response.headers['content-encoding']
        ? brotliDecompressSync(response.rawPayload).toString()
        : response.body;
      expect(body, url).not.toContain('not for the web');
    }
  });
});

describe('caching of the web app', () => {
  test('fingerprinted assets are immutable for a year, in every encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const response = await get('/assets/index-Bx7aZ2.js', { 'accept-encoding': acceptEncoding });
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  test('files without a fingerprint are revalidated on every use', async () => {
    for (const url of ['/favicon.svg', '/media/cover.svg', '/media/photo.png']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  test('the app page (index.html for any route) is revalidated and compressed', async () => {
    const response = await get('/account?tab=sessions', {
      accept: 'text/html',
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('dir="rtl"');
  });

  test('the app page is sent as it is to a client that takes no compression', async () => {
    const response = await get('/account', { accept: 'text/html' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toContain('dir="rtl"');
  });
});

describe('API answers are compressed over the threshold', () => {
  test('a catalog answer over 1 KB is brotli and decompresses to the same JSON', async () => {
    const plain = await postJson(t.app, '/api/store/get-products', { group: 'domains' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const compressed = await postJson(
      t.app,
      '/api/store/get-products',
      { group: 'domains' },
      { 'accept-encoding': 'gzip, deflate, br' },
    );
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(
      plain.json(),
    );

    const gzipped = await postJson(
      t.app,
      '/api/store/get-products',
      { group: 'domains' },
      { 'accept-encoding': 'gzip' },
    );
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  });

  test('an answer under 1 KB is sent as it is', async () => {
    const response = await postJson(
      t.app,
      '/api/app/get-app-info',
      {},
      { 'accept-encoding': 'gzip, deflate, br' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().ok).toBe(true);
  });

  test('server-sent events and PDF files are never compressed', async () => {
    for (const url of ['/api/test/events', '/api/test/invoice']) {
      const response = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.rawPayload.length).toBeGreaterThanOrEqual(4000);
    }
  });
});
