import AxeBuilder from '@axe-core/playwright';
import { and, desc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, billingDocuments, orders, users } from '../apps/server/src/schema';
import { launchChromium, recordCalls, viewports } from './browser';
import { ADMIN, newPage, persianDigits, screenshotBoth, signIn } from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The lists that page by cursor (decision 0033) in the browser: «صفحهٔ بعدی» asks for the rows
// after the last one shown (`after`, never an offset), «صفحهٔ قبلی» goes back by the cursor the
// history entry kept, and the address keeps the place through a reload and the back button. The
// demo seed has a page or less of each, so each list gets rows enough for three pages here.

const EXTRA_ROWS = 45;
const MINUTE_MS = 60_000;

let server: InProcessServer;
let browser: Browser;

async function seedCustomers() {
  const now = Date.now();
  await server.app.db.insert(users).values(
    Array.from({ length: EXTRA_ROWS }, (_, index) => ({
      mobile: `+98912555${String(index).padStart(4, '0')}`,
      firstName: 'مشتری',
      lastName: `آزمون ${persianDigits(index + 1)}`,
      createdAt: new Date(now - (index + 1) * MINUTE_MS),
    })),
  );
}

async function seedOrdersDocumentsAndAudit() {
  const db = server.app.db;
  const [demo] = await db.select().from(users).where(eq(users.mobile, '+989121234567'));
  const [admin] = await db.select().from(users).where(eq(users.mobile, '+989351234567'));
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, demo?.id ?? ''))
    .limit(1);
  const [invoice] = await db
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.kind, 'sales'), eq(billingDocuments.userId, demo?.id ?? '')))
    .limit(1);
  if (!demo || !admin || !order || !invoice) throw new Error('the demo seed has changed');
  const now = Date.now();
  const at = (index: number) => new Date(now - (index + 1) * MINUTE_MS);
  await db.insert(orders).values(
    Array.from({ length: EXTRA_ROWS }, (_, index) => ({
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
  // Credit notes on the demo's invoice: no other kind can be had many times over for one order.
  const { id: _, ...copy } = invoice;
  await db.insert(billingDocuments).values(
    Array.from({ length: EXTRA_ROWS }, (_, index) => ({
      ...copy,
      kind: 'credit-note' as const,
      series: 'T',
      sequence: index + 1,
      number: `T${invoice.jalaliYear}-${String(index + 1).padStart(6, '0')}`,
      refersToId: invoice.id,
      issuedAt: at(index),
      createdAt: at(index),
      // Rows for paging only: no tax-id serial of their own, so never sent to the tax system.
      taxSerial: null,
    })),
  );
  await db.insert(auditLog).values(
    Array.from({ length: EXTRA_ROWS }, (_, index) => ({
      actorId: admin.id,
      action: 'customer.update',
      entityType: 'user',
      entityId: demo.id,
      reason: `بررسی پرونده ${persianDigits(index + 1)}`,
      createdAt: at(index),
    })),
  );
}

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchChromium();
  await seedCustomers();
  await seedOrdersDocumentsAndAudit();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The names the customers table shows, in its order. */
async function customerNames(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'فهرست مشتریان' });
  await table.waitFor();
  return (await table.getByRole('link').allInnerTexts()).map((text) => text.trim());
}

/** What the database holds for page `page` (from 1) of the customers, newest first. */
async function customersPage(page: number): Promise<string[]> {
  const rows = await server.app.db
    .select({ firstName: users.firstName, lastName: users.lastName, mobile: users.mobile })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(20)
    .offset((page - 1) * 20);
  return rows.map((row) =>
    row.firstName || row.lastName
      ? [row.firstName, row.lastName].filter(Boolean).join(' ')
      : persianDigits(
          `0${row.mobile.slice(3, 6)} ${row.mobile.slice(6, 9)} ${row.mobile.slice(9)}`,
        ),
  );
}

/** Waits for the customers table to show page `number`'s rows (the last page stays meanwhile). */
async function showsPage(page: Page, number: number) {
  const expected = await customersPage(number);
  await expect.poll(() => customerNames(page)).toEqual(expected);
}

function pager(page: Page) {
  return page.getByRole('navigation', { name: 'صفحه‌بندی' });
}

describe('lists page by cursor in the browser', () => {
  test('a staff member walks the customers to the third page and back by cursor; reload and back keep the place', async () => {
    const { page, close } = await newPage(browser);
    try {
      const calls = recordCalls(page, '/api/admin/customers/search-customers');
      await signIn(page, server.url, '/admin/customers', ADMIN);
      const total = (await server.app.db.select({ id: users.id }).from(users)).length;
      const pages = Math.ceil(total / 20);
      expect(pages).toBeGreaterThanOrEqual(3);
      await showsPage(page, 1);
      await pager(page)
        .getByText(`صفحهٔ ۱ از ${persianDigits(pages)}`)
        .waitFor();
      expect(await pager(page).getByRole('button', { name: 'صفحهٔ قبلی' }).isDisabled()).toBe(true);

      await pager(page).getByRole('button', { name: 'صفحهٔ بعدی' }).click();
      await page.waitForURL(/\/admin\/customers\?page=2&after=[\w-]+$/);
      const secondPage = page.url();
      await pager(page)
        .getByText(`صفحهٔ ۲ از ${persianDigits(pages)}`)
        .waitFor();
      await showsPage(page, 2);
      // The rows after the first page's last one, not an offset.
      expect(calls.at(-1)).toMatchObject({
        page: 2,
        after: new URL(secondPage).searchParams.get('after'),
      });

      await pager(page).getByRole('button', { name: 'صفحهٔ بعدی' }).click();
      await page.waitForURL(/\/admin\/customers\?page=3&after=[\w-]+$/);
      await pager(page)
        .getByText(`صفحهٔ ۳ از ${persianDigits(pages)}`)
        .waitFor();
      await showsPage(page, 3);
      await screenshotBoth(page, 'list-paging-customers-page-3');
      // The pager's buttons, the disabled «بعدی» among them, at both widths.
      for (const viewport of Object.values(viewports)) {
        await page.setViewportSize(viewport);
        const axe = await new AxeBuilder({ page }).include('nav[aria-label="صفحه‌بندی"]').analyze();
        expect(axe.violations.map((violation) => violation.id)).toEqual([]);
      }
      expect(await pager(page).getByRole('button', { name: 'صفحهٔ بعدی' }).isDisabled()).toBe(true);

      // A reload keeps the page, asked again by its cursor, and the cursors before it.
      const thirdAfter = new URL(page.url()).searchParams.get('after');
      await page.reload();
      await expect.poll(() => calls.at(-1)?.after).toBe(thirdAfter);
      await showsPage(page, 3);

      // «قبلی» goes back by the cursor kept for page 2: the same address as before.
      await pager(page).getByRole('button', { name: 'صفحهٔ قبلی' }).click();
      await page.waitForURL(secondPage);
      await showsPage(page, 2);
      await pager(page).getByRole('button', { name: 'صفحهٔ قبلی' }).click();
      await page.waitForURL(`${server.url}/admin/customers`);
      await showsPage(page, 1);

      // The browser's back button walks the same pages.
      await page.goBack();
      await page.waitForURL(secondPage);
      await showsPage(page, 2);

      // A filter starts the list over from its first page.
      await page.getByLabel('موبایل، نام یا ایمیل').fill('آزمون');
      await page.waitForURL(`${server.url}/admin/customers?q=${encodeURIComponent('آزمون')}`);
      await pager(page).getByText('صفحهٔ ۱ از ۳').waitFor();

      // A cursor the server cannot read: its words and the way to the first page.
      await page.goto(`${server.url}/admin/customers?page=5&after=bm90LWEtY3Vyc29y`);
      await page.getByText('این صفحه دیگر در دسترس نیست؛ فهرست را از ابتدا باز کنید').waitFor();
      await page.getByRole('button', { name: 'رفتن به صفحهٔ اول' }).click();
      await page.waitForURL(`${server.url}/admin/customers`);
      await showsPage(page, 1);
    } finally {
      await close();
    }
  });

  test('orders, documents, the audit log and the panel invoices step to their second page by cursor', async () => {
    const { page, close } = await newPage(browser);
    try {
      const lists = [
        { path: '/admin/orders', call: '/api/admin/orders/list-orders', shot: 'orders' },
        { path: '/admin/billing', call: '/api/admin/billing/search-documents', shot: 'documents' },
        { path: '/admin/audit', call: '/api/admin/audit/get-audit-log', shot: 'audit' },
      ];
      await signIn(page, server.url, '/admin', ADMIN);
      for (const list of lists) {
        const calls = recordCalls(page, list.call);
        await page.goto(`${server.url}${list.path}`);
        await pager(page)
          .getByText(/^صفحهٔ ۱ از [۰-۹]+$/u)
          .waitFor();
        await pager(page).getByRole('button', { name: 'صفحهٔ بعدی' }).click();
        await page.waitForURL(new RegExp(`${list.path}\\?page=2&after=[\\w-]+$`));
        await pager(page)
          .getByText(/^صفحهٔ ۲ از [۰-۹]+$/u)
          .waitFor();
        expect(calls.at(-1)?.after).toBe(new URL(page.url()).searchParams.get('after'));
        await screenshotBoth(page, `list-paging-${list.shot}-page-2`);
        await pager(page).getByRole('button', { name: 'صفحهٔ اول' }).click();
        await page.waitForURL(`${server.url}${list.path}`);
        await pager(page)
          .getByText(/^صفحهٔ ۱ از [۰-۹]+$/u)
          .waitFor();
      }
    } finally {
      await close();
    }

    // The demo customer's invoices, ten a page: the credit notes above make five pages.
    const customer = await newPage(browser);
    try {
      const calls = recordCalls(customer.page, '/api/user/billing/list-documents');
      await signIn(customer.page, server.url, '/account/documents');
      const invoices = customer.page.getByRole('list', { name: 'فهرست صورتحساب‌ها' });
      await invoices.getByRole('listitem').first().waitFor();
      await pager(customer.page).getByRole('button', { name: 'صفحهٔ بعدی' }).click();
      await customer.page.waitForURL(/\/account\/documents\?page=2&after=[\w-]+$/);
      await pager(customer.page)
        .getByText(/^صفحهٔ ۲ از [۰-۹]+$/u)
        .waitFor();
      expect(calls.at(-1)?.after).toBe(new URL(customer.page.url()).searchParams.get('after'));
      await invoices.getByText('T', { exact: false }).first().waitFor();
      await screenshotBoth(customer.page, 'list-paging-invoices-page-2');
      await pager(customer.page).getByRole('button', { name: 'صفحهٔ قبلی' }).click();
      await customer.page.waitForURL(`${server.url}/account/documents`);
    } finally {
      await customer.close();
    }
  });
});
