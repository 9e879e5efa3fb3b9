import { ANDROID_VERSION, TEXT_PROBLEM_MESSAGES, WEB_VERSION } from '@vitrin/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { clientErrorReports } from '../../schema';
import { postJson, setupTestApp } from '../../test/test-app';
import { pruneClientErrors } from './app.service';

const t = setupTestApp();

const validReport = {
  message: 'Cannot read properties of undefined',
  stack: 'TypeError: Cannot read properties of undefined\n    at CartPage (cart-page.tsx:12)',
  pageUrl: 'http://localhost:3000/cart',
  release: WEB_VERSION,
  platform: 'web',
  occurredAt: '2026-11-21T10:15:00Z',
};

async function storedReports(): Promise<number> {
  const [row] = await t.app.db.select({ total: count() }).from(clientErrorReports);
  return row?.total ?? 0;
}

describe('get-app-info', () => {
  test('answers the versions of spec §9 in the success envelope', async () => {
    const response = await postJson(t.app, '/api/app/get-app-info', {});
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      ok: true,
      data: { name: 'ویترین', webVersion: WEB_VERSION, androidVersion: ANDROID_VERSION },
    });
    expect(Date.parse(body.data.serverTime)).toBeGreaterThan(Date.parse('2026-01-01'));
  });

  test('accepts a trailing slash on the path', async () => {
    const response = await postJson(t.app, '/api/app/get-app-info/', {});
    expect(response.statusCode).toBe(200);
  });

  test('rejects an unknown field with VALIDATION naming the field', async () => {
    const response = await postJson(t.app, '/api/app/get-app-info', { extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION',
        message: 'اطلاعات ارسال‌شده کامل یا درست نیست',
        fields: { extra: 'فیلد ناشناخته: extra' },
      },
    });
  });
});

describe('report-client-error', () => {
  test('stores the report and answers its id', async () => {
    const before = await storedReports();
    const response = await postJson(t.app, '/api/app/report-client-error', validReport, {
      'user-agent': 'Mozilla/5.0 (Linux; Android 14)',
    });
    expect(response.statusCode).toBe(200);
    const { id } = response.json().data;
    const [row] = await t.app.db
      .select()
      .from(clientErrorReports)
      .where(eq(clientErrorReports.id, id));
    expect(row).toMatchObject({
      message: validReport.message,
      platform: 'web',
      userAgent: 'Mozilla/5.0 (Linux; Android 14)',
      requestId: response.headers['x-request-id'],
    });
    expect(row?.occurredAt.toISOString()).toBe('2026-11-21T10:15:00.000Z');
    expect(await storedReports()).toBe(before + 1);
  });

  test('accepts a Jalali date in Persian digits as 00:00 Tehran time', async () => {
    const response = await postJson(t.app, '/api/app/report-client-error', {
      ...validReport,
      occurredAt: '۱۴۰۵/۰۸/۳۰',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(clientErrorReports)
      .where(eq(clientErrorReports.id, response.json().data.id));
    // 1405/08/30 is 2026-11-21; Tehran is UTC+03:30.
    expect(row?.occurredAt.toISOString()).toBe('2026-11-20T20:30:00.000Z');
  });

  test.each([
    ['month 13', '1403/13/01'],
    ['a day Esfand never has', '1404/12/30'],
    ['mixed separators', '1403/05-20'],
    ['free text', 'دیروز'],
  ])('an impossible date (%s) answers 400 INVALID_DATE and stores nothing', async (_, date) => {
    const before = await storedReports();
    const response = await postJson(t.app, '/api/app/report-client-error', {
      ...validReport,
      occurredAt: date,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      error: {
        code: 'INVALID_DATE',
        message: 'تاریخ نامعتبر است',
        fields: { occurredAt: 'تاریخ نامعتبر است؛ تاریخ را به شکل ۱۴۰۳/۰۵/۲۰ یا ISO وارد کنید' },
      },
    });
    expect(await storedReports()).toBe(before);
  });

  test('a missing field answers VALIDATION with a Persian message for that field', async () => {
    const { message: _, ...withoutMessage } = validReport;
    const response = await postJson(t.app, '/api/app/report-client-error', withoutMessage);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION',
      message: 'اطلاعات ارسال‌شده کامل یا درست نیست',
      fields: { message: 'این فیلد الزامی است' },
    });
  });

  test.each([
    ['a number where text belongs', { message: 42 }, 'message', 'مقدار باید متن باشد'],
    ['an enormous number', { message: 1e308 * 10 }, 'message', 'مقدار باید متن باشد'],
    ['an oversize string', { message: 'x'.repeat(1001) }, 'message', 'حداکثر ۱٬۰۰۰ نویسه مجاز است'],
    ['control characters', { message: 'a\u0000\u0007b' }, 'message', 'نویسه‌های کنترلی مجاز نیستند'],
    [
      'a line break in one-line text',
      { release: '1.2\n71' },
      'release',
      TEXT_PROBLEM_MESSAGES.lineBreak,
    ],
    ['an empty string', { release: '   ' }, 'release', 'این فیلد نباید خالی باشد'],
    ['a platform we do not ship', { platform: 'ios' }, 'platform', 'این مقدار مجاز نیست'],
    ['a non-web address', { pageUrl: 'javascript:alert(1)' }, 'pageUrl', 'نشانی وب درست نیست'],
  ])('%s answers VALIDATION and stores nothing', async (_, change, field, message) => {
    const before = await storedReports();
    const response = await postJson(t.app, '/api/app/report-client-error', {
      ...validReport,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
    expect(response.json().error.fields[field]).toBe(message);
    expect(await storedReports()).toBe(before);
  });

  test('is limited to 20 reports a minute per address', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/report-client-error',
        remoteAddress: '198.51.100.7',
        payload: validReport,
      });
    for (let i = 0; i < 20; i++) expect((await send()).statusCode).toBe(200);
    const response = await send();
    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe('RATE_LIMITED');
    expect(response.json().error.message).toMatch(/^تعداد درخواست‌ها بیش از حد مجاز است/);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    const otherAddress = await postJson(t.app, '/api/app/report-client-error', validReport);
    expect(otherAddress.statusCode).toBe(200);
  });
});

describe('client error reports are kept for a number of days', () => {
  test('the prune deletes the reports received before the retention, and keeps the rest', async () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    const report = (receivedDaysAgo: number) => ({
      message: `prune test ${receivedDaysAgo}`,
      pageUrl: '/store',
      release: WEB_VERSION,
      platform: 'web' as const,
      requestId: `prune-${receivedDaysAgo}`,
      occurredAt: new Date(now.getTime() - receivedDaysAgo * day),
      receivedAt: new Date(now.getTime() - receivedDaysAgo * day),
    });
    const rows = await t.app.db
      .insert(clientErrorReports)
      .values([report(31), report(30.5), report(29), report(1)])
      .returning({ id: clientErrorReports.id, message: clientErrorReports.message });
    expect(await pruneClientErrors(t.app.db, now, 30)).toBe(2);
    const left = await t.app.db
      .select({ message: clientErrorReports.message })
      .from(clientErrorReports)
      .where(
        inArray(
          clientErrorReports.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.message).sort()).toEqual(['prune test 1', 'prune test 29']);
  });
});
