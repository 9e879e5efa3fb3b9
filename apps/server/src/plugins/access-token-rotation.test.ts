import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import type { AccessTokenKey, AccessTokenKeys } from '../lib/access-token-keys';
import { createOtpService } from '../modules/accounts/otp.service';
import type { ConsoleSmsSender } from '../providers/sms/console-sms';
import { createSignedInUser } from '../test/api-kit';
import { createTestApp, setupTestApp } from '../test/test-app';
import { createAccessTokens } from './auth';

const newKey = (id: string): AccessTokenKey => ({
  id,
  secret: randomBytes(36).toString('base64url'),
});
const previous = newKey('2026-10');
const next = newKey('2026-11');

// A node after a rotation: the new key signs, the previous one is still accepted.
const t = setupTestApp({ accessTokenKeys: { current: next, verifyOnly: [previous] } });

let addressCounter = 0;
const freshAddress = () => `10.23.0.${++addressCounter}`;

function call(app: FastifyInstance, url: string, body: unknown, token?: string) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: freshAddress(),
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: JSON.stringify(body),
  });
}

/** What `get-user-info` answers the bearer of `token`: status and error code, if any. */
async function userInfoAs(app: FastifyInstance, token: string) {
  const response = await call(app, '/api/user/get-user-info', {}, token);
  return { status: response.statusCode, code: response.json().error?.code as string | undefined };
}

/** The token a node holding `keys` signs for the session `token` belongs to. */
async function resignedBy(app: FastifyInstance, keys: AccessTokenKeys, token: string) {
  const { sub, sid, role } = decodeJwt(token) as { sub: string; sid: string; role: 'customer' };
  return createAccessTokens(keys, app.accountLookup).sign({ id: sub, role }, sid);
}

