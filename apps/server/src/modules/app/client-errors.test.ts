import {
  type ClientErrorGroupView,
  getClientErrorGroup,
  listClientErrors,
  WEB_VERSION,
} from '@vitrin/contracts';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { seedClientErrors } from '../../demo/seed-client-errors';
import { clientErrorReports } from '../../schema';
import { createSignedInUser, ok, refused, type SignedInUser, send } from '../../test/api-kit';
import { createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';

// Issue 23: staff read the client error reports grouped, so one broken line of code is one row
// however many people, pages and builds it reached.

const t = setupTestApp();
const LIST = '/api/admin/errors/list-client-errors';
const GROUP = '/api/admin/errors/get-client-error-group';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

let admin: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
});

beforeEach(async () => {
  await t.app.db.delete(clientErrorReports);
});

const chromeUserAgent =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A Chrome stack as a production build throws it: hashed chunk names, line and column. */
function cartStack(origin: string, hash: string, column: number): string {
  return [
    "TypeError: Cannot read properties of undefined (reading 'price')",
    `    at CartSummary (${origin}/assets/cart-page-${hash}.js:1:${column})`,
    `    at renderWithHooks (${origin}/assets/index-Ab12Cd34.js:1:99812)`,
  ].join('\n');
}

/** Sends a report the way a browser does, through the public call. */
async function report(body: {
  message: string;
  stack?: string;
  pageUrl: string;
  release?: string;
  platform?: 'web' | 'android';
  userAgent?: string;
}): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/app/report-client-error',
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
    headers: {
      'content-type': 'application/json',
      'user-agent': body.userAgent ?? chromeUserAgent,
    },
    payload: JSON.stringify({
      message: body.message,
      stack: body.stack,
      pageUrl: body.pageUrl,
      release: body.release ?? WEB_VERSION,
      platform: body.platform ?? 'web',
      occurredAt: new Date().toISOString(),
    }),
  });
  expect(response.statusCode, response.body).toBe(200);
}

// One clock for a test's stored reports, so their distances are exact.
let testStart = Date.now();
beforeEach(() => {
  testStart = Date.now();
});

/** A report received `agoMs` ago, written as the report call would have stored it then. */
async function storedAgo(
  agoMs: number,
  change: Partial<typeof clientErrorReports.$inferInsert> = {},
) {
  const at = new Date(testStart - agoMs);
  await t.app.db.insert(clientErrorReports).values({
    message: 'ChunkLoadError: Loading chunk 7 failed.',
    pageUrl: 'https://vitrin.ir/store',
    release: WEB_VERSION,
    platform: 'web',
    requestId: `req-${agoMs}`,
    occurredAt: at,
    receivedAt: at,
    ...change,
  });
}

function byMessage(groups: ClientErrorGroupView[], fragment: string): ClientErrorGroupView {
  const group = groups.find((item) => item.latest.message.includes(fragment));
  if (!group) throw new Error(`no group with ${fragment}`);
  return group;
}

