import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ANDROID_FIRST_VERSION, ANDROID_VERSION, WEB_VERSION } from '@vitrin/contracts';
import { afterAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { postJson, setupTestApp } from '../../test/test-app';
import { byteRange } from './app-distribution.routes';
import { createApkSource, sha256OfFile } from './app-distribution.service';

const files = mkdtempSync(path.join(tmpdir(), 'vitrin-apk-'));
afterAll(() => rmSync(files, { recursive: true, force: true }));

const CAFE_BAZAAR_URL = 'https://cafebazaar.ir/app/ir.vitrin.app';
const MYKET_URL = 'https://myket.ir/app/ir.vitrin.app';
const CONFIGURED_LATEST = '1.4.800';
const CONFIGURED_MINIMUM = '1.4.750';
// Bigger than one read chunk (64 KB), so hashing and ranges cross chunk boundaries.
const apkBytes = randomBytes(300 * 1024 + 17);
const apkFile = path.join(files, 'configured', 'vitrin-android.apk');
mkdirSync(path.dirname(apkFile));
writeFileSync(apkFile, apkBytes);
const apkSha256 = createHash('sha256').update(apkBytes).digest('hex');
const apkPath = `/downloads/vitrin-android-${CONFIGURED_LATEST}.apk`;

const webDistDir = path.join(files, 'web');
mkdirSync(webDistDir);
writeFileSync(
  path.join(webDistDir, 'index.html'),
  '<!doctype html><html lang="fa" dir="rtl"><head><title>ویترین</title></head><body></body></html>',
);

// The defaults: no APK file, no store links.
const plain = setupTestApp();
const configured = setupTestApp({
  publicUrl: 'https://vitrin.example',
  webDistDir,
  androidDistribution: {
    latestVersion: CONFIGURED_LATEST,
    minimumVersion: CONFIGURED_MINIMUM,
    apkFile,
    cafeBazaarUrl: CAFE_BAZAAR_URL,
    myketUrl: MYKET_URL,
  },
});

const askVersion = (app: typeof plain.app, body: unknown, headers = {}) =>
  postJson(app, '/api/app/get-app-version', body, headers);

describe('get-app-version', () => {
  test('the web build: latest and minimum are both the web version of spec §9', async () => {
    const response = await askVersion(plain.app, { platform: 'web', version: WEB_VERSION });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      data: {
        latest: WEB_VERSION,
        minimum: WEB_VERSION,
        updateRequired: false,
        updateAvailable: false,
        links: { apk: null, cafeBazaar: null, myket: null },
      },
    });
  });

  test('a web page older than the site is asked to update (reload)', async () => {
    const response = await askVersion(plain.app, { platform: 'web', version: '1.2.9' });
    expect(response.json().data).toMatchObject({ updateRequired: true, updateAvailable: true });
  });

  test('Android by default: this build is latest, the first release is the minimum', async () => {
    const response = await askVersion(plain.app, { platform: 'android', version: ANDROID_VERSION });
    expect(response.json().data).toEqual({
      latest: ANDROID_VERSION,
      minimum: ANDROID_FIRST_VERSION,
      updateRequired: false,
      updateAvailable: false,
      links: { apk: null, cafeBazaar: null, myket: null },
    });
  });

  test.each([
    // 1.4.760 > 1.4.99 only when parts compare as numbers.
    ['1.4.99', true, true],
    ['1.4.749', true, true],
    ['1.4.750', false, true],
    ['1.4.760', false, true],
    ['1.4.800', false, false],
    ['1.5.0', false, false],
  ])('Android %s: updateRequired %s, updateAvailable %s', async (version, required, available) => {
    const response = await askVersion(configured.app, { platform: 'android', version });
    expect(response.json().data).toMatchObject({
      latest: CONFIGURED_LATEST,
      minimum: CONFIGURED_MINIMUM,
      updateRequired: required,
      updateAvailable: available,
    });
  });

  test('without a version (the download page) it answers the latest and the links only', async () => {
    const response = await askVersion(configured.app, { platform: 'android' });
    expect(response.json().data).toMatchObject({ updateRequired: false, updateAvailable: false });
  });

  test('the links: our APK with its size and SHA-256, and both stores, as configured', async () => {
    const response = await askVersion(configured.app, { platform: 'android', version: '1.4.700' });
    expect(response.json().data.links).toEqual({
      apk: {
        url: `https://vitrin.example${apkPath}`,
        sizeBytes: apkBytes.length,
        sha256: apkSha256,
        version: CONFIGURED_LATEST,
      },
      cafeBazaar: CAFE_BAZAAR_URL,
      myket: MYKET_URL,
    });
  });

  test('is cached like the catalog: ETag, short public Cache-Control, 304 on a match', async () => {
    const first = await askVersion(plain.app, { platform: 'android', version: '1.4.700' });
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await askVersion(
      plain.app,
      { platform: 'android', version: '1.4.700' },
      { 'if-none-match': etag },
    );
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherVersion = await askVersion(
      plain.app,
      { platform: 'android', version: '1.4.699' },
      { 'if-none-match': etag },
    );
    expect(otherVersion.statusCode).toBe(200);
  });

  test.each([
    ['two parts', { platform: 'android', version: '1.4' }, 'version'],
    ['four parts', { platform: 'android', version: '1.4.700.1' }, 'version'],
    ['letters', { platform: 'android', version: 'latest' }, 'version'],
  ])('a malformed version (%s) answers VALIDATION in Persian', async (_, body, field) => {
    const response = await askVersion(plain.app, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION',
      message: 'اطلاعات ارسال‌شده کامل یا درست نیست',
      fields: { [field]: 'نسخه باید سه عدد با نقطه باشد، مانند ۱.۴.۷۰۰' },
    });
  });

  test.each([
    [
      'a platform we do not ship',
      { platform: 'ios', version: '1.0.0' },
      'platform',
      'این مقدار مجاز نیست',
    ],
    // zod reports a missing choice as a value not allowed (persian-issues.ts).
    ['no platform', { version: '1.0.0' }, 'platform', 'این مقدار مجاز نیست'],
    ['a number as version', { platform: 'web', version: 1.2 }, 'version', 'مقدار باید متن باشد'],
    ['an unknown field', { platform: 'web', build: 7 }, 'build', 'فیلد ناشناخته: build'],
  ])('%s answers VALIDATION naming the field', async (_, body, field, message) => {
    const response = await askVersion(plain.app, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
    expect(response.json().error.fields).toEqual({ [field]: message });
  });
});

