import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, REFRESH_COOKIE } from '@vitrin/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../lib/app-error';
import { createTestApp, postJson, type TestApp } from '../test/test-app';

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const webDistDir = mkdtempSync(path.join(tmpdir(), 'vitrin-web-'));
  mkdirSync(path.join(webDistDir, 'assets'));
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><html lang="fa" dir="rtl">');
  writeFileSync(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp(
    { webDistDir, logLevel: 'info' },
    {
      logStream: { write: (line) => logLines.push(line) },
      // Routes that fail the way real code can, to see what a client gets.
      extend: async (scope) => {
        scope.post('/api/test/crash', async () => {
          throw new Error('relation "orders" does not exist at character 15');
        });
        scope.post('/api/test/conflict', async () => {
          throw new AppError('CONFLICT', 'این سفارش قبلا پرداخت شده است');
        });
      },
    },
  );
});
afterAll(() => t.close());

const envelopeError = (code: string, message: string) => ({ ok: false, error: { code, message } });

describe('bad requests answer the Persian envelope and never a 500', () => {
  test('malformed JSON is 400 MALFORMED_BODY', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/app/get-app-info',
      headers: { 'content-type': 'application/json' },
      payload: '{"a": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(
      envelopeError('MALFORMED_BODY', 'بدنهٔ درخواست JSON معتبر نیست'),
    );
  });

  test('an empty JSON body is 400 MALFORMED_BODY', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/app/get-app-info',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('MALFORMED_BODY');
  });

  test('a wrong content type is 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/app/get-app-info',
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual(
      envelopeError('UNSUPPORTED_MEDIA_TYPE', 'نوع محتوای درخواست باید application/json باشد'),
    );
  });

  test('a body over the size limit is 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await postJson(t.app, '/api/app/get-app-info', {
      padding: 'x'.repeat(300 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(
      envelopeError('PAYLOAD_TOO_LARGE', 'حجم درخواست بیش از حد مجاز است'),
    );
  });

  test('a __proto__ key is refused as 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/app/get-app-info',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"isAdmin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().ok).toBe(false);
  });

  test('a body that is not an object is 400 VALIDATION', async () => {
    const response = await postJson(t.app, '/api/app/get-app-info', [1, 2]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: { _body: 'مقدار باید شیء JSON باشد' },
    });
  });

  test('an unknown API path is 404 NOT_FOUND', async () => {
    const response = await postJson(t.app, '/api/store/no-such-call', {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(envelopeError('NOT_FOUND', 'موردی که خواستید پیدا نشد'));
  });

  test('GET on a POST call is 405 METHOD_NOT_ALLOWED with Allow: POST', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/app/get-app-info/' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json()).toEqual(
      envelopeError('METHOD_NOT_ALLOWED', 'این نشانی فقط با روش POST پاسخ می‌دهد'),
    );
  });

  test('a service error keeps its code, status and Persian message', async () => {
    const response = await postJson(t.app, '/api/test/conflict', {});
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(envelopeError('CONFLICT', 'این سفارش قبلا پرداخت شده است'));
  });
});

describe('a 500', () => {
  test('never leaks internals and carries the request id that is in the log', async () => {
    const response = await postJson(t.app, '/api/test/crash', {});
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(response.json()).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: 'خطایی پیش آمد', requestId },
    });
    expect(response.body).not.toMatch(/orders|relation|at character|Error/);
    const logged = logLines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.reqId === requestId && entry.level === 50);
    expect(logged?.err?.message).toContain('relation "orders" does not exist');
  });
});

describe('request ids', () => {
  test('every answer carries x-request-id; a sane incoming id is kept', async () => {
    const fresh = await postJson(t.app, '/api/app/get-app-info', {});
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await postJson(
      t.app,
      '/api/app/get-app-info',
      {},
      { 'x-request-id': 'lb-7f3a9c21' },
    );
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21');
    const replaced = await postJson(
      t.app,
      '/api/app/get-app-info',
      {},
      { 'x-request-id': 'a b<script>' },
    );
    expect(replaced.headers['x-request-id']).not.toBe('a b<script>');
  });
});

