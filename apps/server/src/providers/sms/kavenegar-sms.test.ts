import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { KavenegarSmsSender } from './kavenegar-sms';
import { SmsSendError } from './sms-sender';

const API_KEY = '4F6B2F7A-test-key-for-the-fake';

interface Received {
  method: string | undefined;
  url: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

/**
 * A local stand-in for Kavenegar's verify/lookup and sms/send endpoints that checks a request
 * the way the real one does: the API key in the path, a form body with receptor and either
 * token and template (lookup) or message (send).
 */
let received: Received[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let server: Server;
let baseUrl: string;

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    received.push({
      method: request.method,
      url: request.url,
      contentType: request.headers['content-type'],
      form,
    });
    const lookup = request.url === `/v1/${API_KEY}/verify/lookup.json`;
    const send = request.url === `/v1/${API_KEY}/sms/send.json`;
    const validPath = lookup || send;
    const validReceptor = /^09\d{9}$/.test(form.get('receptor') ?? '');
    const validForm =
      validReceptor &&
      (lookup ? Boolean(form.get('token') && form.get('template')) : Boolean(form.get('message')));
    const status = !validPath ? 401 : !validForm ? 400 : answer.status;
    const body =
      status === 200
        ? answer.body
        : {
            return: { status: status === 401 ? 401 : 418, message: 'refused by fake' },
            entries: null,
          };
    response.writeHead(status === 200 ? 200 : 400, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const okAnswer = {
  return: { status: 200, message: 'تایید شد' },
  entries: [{ messageid: 8792343, status: 5, receptor: '09121234567', cost: 120 }],
};

describe('Kavenegar sender', () => {
  test('sends the code through the lookup template with the local number form', async () => {
    received = [];
    answer = { status: 200, body: okAnswer };
    const sender = new KavenegarSmsSender({ apiKey: API_KEY, template: 'vitrin-otp', baseUrl });
    await sender.sendCode({ to: '+989121234567', code: '482913', text: 'کد: ۴۸۲۹۱۳' });
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(received[0]?.form ?? [])).toEqual({
      receptor: '09121234567',
      token: '482913',
      template: 'vitrin-otp',
    });
  });

  test('a refusal (wrong key, bad template) throws, never pretends', async () => {
    const wrongKey = new KavenegarSmsSender({
      apiKey: 'wrong-key-123',
      template: 'vitrin-otp',
      baseUrl,
    });
    await expect(wrongKey.sendCode({ to: '+989121234567', code: '1', text: '' })).rejects.toThrow(
      SmsSendError,
    );
    answer = { status: 200, body: { return: { status: 424, message: 'template not found' } } };
    const badTemplate = new KavenegarSmsSender({ apiKey: API_KEY, template: 'missing', baseUrl });
    await expect(
      badTemplate.sendCode({ to: '+989121234567', code: '123456', text: '' }),
    ).rejects.toThrow(/424 template not found/);
  });

  test('a notice goes as plain text through sms/send with the local number form', async () => {
    received = [];
    answer = { status: 200, body: okAnswer };
    const sender = new KavenegarSmsSender({ apiKey: API_KEY, template: 'vitrin-otp', baseUrl });
    const text = 'سرویس «هاست لینوکس ۵ گیگ» شما ۲۰ مرداد ۱۴۰۵ به پایان می‌رسد.';
    await sender.sendNotice({ to: '+989121234567', text });
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.url).toBe(`/v1/${API_KEY}/sms/send.json`);
    expect(received[0]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(received[0]?.form ?? [])).toEqual({
      receptor: '09121234567',
      message: text,
    });
  });

  test('a notice with our id carries it as a numeric localid, the same on every resend', async () => {
    received = [];
    answer = { status: 200, body: okAnswer };
    const sender = new KavenegarSmsSender({ apiKey: API_KEY, template: 'vitrin-otp', baseUrl });
    const notice = { to: '+989121234567', text: 'سرویس شما آماده است', localId: 'ready:4f1c' };
    await sender.sendNotice(notice);
    await sender.sendNotice(notice);
    await sender.sendNotice({ ...notice, localId: 'ready:9a0b' });
    const ids = received.map((request) => request.form.get('localid'));
    expect(ids[0]).toMatch(/^\d{1,15}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(Number(ids[0])).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  test('a notice the provider refuses throws, never pretends', async () => {
    answer = { status: 200, body: { return: { status: 412, message: 'sender not valid' } } };
    const sender = new KavenegarSmsSender({ apiKey: API_KEY, template: 'vitrin-otp', baseUrl });
    await expect(sender.sendNotice({ to: '+989121234567', text: 'متن' })).rejects.toThrow(
      /412 sender not valid/,
    );
    const wrongKey = new KavenegarSmsSender({ apiKey: 'wrong-key', template: 'x', baseUrl });
    await expect(wrongKey.sendNotice({ to: '+989121234567', text: 'متن' })).rejects.toThrow(
      SmsSendError,
    );
    const unreachable = new KavenegarSmsSender({
      apiKey: API_KEY,
      template: 'x',
      baseUrl: 'http://127.0.0.1:9',
    });
    await expect(unreachable.sendNotice({ to: '+989121234567', text: 'متن' })).rejects.toThrow(
      SmsSendError,
    );
  });

  test('an unreachable provider throws', async () => {
    const sender = new KavenegarSmsSender({
      apiKey: API_KEY,
      template: 'x',
      baseUrl: 'http://127.0.0.1:9',
    });
    await expect(
      sender.sendCode({ to: '+989121234567', code: '123456', text: '' }),
    ).rejects.toThrow(SmsSendError);
  });

  test('when the SMS fails, the person is told and the code does not stay valid', async () => {
    answer = { status: 200, body: { return: { status: 500, message: 'provider down' } } };
    const t = await createTestApp({
      seedDemoData: true,
      sms: { provider: 'kavenegar', apiKey: API_KEY, template: 'vitrin-otp', baseUrl },
    });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/jwt/send-sign-in-temporary-code',
        payload: { username: '09121234567' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatchObject({
        code: 'SMS_NOT_SENT',
        message: 'ارسال پیامک ممکن نشد؛ لطفا چند لحظهٔ دیگر دوباره تلاش کنید',
      });
      const sentCode = received.at(-1)?.form.get('token') ?? '';
      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/jwt/verify-temporary-code',
        payload: { input: '09121234567', code: sentCode },
      });
      expect(verify.json().error.code).toBe('OTP_EXPIRED');
    } finally {
      await t.close();
    }
  });
});