/** A token as nodes signed them before key ids: same claims, no `kid` in the header. */
async function withoutKeyId(token: string, secret: string) {
  const { sub, sid, role, iat, exp } = decodeJwt(token);
  return new SignJWT({ role, sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub as string)
    .setIssuer('vitrin')
    .setAudience('vitrin')
    .setIssuedAt(iat as number)
    .setExpirationTime(exp as number)
    .sign(new TextEncoder().encode(secret));
}

/** The code service of a node holding `keys`, on the test app's database. */
function codesOfNodeWith(app: FastifyInstance, keys: AccessTokenKeys) {
  return createOtpService({
    db: app.db,
    redis: app.redis,
    sms: app.sms,
    log: app.log,
    config: { redisKeyPrefix: app.config.redisKeyPrefix, accessTokenKeys: keys },
  });
}

function lastCodeSentTo(app: FastifyInstance, mobile: string): string {
  const code = (app.sms as ConsoleSmsSender).sent
    .filter((entry) => entry.to === mobile)
    .at(-1)?.code;
  if (!code) throw new Error(`no SMS code to ${mobile}`);
  return code;
}

describe('access-token keys', () => {
  test('new tokens name the current key in their kid header and are accepted', async () => {
    const user = await createSignedInUser(t.app, { firstName: 'سارا', lastName: 'محمدی' });
    expect(decodeProtectedHeader(user.token)).toEqual({ alg: 'HS256', typ: 'JWT', kid: next.id });
    expect(await userInfoAs(t.app, user.token)).toEqual({ status: 200, code: undefined });
    // Sign-in itself hands out such a token, refreshed ones too.
    const mobile = user.mobile;
    expect(
      (await call(t.app, '/api/jwt/send-sign-in-temporary-code', { username: mobile })).statusCode,
    ).toBe(200);
    const signedIn = await call(t.app, '/api/jwt/verify-temporary-code', {
      input: mobile,
      code: lastCodeSentTo(t.app, mobile),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { jwtToken, refreshToken } = signedIn.json().data;
    expect(decodeProtectedHeader(jwtToken).kid).toBe(next.id);
    const refreshed = await call(t.app, '/api/jwt/refresh-token', { token: refreshToken });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(decodeProtectedHeader(refreshed.json().data.jwtToken).kid).toBe(next.id);
  });

  test('a token signed with the previous key is accepted while that key is configured', async () => {
    const user = await createSignedInUser(t.app, { firstName: 'رضا', lastName: 'کریمی' });
    // What a node not yet rotated signs: the previous key current, the new one verify-only.
    const fromOldNode = await resignedBy(
      t.app,
      { current: previous, verifyOnly: [next] },
      user.token,
    );
    expect(decodeProtectedHeader(fromOldNode).kid).toBe(previous.id);
    expect(await userInfoAs(t.app, fromOldNode)).toEqual({ status: 200, code: undefined });
  });

  test('a token signed with the previous key is refused once the key is removed', async () => {
    const removed = await createTestApp({ accessTokenKeys: { current: next, verifyOnly: [] } });
    try {
      const user = await createSignedInUser(removed.app, { firstName: 'مینا', lastName: 'رضایی' });
      const fromOldNode = await resignedBy(
        removed.app,
        { current: previous, verifyOnly: [next] },
        user.token,
      );
      expect(await userInfoAs(removed.app, fromOldNode)).toEqual({
        status: 401,
        code: 'UNAUTHENTICATED',
      });
      // The session itself is open: a token of the current key still works.
      expect(await userInfoAs(removed.app, user.token)).toEqual({ status: 200, code: undefined });
      // So does the live socket's check, which shares the same verification.
      expect(await removed.app.accessTokens.verify(fromOldNode)).toBeNull();
    } finally {
      await removed.close();
    }
  });

  test('a token naming a key id the node does not know is refused, whatever signed it', async () => {
    const user = await createSignedInUser(t.app, { firstName: 'علی', lastName: 'احمدی' });
    const unknown = newKey('2027-01');
    const byUnknownKey = await resignedBy(t.app, { current: unknown, verifyOnly: [] }, user.token);
    // The current secret under an id nobody configured: the id decides which key checks it.
    const currentSecretUnknownId = await resignedBy(
      t.app,
      { current: { id: unknown.id, secret: next.secret }, verifyOnly: [] },
      user.token,
    );
    // A known id over the wrong secret.
    const knownIdWrongSecret = await resignedBy(
      t.app,
      { current: { id: previous.id, secret: next.secret }, verifyOnly: [] },
      user.token,
    );
    for (const token of [byUnknownKey, currentSecretUnknownId, knownIdWrongSecret]) {
      expect(await userInfoAs(t.app, token)).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    }
  });

  test('tokens from before key ids carry no kid and are accepted when a configured key signed them', async () => {
    const user = await createSignedInUser(t.app, { firstName: 'نگار', lastName: 'صادقی' });
    for (const key of [next, previous]) {
      const legacy = await withoutKeyId(user.token, key.secret);
      expect(decodeProtectedHeader(legacy)).not.toHaveProperty('kid');
      expect(await userInfoAs(t.app, legacy)).toEqual({ status: 200, code: undefined });
    }
    const byStranger = await withoutKeyId(user.token, newKey('x').secret);
    expect(await userInfoAs(t.app, byStranger)).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
  });
});

describe('sign-in codes across a key rotation', () => {
  test('a code sent by a node before its rotation still verifies after it', async () => {
    const { mobile } = await createSignedInUser(t.app, { firstName: 'ترانه', lastName: 'نوری' });
    const beforeRotation = codesOfNodeWith(t.app, { current: previous, verifyOnly: [] });
    await beforeRotation.issue(mobile, 'sign-in', freshAddress());
    const verified = await call(t.app, '/api/jwt/verify-temporary-code', {
      input: mobile,
      code: lastCodeSentTo(t.app, mobile),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  test('a code sent by a rotated node verifies on a node not yet rotated', async () => {
    const { mobile } = await createSignedInUser(t.app, { firstName: 'کاوه', lastName: 'امینی' });
    const sent = await call(t.app, '/api/jwt/send-sign-in-temporary-code', { username: mobile });
    expect(sent.statusCode, sent.body).toBe(200);
    const notYetRotated = codesOfNodeWith(t.app, { current: previous, verifyOnly: [next] });
    await expect(notYetRotated.verify(mobile, lastCodeSentTo(t.app, mobile))).resolves.toBe(
      'sign-in',
    );
  });

  test('a code hashed with a key the node does not hold is wrong, not accepted', async () => {
    const { mobile } = await createSignedInUser(t.app, { firstName: 'پرستو', lastName: 'یزدانی' });
    await codesOfNodeWith(t.app, { current: newKey('gone'), verifyOnly: [] }).issue(
      mobile,
      'sign-in',
      freshAddress(),
    );
    const verified = await call(t.app, '/api/jwt/verify-temporary-code', {
      input: mobile,
      code: lastCodeSentTo(t.app, mobile),
    });
    expect(verified.statusCode).toBe(422);
    expect(verified.json().error.code).toBe('OTP_WRONG');
  });
});