describe('the APK download', () => {
  test('serves the file as an Android package to save, with length, ETag and long caching', async () => {
    const response = await configured.app.inject({ method: 'GET', url: apkPath });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'application/vnd.android.package-archive',
      'content-disposition': `attachment; filename="vitrin-android-${CONFIGURED_LATEST}.apk"`,
      'content-length': String(apkBytes.length),
      etag: `"${apkSha256}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });
    expect(response.rawPayload.equals(apkBytes)).toBe(true);
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(apkSha256);
  });

  test('HEAD answers the headers without the body', async () => {
    const response = await configured.app.inject({ method: 'HEAD', url: apkPath });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(apkBytes.length));
    expect(response.rawPayload.length).toBe(0);
  });

  test('answers 304 to the ETag it gave', async () => {
    const response = await configured.app.inject({
      method: 'GET',
      url: apkPath,
      headers: { 'if-none-match': `"${apkSha256}"` },
    });
    expect(response.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(0);
  });

  test('resumes a broken download from a byte range', async () => {
    const response = await configured.app.inject({
      method: 'GET',
      url: apkPath,
      headers: { range: 'bytes=70000-' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(
      `bytes 70000-${apkBytes.length - 1}/${apkBytes.length}`,
    );
    expect(response.headers['content-length']).toBe(String(apkBytes.length - 70000));
    expect(response.rawPayload.equals(apkBytes.subarray(70000))).toBe(true);
  });

  test('a range past the end answers 416; a stale If-Range gets the whole file', async () => {
    const beyond = await configured.app.inject({
      method: 'GET',
      url: apkPath,
      headers: { range: `bytes=${apkBytes.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${apkBytes.length}`);
    const stale = await configured.app.inject({
      method: 'GET',
      url: apkPath,
      headers: { range: 'bytes=0-9', 'if-range': '"an-older-build"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(apkBytes.length);
  });

  test.each([
    ['an older version’s name', '/downloads/vitrin-android-1.4.700.apk'],
    ['another file', '/downloads/passwd'],
    ['a path outside', '/downloads/..%2Fconfigured%2Fvitrin-android.apk'],
  ])('%s is 404 in the envelope', async (_, url) => {
    const response = await configured.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'فایل نصب اپ اندروید روی این سرور نیست' },
    });
  });

  test('without an APK on disk the download is 404 and the call offers none', async () => {
    const response = await plain.app.inject({
      method: 'GET',
      url: `/downloads/vitrin-android-${ANDROID_VERSION}.apk`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('the download page', () => {
  test('has its own title for search engines and link previews', async () => {
    const response = await configured.app.inject({
      method: 'GET',
      url: '/download',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>دریافت اپ ویترین برای اندروید | ویترین</title>');
  });
});

describe('the APK on disk', () => {
  test('its SHA-256 is streamed and matches node:crypto over the whole file', async () => {
    expect(await sha256OfFile(apkFile)).toBe(apkSha256);
  });

  test('is hashed once per change of the file, and found again after it comes back', async () => {
    const file = path.join(files, 'changing.apk');
    let hashed = 0;
    const source = createApkSource(file, (name) => {
      hashed += 1;
      return sha256OfFile(name);
    });
    expect(await source.current()).toBeNull();
    writeFileSync(file, 'first build');
    const [a, b] = await Promise.all([source.current(), source.current()]);
    expect(a?.sha256).toBe(createHash('sha256').update('first build').digest('hex'));
    expect(b).toEqual(a);
    expect(await source.current()).toEqual(a);
    expect(hashed).toBe(1);
    // A new build dropped in place the way the README says: written beside, renamed over.
    writeFileSync(`${file}.new`, 'second build, longer');
    renameSync(`${file}.new`, file);
    const replaced = await source.current();
    expect(replaced).toEqual({
      path: file,
      sizeBytes: 'second build, longer'.length,
      sha256: createHash('sha256').update('second build, longer').digest('hex'),
    });
    expect(hashed).toBe(2);
    rmSync(file);
    expect(await source.current()).toBeNull();
  });

  test('an empty file or a directory is no APK', async () => {
    const empty = path.join(files, 'empty.apk');
    writeFileSync(empty, '');
    expect(await createApkSource(empty).current()).toBeNull();
    expect(await createApkSource(files).current()).toBeNull();
    expect(await createApkSource(null).current()).toBeNull();
  });
});

describe('byte ranges', () => {
  test.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=50-5000', { start: 50, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=9-0', null],
    ['bytes=0-1,5-9', null],
    ['items=0-9', null],
    ['bytes=-', null],
    [undefined, null],
  ])('%j of 100 bytes is %j', (header, expected) => {
    expect(byteRange(header, 100)).toEqual(expected);
  });
});

describe('settings', () => {
  const dataDir = () => mkdtempSync(path.join(files, 'data-'));

  test('defaults: the APK in DATA_DIR/downloads, this build latest, no store links', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).androidDistribution).toEqual({
      latestVersion: ANDROID_VERSION,
      minimumVersion: ANDROID_FIRST_VERSION,
      apkFile: path.join(dir, 'downloads', 'vitrin-android.apk'),
      cafeBazaarUrl: null,
      myketUrl: null,
    });
  });

  test('each can be set', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ANDROID_APK_FILE: apkFile,
      ANDROID_LATEST_VERSION: '1.5.0',
      ANDROID_MIN_VERSION: '1.4.800',
      CAFE_BAZAAR_URL: CAFE_BAZAAR_URL,
      MYKET_URL: MYKET_URL,
    });
    expect(config.androidDistribution).toEqual({
      latestVersion: '1.5.0',
      minimumVersion: '1.4.800',
      apkFile,
      cafeBazaarUrl: CAFE_BAZAAR_URL,
      myketUrl: MYKET_URL,
    });
  });

  test.each([
    [{ ANDROID_MIN_VERSION: '1.5.0', ANDROID_LATEST_VERSION: '1.4.700' }, /ANDROID_MIN_VERSION/],
    [{ ANDROID_LATEST_VERSION: '1.5' }, /ANDROID_LATEST_VERSION/],
    [{ CAFE_BAZAAR_URL: 'http://cafebazaar.ir/app/ir.vitrin.app' }, /CAFE_BAZAAR_URL/],
    [{ MYKET_URL: 'javascript:alert(1)' }, /MYKET_URL/],
  ])('%j is refused at start', (env, problem) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(problem);
  });
});
