import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ConsoleSmsSender } from '../providers/sms/console-sms';
import { createTestApp, type TestApp } from '../test/test-app';

// Issue 23: one JSON line per request (id, call, status, duration, user id), and nothing secret
// or personal in any line: a sign-in by password and one by SMS code leave neither the password,
// the code nor the phone number in the log.
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { seedDemoData: true, logLevel: 'info' },
    { logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(() => t.close());

const customer = { mobile: '+989121234567', typed: '09121234567', password: 'vitrin-demo-1405' };

function call(url: string, body: unknown, token?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: '10.77.0.1',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: JSON.stringify(body),
  });
}

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the request log', () => {
  test('a sign-in by password and by code leaves no password, code, token or number in it', async () => {
    const byPassword = await call('/api/jwt/authenticate', {
      username: customer.typed,
      password: customer.password,
    });
    expect(byPassword.statusCode, byPassword.body).toBe(200);
    const { id, jwtToken, refreshToken } = byPassword.json().data;

    expect(
      (await call('/api/jwt/send-sign-in-temporary-code', { username: customer.typed })).statusCode,
    ).toBe(200);
    const sent = (t.app.sms as ConsoleSmsSender).sent.filter((entry) => entry.code !== null);
    const code = sent.at(-1)?.code ?? '';
    expect(code).toMatch(/^\d{5,6}$/);
    const byCode = await call('/api/jwt/verify-temporary-code', { input: customer.typed, code });
    expect(byCode.statusCode, byCode.body).toBe(200);

    // A wrong password too: failures are where secrets usually leak into logs.
    await call('/api/jwt/authenticate', { username: customer.typed, password: 'wrong-guess-1405' });
    const info = await call('/api/user/get-user-info', {}, jwtToken);
    expect(info.statusCode, info.body).toBe(200);

    const log = lines.join('\n');
    for (const secret of [
      customer.password,
      'wrong-guess-1405',
      code,
      jwtToken,
      refreshToken,
      customer.mobile,
      customer.typed,
      '9121234567',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
    // The code's SMS was noted, without its text.
    expect(
      entries().some((entry) => entry.msg === 'sms (console sender): written to the outbox'),
    ).toBe(true);

    // The signed-in call's line names the user by id.
    const infoLine = entries().find(
      (entry) => entry.msg === 'request' && entry.call === '/api/user/get-user-info',
    );
    expect(infoLine).toMatchObject({ userId: id, status: 200, method: 'POST' });
  });

  test('each request is one line with its id, call, status and duration', async () => {
    const before = lines.length;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/store/get-products?utm=summer',
      headers: { 'content-type': 'application/json', 'x-request-id': 'lb-req-0001' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(200);
    const mine = entries()
      .slice(before)
      .filter((entry) => entry.reqId === 'lb-req-0001');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request',
      call: '/api/store/get-products',
      method: 'POST',
      status: 200,
    });
    expect(mine[0]?.durationMs).toEqual(expect.any(Number));
    expect(mine[0]).not.toHaveProperty('userId');
  });
});
