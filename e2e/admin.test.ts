import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeAudit } from '../apps/server/src/modules/audit/audit.service';
import { users } from '../apps/server/src/schema';
import { launchChromium, saveScreenshot, viewports } from './browser';
import { ADMIN, newPage, persianDigits, SUPPORT, screenshotBoth, signIn } from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The staff console's shell (issue 8) in the browser: who gets in, what each role is offered,
// and the audit log. The server runs inside this process so the test can write an audit row as
// a staff call would, in its own transaction.

const CONSOLE_NAV = 'منوی کنسول کارکنان';
const ALL_SECTIONS = [
  'داشبورد',
  'سفارش‌ها',
  'مشتریان',
  'تیکت‌ها',
  'محصولات و گروه‌ها',
  'مقاله‌ها',
  'کدهای تخفیف',
  'راه‌اندازی سرویس‌ها',
  'دامنه‌ها',
  'کارهای منتظر کارشناس',
  'مالی',
  'گزارش خطاها',
  'گزارش کارها',
];
// Support reads the billing documents (billing.read) to answer a customer's invoice question.
const SUPPORT_SECTIONS = [...ALL_SECTIONS.slice(0, 4), 'مالی'];

let server: InProcessServer;
let browser: Browser;
const orderId = randomUUID();
const reason = 'مشتری پیش از راه‌اندازی سرویس انصراف داد';

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchChromium();
  const [admin] = await server.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, '+989351234567'));
  if (!admin) throw new Error('the demo admin account is missing');
  await server.app.db.transaction((tx) =>
    writeAudit(tx, {
      actorId: admin.id,
      action: 'order.refund',
      entityType: 'order',
      entityId: orderId,
      before: { status: 'paid', refundedAt: null },
      after: { status: 'refunded', refundedAt: '2026-03-21T08:30:00.000Z', refundRial: 1_250_000 },
      reason,
    }),
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * The console menu's section names, once the count of waiting work has come (it arrives after
 * the menu): `badge` is the accessible name of the count the menu should carry, if any. The
 * count is read apart from the names, so the names compare whatever the seed leaves waiting.
 */
async function consoleSections(page: Page, badge?: string): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: CONSOLE_NAV });
  await nav.getByRole('link').first().waitFor();
  if (badge) await nav.getByLabel(badge, { exact: true }).waitFor();
  const links = await nav.getByRole('link').all();
  return Promise.all(
    links.map((link) =>
      link.evaluate((element) => {
        const copy = element.cloneNode(true) as HTMLElement;
        for (const count of copy.querySelectorAll('[aria-label]')) count.remove();
        return (copy.textContent ?? '').trim();
      }),
    ),
  );
}

describe('the staff console in the browser', () => {
  test('an admin sees every section and the audit log with the row a staff action wrote', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin', ADMIN);
      // The demo's VPS waits past its delivery time (seed part manual-delivery): one on the menu.
      expect(await consoleSections(page, `${persianDigits(1)} سرویس منتظر کارشناس`)).toEqual(
        ALL_SECTIONS,
      );
      await page
        .getByRole('navigation', { name: 'منوی اصلی' })
        .getByRole('link', { name: 'کنسول کارکنان' })
        .waitFor();
      await page.getByRole('heading', { name: 'داشبورد', level: 1 }).waitFor();
      await page.getByText('فروش امروز').waitFor();

      await page
        .getByRole('navigation', { name: CONSOLE_NAV })
        .getByRole('link', { name: 'گزارش کارها' })
        .click();
      await page.waitForURL(`${server.url}/admin/audit`);
      await page.getByRole('heading', { name: 'گزارش کارها', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'فهرست کارها' });
      const row = table.getByRole('row').filter({ hasText: reason });
      await row.getByText('بازپرداخت سفارش').waitFor();
      await row.getByText('علی رضایی').waitFor();
      // Persian digits in the actor's number and the Jalali year of today.
      await row.getByText(persianDigits('0935')).waitFor();
      expect(await row.textContent()).toMatch(/۱۴۰[۰-۹]\/[۰-۹]{2}\/[۰-۹]{2}/u);
      expect(await row.textContent()).toContain(orderId.slice(0, 8));

      await row.getByRole('button', { name: 'جزئیات' }).click();
      const changes = table.getByRole('table', { name: 'مقدارها پیش و پس از این کار' });
      const status = changes.getByRole('row').filter({ hasText: 'status' });
      await status.getByText('refunded').waitFor();
      await status.getByText('paid').waitFor();
      const refund = changes.getByRole('row').filter({ hasText: 'refundRial' });
      await refund.getByText(persianDigits(1_250_000)).waitFor();
      expect(await table.getByText(orderId, { exact: false }).count()).toBeGreaterThan(0);
      await screenshotBoth(page, 'admin-audit');

      // The phone's cards open their details on their own.
      await page.setViewportSize(viewports.phone);
      const card = page.getByRole('listitem').filter({ hasText: reason });
      await card.getByRole('button', { name: 'جزئیات' }).click();
      await card.getByRole('table', { name: 'مقدارها پیش و پس از این کار' }).waitFor();
      await saveScreenshot(page, 'admin-audit-details-phone');
      await page.setViewportSize(viewports.desktop);

      // Filters live in the address: another kind of action has nothing yet.
      await page.getByLabel('نوع کار').selectOption('customer');
      await page.waitForURL(`${server.url}/admin/audit?action=customer`);
      await page.getByText('کاری با این فیلترها ثبت نشده است').waitFor();
      await screenshotBoth(page, 'admin-audit-filtered-empty');
      await page.getByLabel('نوع کار').selectOption('order');
      await page.getByLabel('شناسهٔ رکورد').fill(orderId);
      await page.getByRole('button', { name: 'اعمال' }).click();
      await page.waitForURL(`${server.url}/admin/audit?action=order&id=${orderId}`);
      await table.getByRole('row').filter({ hasText: reason }).waitFor();
    } finally {
      await close();
    }
  });

  test('support sees only its sections and is refused the audit log', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin', SUPPORT);
      expect(await consoleSections(page)).toEqual(SUPPORT_SECTIONS);
      await page.goto(`${server.url}/admin/audit`);
      await page.getByRole('heading', { name: 'دسترسی ندارید', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'بازگشت به داشبورد کنسول' }).waitFor();
      expect(await page.getByText(reason).count()).toBe(0);
      await screenshotBoth(page, 'admin-support-refused');

      // The sections for admins are refused by their address too, the catalog's subpages as well.
      await page.goto(`${server.url}/admin/catalog/products/new`);
      await page.getByRole('heading', { name: 'دسترسی ندارید', level: 1 }).waitFor();
      expect(await page.getByRole('textbox').count()).toBe(0);
    } finally {
      await close();
    }
  });

  test('a customer is told they have no access and is sent back to their panel', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin');
      await page.getByRole('heading', { name: 'دسترسی ندارید', level: 1 }).waitFor();
      expect(await page.getByRole('navigation', { name: CONSOLE_NAV }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'کنسول کارکنان' }).count()).toBe(0);
      await screenshotBoth(page, 'admin-customer-refused');
      await page.getByRole('link', { name: 'رفتن به پنل کاربری' }).click();
      await page.waitForURL(`${server.url}/account`);
    } finally {
      await close();
    }
  });

  test('a signed-out visitor is sent to sign in first', async () => {
    const { page, close } = await newPage(browser);
    try {
      await page.goto(`${server.url}/admin/audit?action=order`);
      await page.waitForURL(
        `${server.url}/sign-in?next=${encodeURIComponent('/admin/audit?action=order')}`,
      );
    } finally {
      await close();
    }
  });
});
