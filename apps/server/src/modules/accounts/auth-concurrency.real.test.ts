import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { ConsoleSmsSender } from '../../providers/sms/console-sms';
import { refreshTokens, users } from '../../schema';
import { setupTestApp } from '../../test/test-app';

// Only a real PostgreSQL runs these requests truly at once: run by the server-postgres project.
const t = setupTestApp({ seedDemoData: true });

const post = (url: string, payload: unknown, ip: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });

test('one code verified ten times at once signs in exactly once', async () => {
  const mobile = '+989121234567';
  expect(
    (await post('/api/jwt/send-sign-in-temporary-code', { username: mobile }, '10.9.0.1'))
      .statusCode,
  ).toBe(200);
  const code = (t.app.sms as ConsoleSmsSender).sent.at(-1)?.code;
  const [user] = await t.app.db.select().from(users).where(eq(users.mobile, mobile));
  const before = await t.app.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, user?.id ?? ''));
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      post('/api/jwt/verify-temporary-code', { input: mobile, code }, `10.9.1.${i + 1}`),
    ),
  );
  expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  expect(
    answers.filter((a) => a.statusCode !== 200).every((a) => a.json().error.code === 'OTP_EXPIRED'),
  ).toBe(true);
  const after = await t.app.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, user?.id ?? ''));
  expect(after.length - before.length).toBe(1);
});

test('one refresh token presented ten times at once rotates once; the rest count as reuse', async () => {
  const signIn = await post(
    '/api/jwt/authenticate',
    { username: '+989121234567', password: 'vitrin-demo-1405' },
    '10.9.2.1',
  );
  const { refreshToken } = signIn.json().data;
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      post('/api/jwt/refresh-token', { token: refreshToken }, `10.9.3.${i + 1}`),
    ),
  );
  expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(9);
  // Reuse revoked the whole sign-in, the freshly rotated token included.
  const [session] = await t.app.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, createHash('sha256').update(refreshToken).digest('hex')));
  expect(session).toBeDefined();
  const open = await t.app.db
    .select()
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.familyId, session?.familyId ?? ''), isNull(refreshTokens.revokedAt)),
    );
  expect(open).toHaveLength(0);
});