describe('security headers', () => {
  test('answers carry a strict CSP, nosniff and no framing', async () => {
    const response = await postJson(t.app, '/api/app/get-app-info', {});
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('CSRF double submit (API.md)', () => {
  test('the server sets a readable XSRF-TOKEN cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
  });

  test('a POST relying on the session cookie without the header is 403 CSRF', async () => {
    const response = await postJson(
      t.app,
      '/api/app/get-app-info',
      {},
      {
        cookie: `${REFRESH_COOKIE}=abc; ${CSRF_COOKIE}=token-one-two-three-four`,
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CSRF');
  });

  test('a POST relying on the session cookie with a different header is 403 CSRF', async () => {
    const response = await postJson(
      t.app,
      '/api/app/get-app-info',
      {},
      {
        cookie: `${REFRESH_COOKIE}=abc; ${CSRF_COOKIE}=token-one-two-three-four`,
        'x-xsrf-token': 'token-one-two-three-fivе',
      },
    );
    expect(response.statusCode).toBe(403);
  });

  test('a POST echoing the cookie in X-XSRF-TOKEN passes', async () => {
    const response = await postJson(
      t.app,
      '/api/app/get-app-info',
      {},
      {
        cookie: `${REFRESH_COOKIE}=abc; ${CSRF_COOKIE}=token-one-two-three-four`,
        'x-xsrf-token': 'token-one-two-three-four',
      },
    );
    expect(response.statusCode).toBe(200);
  });

  test('a bearer-token client without cookies (the Android app) needs no CSRF token', async () => {
    const response = await postJson(
      t.app,
      '/api/app/get-app-info',
      {},
      {
        authorization: 'Bearer x',
      },
    );
    expect(response.statusCode).toBe(200);
  });
});

describe('health', () => {
  test('/healthz answers ok and /readyz checks the database', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.json()).toEqual({ ok: true, data: { status: 'ok' } });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toMatchObject({ status: 'ready', database: 'ok' });
  });
});

describe('OpenAPI', () => {
  test('/api/docs/openapi.json describes the contract calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const call = document.paths['/api/app/report-client-error'].post;
    expect(Object.keys(call.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['message', 'pageUrl', 'occurredAt']),
    );
  });

  test('/api/docs serves the browsable page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('the web app', () => {
  test('an app route answers index.html so the router can show it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/account?tab=sessions',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('dir="rtl"');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  test('fingerprinted assets are cached for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  test('a missing asset is 404, not the app page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('global rate limit', () => {
  test('over the per-minute limit answers 429 RATE_LIMITED with Retry-After', async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 3 });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await postJson(limited.app, '/api/app/get-app-info', {})).statusCode).toBe(200);
      }
      const response = await postJson(limited.app, '/api/app/get-app-info', {});
      expect(response.statusCode).toBe(429);
      expect(response.json().error.code).toBe('RATE_LIMITED');
      expect(response.json().error.message).toMatch(/(ثانیه|دقیقه) دیگر\)$/);
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      const health = await limited.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  test("the web app's files are never counted: a page load fetches dozens", async () => {
    const webDistDir = mkdtempSync(path.join(tmpdir(), 'vitrin-web-'));
    mkdirSync(path.join(webDistDir, 'assets'));
    mkdirSync(path.join(webDistDir, 'media'));
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webDistDir, 'media', 'cover.svg'), '<svg/>');
    writeFileSync(path.join(webDistDir, 'favicon.svg'), '<svg/>');
    const limited = await createTestApp({ rateLimitPerMinute: 3, webDistDir });
    try {
      for (let i = 0; i < 10; i++) {
        for (const url of ['/assets/app-abc123.js', '/media/cover.svg', '/favicon.svg']) {
          expect((await limited.app.inject({ method: 'GET', url })).statusCode).toBe(200);
        }
      }
      for (let i = 0; i < 3; i++) {
        expect((await postJson(limited.app, '/api/app/get-app-info', {})).statusCode).toBe(200);
      }
      expect((await postJson(limited.app, '/api/app/get-app-info', {})).statusCode).toBe(429);
      // A path that only looks like a file's is still counted.
      const page = await limited.app.inject({ method: 'GET', url: '/store/assets' });
      expect(page.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
