import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, saveScreenshot } from './browser';
import { ADMIN, newPage, persianDigits, SUPPORT, screenshotBoth, signIn } from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The console's error reports (issue 23) in the browser: an error thrown in a customer's page
// reaches the admins' list through the real report call, the demo's errors are grouped with
// their counts, the period and order live in the address, and support is refused.

let server: InProcessServer;
let browser: Browser;

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const JALALI_DATE_TIME = /۱۴۰[۰-۹]\/[۰-۹]{2}\/[۰-۹]{2}/u;
const THROWN = 'Error: e2e broken price widget';

function errorsTable(page: Page) {
  return page.getByRole('table', { name: 'فهرست خطاها' });
}

describe('client error reports in the staff console', () => {
  test('an error thrown in a visitor’s page reaches the admins’ list, grouped with its count', async () => {
    // A visitor's store page throws: the app reports it by itself.
    const visitor = await newPage(browser);
    try {
      await visitor.page.goto(`${server.url}/store?coupon=SECRET-CODE`);
      await visitor.page.getByRole('heading', { level: 1 }).first().waitFor();
      const reported = visitor.page.waitForResponse((response) =>
        response.url().endsWith('/api/app/report-client-error'),
      );
      await visitor.page.evaluate((message) => {
        setTimeout(() => {
          throw new Error(message.replace(/^Error: /, ''));
        });
      }, THROWN);
      expect((await reported).status()).toBe(200);
    } finally {
      await visitor.close();
    }

    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin', ADMIN);
      await page
        .getByRole('navigation', { name: 'منوی کنسول کارکنان' })
        .getByRole('link', { name: 'گزارش خطاها' })
        .click();
      await page.waitForURL(`${server.url}/admin/errors`);
      await page.getByRole('heading', { name: 'گزارش خطاها', level: 1 }).waitFor();

      const table = errorsTable(page);
      // The week: the demo's errors but the Android app's (nine days old), and the one just
      // thrown, most recent first.
      await page.getByText(`${persianDigits(6)} خطا`, { exact: true }).waitFor();
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBe(6);
      const thrown = rows.first();
      await thrown.getByText(THROWN).waitFor();
      await thrown.getByText(`${persianDigits(1)} بار`).waitFor();
      // Its page without the query string, its build in Persian digits, its browser.
      await thrown.getByText('/store', { exact: true }).waitFor();
      expect(await thrown.textContent()).not.toContain('SECRET-CODE');
      await thrown.getByText(/نسخهٔ [۰-۹]+\.[۰-۹]+\.[۰-۹]+ · Chrome [۰-۹]+ روی Linux/u).waitFor();
      expect(await thrown.textContent()).toMatch(JALALI_DATE_TIME);

      // The demo's cart error: five reports from three browsers on two pages, one group.
      const cart = rows.filter({ hasText: "reading 'price'" });
      await cart.getByText(`${persianDigits(5)} بار`).waitFor();
      await cart.getByText(`در ${persianDigits(1)} صفحه · ${persianDigits(1)} نسخه`).waitFor();
      await cart.getByText('CartSummary (/assets/cart-page.js)').waitFor();
      await screenshotBoth(page, 'admin-errors');
      await page.setViewportSize({ width: 1280, height: 900 });
      await saveScreenshot(page, 'admin-errors-1280');

      // Most frequent first: the ResizeObserver noise with its twelve reports.
      await page.getByLabel('ترتیب').selectOption('count');
      await page.waitForURL(`${server.url}/admin/errors?sort=count`);
      await rows.first().getByText('ResizeObserver loop completed', { exact: false }).waitFor();
      await rows
        .first()
        .getByText(`${persianDigits(12)} بار`)
        .waitFor();

      // The last 24 hours leave out the errors of earlier days.
      await page.getByRole('radiogroup', { name: 'بازه' }).getByText('۲۴ ساعت گذشته').click();
      await page.waitForURL(`${server.url}/admin/errors?days=1&sort=count`);
      await expect.poll(() => rows.count()).toBe(5);
      expect(await table.getByText('Failed to fetch dynamically imported module').count()).toBe(0);

      // The Android app's two reports are nine days old: only the month shows them.
      await page.getByLabel('سکو').selectOption('android');
      await page.getByText('خطایی با این فیلترها گزارش نشده است').waitFor();
      await page.getByRole('radiogroup', { name: 'بازه' }).getByText('۳۰ روز گذشته').click();
      await page.waitForURL(`${server.url}/admin/errors?days=30&sort=count&platform=android`);
      await rows.first().getByText("reading 'getVersion'", { exact: false }).waitFor();
      expect(await rows.count()).toBe(1);
    } finally {
      await close();
    }
  });

  test('an error’s page lists its reports, newest first, with the stack on demand', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin/errors?days=30', ADMIN);
      await errorsTable(page)
        .getByRole('link', { name: /cached list/ })
        .click();
      await page.waitForURL(/\/admin\/errors\/[0-9a-f]{32}\?days=30$/);
      await page.getByRole('heading', { name: 'جزئیات خطا', level: 1 }).waitFor();
      await page.getByText('Error: order <n> is not in the cached list').waitFor();
      await page.getByText('selectOrder (/assets/order-page.js)').first().waitFor();

      const reports = page.getByRole('list', { name: 'گزارش‌های این خطا' });
      const items = reports.getByRole('listitem');
      await expect.poll(() => items.count()).toBe(2);
      // Newest first: the order opened five hours ago, then yesterday's.
      await items.nth(0).getByText('/account/orders/1187').waitFor();
      await items.nth(1).getByText('/account/orders/1042').waitFor();
      expect(await items.nth(0).textContent()).toMatch(JALALI_DATE_TIME);

      await items.nth(0).getByRole('button', { name: 'پشته و مرورگر' }).click();
      await items.nth(0).getByText('at selectOrder', { exact: false }).waitFor();
      await items.nth(0).getByText('Android 14; SM-A546E', { exact: false }).waitFor();
      await screenshotBoth(page, 'admin-error-group');
      await page.setViewportSize({ width: 1280, height: 900 });
      await saveScreenshot(page, 'admin-error-group-1280');

      // The last day holds only the newer report.
      await page.getByRole('radiogroup', { name: 'بازه' }).getByText('۲۴ ساعت گذشته').click();
      await page.waitForURL(/\/admin\/errors\/[0-9a-f]{32}\?days=1$/);
      await page.getByText(`${persianDigits(1)} گزارش در ۲۴ ساعت گذشته، تازه‌ترین اول`).waitFor();
      await expect.poll(() => items.count()).toBe(1);
      await items.nth(0).getByText('/account/orders/1187').waitFor();

      // The missing chunk of the last deploy is six days old: over the last day it has no
      // reports, which the page says in the server's words, with the way back.
      await page.goto(`${server.url}/admin/errors?days=30`);
      await errorsTable(page)
        .getByRole('link', { name: /Failed to fetch dynamically imported module/ })
        .click();
      // The list stays drawn until the group's page replaces it, and both show the count.
      await page.getByRole('heading', { name: 'جزئیات خطا', level: 1 }).waitFor();
      await expect.poll(() => errorsTable(page).count()).toBe(0);
      await page.getByText(`${persianDigits(7)} بار`).waitFor();
      await page.getByRole('radiogroup', { name: 'بازه' }).getByText('۲۴ ساعت گذشته').click();
      await page.getByText('این خطا در بازهٔ انتخاب‌شده گزارشی ندارد').waitFor();
      await page.getByRole('link', { name: 'رفتن به گزارش خطاها' }).click();
      await page.waitForURL(`${server.url}/admin/errors?days=1`);
      await page.getByRole('heading', { name: 'گزارش خطاها', level: 1 }).waitFor();
    } finally {
      await close();
    }
  });

  test('support is not offered the error reports and is refused them by address', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin', SUPPORT);
      const nav = page.getByRole('navigation', { name: 'منوی کنسول کارکنان' });
      await nav.getByRole('link').first().waitFor();
      expect(await nav.getByRole('link', { name: 'گزارش خطاها' }).count()).toBe(0);
      await page.goto(`${server.url}/admin/errors`);
      await page.getByRole('heading', { name: 'دسترسی ندارید', level: 1 }).waitFor();
      expect(await page.getByText('ResizeObserver', { exact: false }).count()).toBe(0);
    } finally {
      await close();
    }
  });
});
