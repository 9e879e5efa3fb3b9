import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { computeSecurityHeaders, securityHeaderSets } from './security-headers';

/** Helmet's default, and what browsers' preload lists ask for: at least 180 days, subdomains too. */
function expectHsts(value: string | string[] | number | undefined) {
  const match = String(value).match(/^max-age=(\d+); includeSubDomains/);
  expect(match, String(value)).not.toBeNull();
  expect(Number(match?.[1])).toBeGreaterThanOrEqual(15_552_000);
}

test('security headers are helmet’s, computed once; HSTS only when asked for', () => {
  const development = computeSecurityHeaders({ strictTransportSecurity: false });
  expect(development).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'SAMEORIGIN',
  });
  expect(development['content-security-policy']).toContain("default-src 'self'");
  expect(development['strict-transport-security']).toBeUndefined();
  const production = computeSecurityHeaders({ strictTransportSecurity: true });
  expect(production['strict-transport-security']).toMatch(/^max-age=\d+/);
});

test('production sends HSTS over plain HTTP too; development only over HTTPS', () => {
  const production = securityHeaderSets('production');
  expectHsts(production.http['strict-transport-security']);
  expectHsts(production.https['strict-transport-security']);
  const development = securityHeaderSets('development');
  expect(development.http['strict-transport-security']).toBeUndefined();
  expectHsts(development.https['strict-transport-security']);
  const { 'strict-transport-security': _, ...httpsWithoutHsts } = development.https;
  expect(httpsWithoutHsts).toEqual(development.http);
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
  });
  afterAll(() => t?.close());

  test('HSTS is sent when the proxy says the request came over HTTPS', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expectHsts(response.headers['strict-transport-security']);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  test('no HSTS over plain HTTP, said by the proxy or with no word from it', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'http' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/healthz', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });
});

describe('with no trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: false });
  });
  afterAll(() => t?.close());

  test('a client’s own X-Forwarded-Proto: https does not make it HTTPS', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