describe('client errors are grouped for staff', () => {
  test('one error from other pages, hosts, builds and people is one group with its count', async () => {
    await report({
      message: "TypeError: Cannot read properties of undefined (reading 'price')",
      stack: cartStack('https://vitrin.ir', 'B7x_q9Lk', 48211),
      pageUrl: 'https://vitrin.ir/cart?discount=SPRING',
      release: '1.4.700',
    });
    await report({
      message: "TypeError: Cannot read properties of undefined (reading 'price')",
      stack: cartStack('https://www.vitrin.ir', 'Zt3-pQ8a', 51007),
      pageUrl: 'https://www.vitrin.ir/cart',
      release: '1.4.701',
    });
    await report({
      message: "TypeError: Cannot read properties of undefined (reading 'price')",
      stack: cartStack('http://localhost:3000', 'Zt3-pQ8a', 51007),
      pageUrl: 'http://localhost:3000/store/host-pro?cycle=12#plans',
      release: '1.4.701',
      userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-A546E) Mobile Safari/537.36',
    });
    // The same words thrown elsewhere is another error.
    await report({
      message: "TypeError: Cannot read properties of undefined (reading 'price')",
      stack:
        "TypeError: Cannot read properties of undefined (reading 'price')\n    at ProductCard (https://vitrin.ir/assets/store-page-Qw12Er34.js:1:300)",
      pageUrl: 'https://vitrin.ir/store',
    });
    // Only the order number differs: one error.
    for (const orderNumber of [1024, 88213]) {
      await report({
        message: `Error: order ${orderNumber} not found in cache`,
        pageUrl: `https://vitrin.ir/account/orders/${orderNumber}`,
      });
    }
    // The Android app's report of the same words is the Android app's error.
    await report({
      message: 'Error: order 77 not found in cache',
      pageUrl: 'https://vitrin.ir/account/orders/77',
      platform: 'android',
      release: '1.4.700',
    });

    const list = await ok(t.app, LIST, { days: 1 }, admin.token);
    expect(list.total).toBe(4);
    expect(list.items).toHaveLength(4);

    const cart = list.items.find((group) => group.location?.includes('CartSummary'));
    expect(cart).toMatchObject({
      platform: 'web',
      message: "TypeError: Cannot read properties of undefined (reading 'price')",
      location: 'CartSummary (/assets/cart-page.js)',
      count: 3,
      pageCount: 2,
      releaseCount: 2,
      latest: {
        pagePath: '/store/host-pro',
        release: '1.4.701',
        userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-A546E) Mobile Safari/537.36',
        platform: 'web',
      },
    });
    expect(cart?.latest.stack).toContain('localhost:3000');
    expect(Date.parse(cart?.firstSeenAt ?? '')).toBeLessThanOrEqual(
      Date.parse(cart?.lastSeenAt ?? ''),
    );
    expect(cart?.lastSeenAt).toBe(cart?.latest.receivedAt);

    const product = list.items.find((group) => group.location?.includes('ProductCard'));
    expect(product).toMatchObject({ count: 1, location: 'ProductCard (/assets/store-page.js)' });
    expect(product?.id).not.toBe(cart?.id);

    const orders = list.items.filter(
      (group) => group.message === 'Error: order <n> not found in cache',
    );
    expect(orders.map((group) => [group.platform, group.count]).sort()).toEqual([
      ['android', 1],
      ['web', 2],
    ]);
    const webOrders = orders.find((group) => group.platform === 'web');
    expect(webOrders).toMatchObject({ location: null, pageCount: 2, releaseCount: 1 });
    expect(webOrders?.latest.message).toBe('Error: order 88213 not found in cache');

    const androidOnly = await ok(t.app, LIST, { days: 1, platform: 'android' }, admin.token);
    expect(androidOnly.items.map((group) => group.platform)).toEqual(['android']);
  });

  test('groups come most recently seen first, or most frequent first', async () => {
    // Three reports a while ago, one just now.
    for (const agoMs of [5 * HOUR_MS, 4 * HOUR_MS, 3 * HOUR_MS]) await storedAgo(agoMs);
    await storedAgo(10 * 60_000, {
      message: 'SyntaxError: Unexpected token < in JSON at position 0',
    });

    const recent = await ok(t.app, LIST, { days: 1 }, admin.token);
    expect(recent.items.map((group) => group.count)).toEqual([1, 3]);
    expect(recent.items[0]?.latest.message).toContain('SyntaxError');
    expect(recent.items[0]?.message).toBe(
      'SyntaxError: Unexpected token < in JSON at position <n>',
    );

    const frequent = await ok(t.app, LIST, { days: 1, sort: 'count' }, admin.token);
    expect(frequent.items.map((group) => group.count)).toEqual([3, 1]);
    expect(frequent.items[0]).toMatchObject({
      message: 'ChunkLoadError: Loading chunk <n> failed.',
      firstSeenAt: new Date(
        Date.parse(frequent.items[0]?.lastSeenAt ?? '') - 2 * HOUR_MS,
      ).toISOString(),
    });
  });

  test('the period counts only the reports received in it', async () => {
    await storedAgo(2 * HOUR_MS);
    await storedAgo(3 * DAY_MS);
    await storedAgo(20 * DAY_MS);
    await storedAgo(40 * DAY_MS, { message: 'RangeError: Maximum call stack size exceeded' });

    const countIn = async (days: number) =>
      (await ok(t.app, LIST, { days }, admin.token)).items.map((group) => group.count);
    expect(await countIn(1)).toEqual([1]);
    expect(await countIn(7)).toEqual([2]);
    expect(await countIn(30)).toEqual([3]);
    expect(await countIn(60)).toEqual([3, 1]);
    // Seven days when the caller names no period.
    expect((await ok(t.app, LIST, {}, admin.token)).items.map((group) => group.count)).toEqual([2]);

    const month = await ok(t.app, LIST, { days: 30 }, admin.token);
    expect(Date.now() - Date.parse(month.items[0]?.firstSeenAt ?? '')).toBeGreaterThan(19 * DAY_MS);
  });

  test('groups come a page at a time with the total', async () => {
    for (let i = 0; i < 5; i++) {
      await storedAgo((i + 1) * HOUR_MS, { message: `Error: widget ${'abcde'[i]} broke` });
    }
    const second = await ok(t.app, LIST, { days: 1, page: 2, pageSize: 2 }, admin.token);
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.items.map((group) => group.latest.message)).toEqual([
      'Error: widget c broke',
      'Error: widget d broke',
    ]);
    const past = await ok(t.app, LIST, { days: 1, page: 4, pageSize: 2 }, admin.token);
    expect(past).toMatchObject({ items: [], total: 5 });
  });

  test('a period without reports is an empty list', async () => {
    expect(await ok(t.app, LIST, { days: 30 }, admin.token)).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
    });
  });
});

