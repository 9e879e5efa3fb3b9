import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  orders,
  payments,
  services,
  tickets,
  users,
  walletTransactions,
} from '../apps/server/src/schema';
import { launchChromium, recordCalls } from './browser';
import { ADMIN, newPage, persianDigits, screenshotBoth, signIn } from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The lists that came to page by cursor after decision 0033's first five: the console's ticket
// queue (each of its sorts) and transfer claims, and the panel's orders, services, tickets and
// wallet ledger. «صفحهٔ بعدی» asks for the rows after the last one shown (`after`), the address
// keeps `?page=2&after=…`, «قبلی» goes back by the kept cursor, an old `?page=N` link still
// shows that page by number, and a refused cursor says so with the way to the first page.

const EXTRA_ROWS = 45;
const MINUTE_MS = 60_000;

let server: InProcessServer;
let browser: Browser;

/** Rows enough for three console pages (20) and five panel pages (10) of every list here. */
async function seed() {
  const db = server.app.db;
  const [demo] = await db.select().from(users).where(eq(users.mobile, '+989121234567'));
  const [admin] = await db.select().from(users).where(eq(users.mobile, '+989351234567'));
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, demo?.id ?? ''))
    .limit(1);
  if (!demo || !admin || !order) throw new Error('the demo seed has changed');
  const now = Date.now();
  const at = (index: number) => new Date(now - (index + 1) * MINUTE_MS);
  const many = <T>(row: (index: number) => T) =>
    Array.from({ length: EXTRA_ROWS }, (_, i) => row(i));
  await db.insert(orders).values(
    many((index) => ({
      userId: demo.id,
      subtotalRial: 1_000_000 + index * 10_000,
      totalRial: 1_000_000 + index * 10_000,
      buyer: order.buyer,
      status: 'cancelled' as const,
      createdAt: at(index),
      expiresAt: at(index),
      closedAt: at(index),
    })),
  );
  await db.insert(services).values(
    many((index) => ({
      userId: demo.id,
      name: `سرویس آزمون ${persianDigits(index + 1)}`,
      status: 'cancelled' as const,
      createdAt: at(index),
    })),
  );
  // Every priority, all waiting on staff: the queue's sorts each cross pages.
  const priorities = ['high', 'normal', 'low'] as const;
  await db.insert(tickets).values(
    many((index) => ({
      userId: demo.id,
      subject: `پرسش آزمون ${persianDigits(index + 1)}`,
      department: 'technical' as const,
      priority: priorities[index % 3] ?? 'normal',
      status: 'open' as const,
      createdAt: at(index),
      lastMessageAt: at(index),
    })),
  );
  // A credit and its spend, turn by turn: the ledger grows, the balance does not change.
  await db.insert(walletTransactions).values(
    Array.from({ length: EXTRA_ROWS + 1 }, (_, index) => ({
      userId: demo.id,
      amountRial: index % 2 === 0 ? -10_000 : 10_000,
      reason: 'adjustment' as const,
      description: `اصلاح آزمون ${persianDigits(index + 1)}`,
      balanceAfterRial: 0,
      createdAt: new Date(now - 365 * 24 * 60 * MINUTE_MS - index * MINUTE_MS),
    })),
  );
  // Waiting claims (oldest first) and reviewed ones after them: «بعدی» crosses from one to the other.
  await db.insert(payments).values(
    many((index) => ({
      userId: demo.id,
      purpose: 'top-up' as const,
      amountRial: 1_000_000 + index * 10_000,
      gateway: 'bank-transfer',
      status: index < 25 ? ('pending' as const) : ('failed' as const),
      transferReference: `E2E${String(index).padStart(6, '0')}`,
      transferredAt: at(index),
      createdAt: at(index),
      ...(index < 25
        ? {}
        : { reviewedBy: admin.id, reviewedAt: at(index), rejectionReason: 'واریزی پیدا نشد' }),
    })),
  );
}

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchChromium();
  await seed();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function pager(page: Page) {
  return page.getByRole('navigation', { name: 'صفحه‌بندی' });
}

/** `main`'s text once it differs from `before` and two reads 250 ms apart agree. */
async function settledText(page: Page, before: string | null): Promise<string | null> {
  let last: string | null = null;
  await expect
    .poll(
      async () => {
        const now = await page.locator('main').textContent();
        const settled = now !== before && now === last;
        last = now;
        return settled;
      },
      { interval: 250 },
    )
    .toBe(true);
  return last;
}

/**
 * From the first page of the list at `path` to its second by «صفحهٔ بعدی» (the call carries the
 * first page's cursor, the address `?page=2&after=…`) and back by «صفحهٔ قبلی».
 */
