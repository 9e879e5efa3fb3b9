import { expect, test } from 'vitest';
import { loadConfig } from '../config';
import { demoAccounts } from '../demo/seed';
import { setupTestApp } from '../test/test-app';

// Calls from the Android app's WebView (issue 9): its origin may call with a bearer token and
// read ETags; any other origin gets no CORS headers, and nobody may send cookies along.

const t = setupTestApp({ seedDemoData: true });
const APP_ORIGIN = 'https://localhost';

test('the Android app’s origin may ask first and then call with its token', async () => {
  const preflight = await t.app.inject({
    method: 'OPTIONS',
    url: '/api/jwt/authenticate',
    headers: {
      origin: APP_ORIGIN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type, if-none-match',
    },
  });
  expect(preflight.statusCode).toBe(204);
  expect(preflight.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
  expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
  expect(preflight.headers['access-control-allow-headers']).toContain('if-none-match');
  expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

  const [customer] = demoAccounts;
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/jwt/authenticate',
    headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
    payload: { username: customer.mobile, password: customer.password },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  expect(signIn.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
  expect(signIn.headers['access-control-expose-headers']).toContain('etag');
});

test('another origin gets no CORS headers, so its pages cannot read our answers', async () => {
  const preflight = await t.app.inject({
    method: 'OPTIONS',
    url: '/api/jwt/authenticate',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
  });
  expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  const call = await t.app.inject({
    method: 'POST',
    url: '/api/store/get-products',
    headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    payload: {},
  });
  expect(call.headers['access-control-allow-origin']).toBeUndefined();
});

test('CORS_ORIGINS is a comma list of origins; anything else is refused at start', () => {
  expect(
    loadConfig({ CORS_ORIGINS: 'https://localhost, http://10.0.2.2:8100/' }).corsOrigins,
  ).toEqual(['https://localhost', 'http://10.0.2.2:8100']);
  expect(loadConfig({}).corsOrigins).toEqual(['https://localhost', 'capacitor://localhost']);
  expect(() => loadConfig({ CORS_ORIGINS: 'javascript:alert(1)' })).toThrow(/CORS_ORIGINS/);
});