describe('the demo reports', () => {
  test('make six errors of different counts, the order page one group whatever the order', async () => {
    await t.app.db.transaction((tx) => seedClientErrors(tx));
    const month = await ok(t.app, LIST, { days: 30, sort: 'count' }, admin.token);
    expect(month.items.map((group) => [group.platform, group.count])).toEqual([
      ['web', 12],
      ['web', 7],
      ['web', 5],
      ['web', 3],
      ['web', 2],
      ['android', 2],
    ]);
    const orders = byMessage(month.items, 'cached list');
    expect(orders).toMatchObject({
      message: 'Error: order <n> is not in the cached list',
      location: 'selectOrder (/assets/order-page.js)',
      pageCount: 2,
    });
    // The week leaves out the Android app's reports of nine days ago.
    const week = await ok(t.app, LIST, { days: 7 }, admin.token);
    expect(week.items.map((group) => group.platform)).not.toContain('android');
    expect(week.total).toBe(5);
  });
});

describe('the reports of one group', () => {
  test('answers the group and its reports, newest first, a page at a time', async () => {
    for (const [agoMs, page] of [
      [3 * HOUR_MS, 'https://vitrin.ir/store?q=هاست'],
      [2 * HOUR_MS, 'https://vitrin.ir/cart'],
      [
        1 * HOUR_MS,
        'https://vitrin.ir/pay/callback?Authority=A000000000000000000000000000123&Status=OK',
      ],
    ] as const) {
      await storedAgo(agoMs, { pageUrl: page });
    }
    await storedAgo(HOUR_MS / 2, { message: 'Error: something else' });
    const list = await ok(t.app, LIST, { days: 1, sort: 'count' }, admin.token);
    const chunk = byMessage(list.items, 'ChunkLoadError');

    const first = await ok(t.app, GROUP, { groupId: chunk.id, days: 1, pageSize: 2 }, admin.token);
    expect(first.group).toEqual(chunk);
    expect(first.samples).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    // The payment gateway's reference stays out of what staff see.
    expect(first.samples.items.map((sample) => sample.pagePath)).toEqual([
      '/pay/callback',
      '/cart',
    ]);
    expect(JSON.stringify(first)).not.toContain('Authority');

    const second = await ok(
      t.app,
      GROUP,
      { groupId: chunk.id, days: 1, page: 2, pageSize: 2 },
      admin.token,
    );
    expect(second.group).toEqual(chunk);
    expect(second.samples.items.map((sample) => sample.pagePath)).toEqual(['/store']);
  });

  test('a group with no reports in the period answers 404 in Persian', async () => {
    await storedAgo(3 * DAY_MS);
    const week = await ok(t.app, LIST, { days: 7 }, admin.token);
    const groupId = week.items[0]?.id ?? '';
    const error = await refused(t.app, GROUP, { groupId, days: 1 }, admin.token, 404);
    expect(error).toEqual({ code: 'NOT_FOUND', message: 'این خطا در بازهٔ انتخاب‌شده گزارشی ندارد' });
    await refused(t.app, GROUP, { groupId: '0'.repeat(32), days: 30 }, admin.token, 404);
  });

  test.each([
    ['a group id that is not one', { groupId: 'x; drop table users' }, 'groupId'],
    ['no period', { groupId: '0'.repeat(32), days: 0 }, 'days'],
    ['a period over a year', { groupId: '0'.repeat(32), days: 366 }, 'days'],
  ])('%s answers VALIDATION', async (_, body, field) => {
    const error = await refused(t.app, GROUP, body, admin.token, 400);
    expect(error.code).toBe('VALIDATION');
    expect(error.fields?.[field]).toMatch(/[\u0600-\u06FF]/);
  });

  test('a sort the list does not have answers VALIDATION', async () => {
    const error = await refused(t.app, LIST, { sort: 'message' }, admin.token, 400);
    expect(error.fields?.sort).toBe('این مقدار مجاز نیست');
  });
});

describe('who may read client errors', () => {
  test.each([listClientErrors, getClientErrorGroup])(
    '$path: signed out 401, customer 403, support 403',
    async (call) => {
      await expectStaffOnly(
        t.app,
        call,
        call === listClientErrors ? {} : { groupId: '0'.repeat(32) },
      );
    },
  );

  test('support is refused with FORBIDDEN and an admin is let in', async () => {
    await storedAgo(HOUR_MS);
    const support = await createStaff(t.app, 'support');
    const error = await refused(t.app, LIST, {}, support.token, 403);
    expect(error.code).toBe('FORBIDDEN');
    const customer = await createSignedInUser(t.app, { firstName: 'نرگس', lastName: 'احمدی' });
    expect((await send(t.app, LIST, {}, customer.token)).statusCode).toBe(403);
    expect((await ok(t.app, LIST, {}, admin.token)).total).toBe(1);
  });
});