async function stepsByCursor(
  page: Page,
  list: { path: string; call: string; shot: string; query?: string },
) {
  const calls = recordCalls(page, list.call);
  const start = `${list.path}${list.query ? `?${list.query}` : ''}`;
  await page.goto(`${server.url}${start}`);
  await pager(page)
    .getByText(/^صفحهٔ ۱ از [۰-۹]+$/u)
    .waitFor();
  const first = await page.locator('main').textContent();
  // The list keeps showing page 1's rows under «صفحهٔ ۲» until page 2's answer is drawn
  // (keepPreviousData): read page 2 only after its answer came and the text stopped changing.
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === list.call &&
      response.request().postDataJSON()?.page === 2,
  );
  await pager(page).getByRole('button', { name: 'صفحهٔ بعدی' }).click();
  const query = list.query ? `${list.query}&` : '';
  await page.waitForURL(new RegExp(`${list.path}\\?${query}page=2&after=[\\w-]+$`));
  await pager(page)
    .getByText(/^صفحهٔ ۲ از [۰-۹]+$/u)
    .waitFor();
  const after = new URL(page.url()).searchParams.get('after');
  await expect.poll(() => calls.at(-1)).toMatchObject({ page: 2, after });
  await answered;
  const second = await settledText(page, first);
  await screenshotBoth(page, `list-paging-${list.shot}-page-2`);
  // Page 3 by cursor, then back to 2 by the cursor the history entry kept.
  await pager(page).getByRole('button', { name: 'صفحهٔ بعدی' }).click();
  await page.waitForURL(new RegExp(`${list.path}\\?${query}page=3&after=[\\w-]+$`));
  const third = new URL(page.url()).searchParams.get('after');
  await expect.poll(() => calls.at(-1)?.after).toBe(third);
  await pager(page).getByRole('button', { name: 'صفحهٔ قبلی' }).click();
  await page.waitForURL(new RegExp(`${list.path}\\?${query}page=2&after=${after}$`));
  // Page 2's rows again (from the cache, or asked again by its cursor).
  await expect.poll(() => page.locator('main').textContent()).toBe(second);
  // Every request for page 2 went by its cursor, none by the offset.
  expect(calls.filter((call) => call.page === 2).map((call) => call.after)).toEqual(
    expect.arrayContaining([after]),
  );
  expect(calls.filter((call) => call.page === 2 && call.after !== after)).toEqual([]);
  await pager(page).getByRole('button', { name: 'صفحهٔ اول' }).click();
  await page.waitForURL(`${server.url}${start}`);
  await pager(page)
    .getByText(/^صفحهٔ ۱ از [۰-۹]+$/u)
    .waitFor();
}

/** An old `?page=2` link: that page by number; a cursor not ours: the words and the way back. */
async function oldLinkAndRefusal(page: Page, list: { path: string; call: string }) {
  const calls = recordCalls(page, list.call);
  await page.goto(`${server.url}${list.path}?page=2`);
  await pager(page)
    .getByText(/^صفحهٔ ۲ از [۰-۹]+$/u)
    .waitFor();
  await expect.poll(() => calls.at(-1)).toMatchObject({ page: 2 });
  expect(calls.at(-1)?.after).toBeUndefined();
  await page.goto(`${server.url}${list.path}?page=4&after=bm90LWEtY3Vyc29y`);
  await page.getByText('این صفحه دیگر در دسترس نیست؛ فهرست را از ابتدا باز کنید').waitFor();
  await page.getByRole('button', { name: 'رفتن به صفحهٔ اول' }).click();
  await page.waitForURL(`${server.url}${list.path}`);
  await pager(page)
    .getByText(/^صفحهٔ ۱ از [۰-۹]+$/u)
    .waitFor();
}

describe('the queues and the panel lists page by cursor', () => {
  test('the console: the ticket queue in each sort and the transfer claims', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin', ADMIN);
      const queue = { path: '/admin/tickets', call: '/api/admin/tickets/list-tickets' };
      await stepsByCursor(page, { ...queue, shot: 'tickets-queue' });
      await stepsByCursor(page, { ...queue, shot: 'tickets-queue-newest', query: 'sort=newest' });
      await stepsByCursor(page, {
        ...queue,
        shot: 'tickets-queue-priority',
        query: 'status=all&sort=priority',
      });
      await oldLinkAndRefusal(page, queue);
      const claims = {
        path: '/admin/billing/transfers',
        call: '/api/admin/billing/list-transfer-claims',
      };
      await stepsByCursor(page, { ...claims, shot: 'transfer-claims' });
      await oldLinkAndRefusal(page, claims);
      // A filter starts over from the first page, without a cursor.
      await page.goto(`${server.url}${claims.path}?page=2`);
      await pager(page)
        .getByText(/^صفحهٔ ۲ از [۰-۹]+$/u)
        .waitFor();
      await page.getByLabel('وضعیت').selectOption('pending');
      await page.waitForURL(`${server.url}${claims.path}?status=pending`);
      await pager(page).getByText('صفحهٔ ۱ از ۲').waitFor();
    } finally {
      await close();
    }
  });

  test('the panel: orders, services, tickets and the wallet ledger', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/account');
      const lists = [
        { path: '/account/orders', call: '/api/user/orders/get-user-orders', shot: 'panel-orders' },
        {
          path: '/account/services',
          call: '/api/user/services/get-user-services',
          shot: 'panel-services',
        },
        {
          path: '/account/tickets',
          call: '/api/user/tickets/get-user-tickets',
          shot: 'panel-tickets',
        },
        {
          path: '/account/credit',
          call: '/api/user/account/get-credit-transactions',
          shot: 'panel-wallet',
        },
      ];
      for (const list of lists) {
        await stepsByCursor(page, list);
        await oldLinkAndRefusal(page, list);
      }
    } finally {
      await close();
    }
  });
});
