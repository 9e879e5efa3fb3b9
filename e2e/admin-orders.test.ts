import { readFile } from 'node:fs/promises';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, orders, tickets, users, walletTransactions } from '../apps/server/src/schema';
import { launchChromium, saveScreenshot, viewports } from './browser';
import { ADMIN, newPage, persianDigits, SUPPORT, screenshotBoth, signIn, tomanText } from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The staff console's dashboard and orders (issue 8) in the browser, on the demo seed: the
// figures match the database, the list filters through the address, an admin refunds a paid
// order to the wallet (status on the page, ledger and audit rows in the database), the CSV
// export downloads, and support reads an order without the actions.

const REASON = 'مشتری پیش از استفاده از تمدید انصراف داد';

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

/** The figure a dashboard card shows under its name. */
function statValue(page: Page, label: string) {
  return page
    .locator('dl')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first();
}

async function paidOrders() {
  return server.app.db
    .select({ id: orders.id, number: orders.number, userId: orders.userId, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.status, 'paid'))
    .orderBy(desc(orders.paidAt));
}

describe('the console dashboard and orders in the browser', () => {
  test('an admin reads the dashboard, filters orders, refunds one and exports the list', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin', ADMIN);
      await page.getByRole('heading', { name: 'داشبورد', level: 1 }).waitFor();
      const [open] = await server.app.db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(tickets)
        .where(ne(tickets.status, 'closed'));
      expect(open?.count).toBeGreaterThan(0);
      await expect
        .poll(() => statValue(page, 'تیکت‌های باز').textContent())
        .toBe(persianDigits(open?.count ?? -1));
      const [pending] = await server.app.db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(orders)
        .where(eq(orders.status, 'pending'));
      await page
        .getByRole('link', { name: `در انتظار پرداخت (${persianDigits(pending?.count ?? -1)})` })
        .waitFor();
      // Thirty days of bars, each saying its Jalali day; the demo's two recent payments show.
      const days = page
        .getByRole('list', { name: 'فروش روزانهٔ ۳۰ روز گذشته' })
        .getByRole('listitem');
      expect(await days.count()).toBe(30);
      expect(await days.last().getAttribute('aria-label')).toMatch(
        /^۱۴[۰-۹]{2}\/[۰-۹]{2}\/[۰-۹]{2}: فروش /u,
      );
      const withSales = await days.evaluateAll(
        (items) =>
          items.filter((item) => !/فروش ۰ تومان/u.test(item.getAttribute('aria-label') ?? ''))
            .length,
      );
      expect(withSales).toBeGreaterThanOrEqual(2);
      await page.getByRole('button', { name: 'نمایش اعداد در جدول' }).click();
      await page.getByRole('table', { name: 'فروش روزانهٔ ۳۰ روز گذشته' }).waitFor();
      await screenshotBoth(page, 'admin-dashboard');

      // The list, filtered in the address: every paid order and nothing else.
      const paid = await paidOrders();
      expect(paid.length).toBeGreaterThanOrEqual(2);
      await page.getByRole('link', { name: 'همهٔ سفارش‌ها' }).click();
      await page.waitForURL(`${server.url}/admin/orders`);
      await page
        .getByRole('radiogroup', { name: 'وضعیت سفارش' })
        .getByText('پرداخت‌شده', { exact: true })
        .click();
      await page.waitForURL(`${server.url}/admin/orders?status=paid`);
      const table = page.getByRole('table', { name: 'فهرست سفارش‌ها' });
      await expect.poll(() => table.getByRole('row').count()).toBe(paid.length + 1);
      for (const order of paid) {
        const row = table.getByRole('row').filter({ hasText: persianDigits(order.number) });
        await row.getByText('پرداخت‌شده', { exact: true }).waitFor();
      }
      await page.getByText(`${persianDigits(paid.length)} سفارش`, { exact: true }).waitFor();
      await screenshotBoth(page, 'admin-orders');

      // A date the server cannot read is said under its field.
      await page.getByLabel('ثبت از تاریخ').fill('۱۴۰۵/۱۳/۴۰');
      await page.getByRole('button', { name: 'جست‌وجو', exact: true }).click();
      await page.getByText('تاریخ نامعتبر است', { exact: false }).waitFor();
      await page.getByText('این فیلترها خوانده نشد').waitFor();
      await saveScreenshot(page, 'admin-orders-bad-date-desktop');
      await page.goto(`${server.url}/admin/orders?status=paid`);

      // The demo customer's newest paid order: a renewal, part wallet and part card. (The demo's
      // newest of all is رضا's VPS, waiting for delivery by hand.)
      const [sara] = await server.app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.mobile, '+989121234567'));
      const target = paid.find((order) => order.userId === sara?.id);
      if (!target) throw new Error('no paid order of the demo customer');
      await table.getByRole('link', { name: `سفارش ${persianDigits(target.number)}` }).click();
      await page.waitForURL(`${server.url}/admin/orders/${target.id}`);
      const heading = page.getByRole('heading', {
        name: `سفارش شمارهٔ ${persianDigits(target.number)}`,
        level: 1,
      });
      await heading.waitFor();
      await page.getByRole('link', { name: 'سارا محمدی' }).first().waitFor();
      await screenshotBoth(page, 'admin-order');

      const [amounts] = await server.app.db
        .select({ wallet: orders.walletAppliedRial, gateway: orders.gatewayPaidRial })
        .from(orders)
        .where(eq(orders.id, target.id));
      const refundRial = (amounts?.wallet ?? 0) + (amounts?.gateway ?? 0);
      expect(refundRial).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'بازپرداخت به کیف پول' }).click();
      const dialog = page.getByRole('dialog', {
        name: `بازپرداخت سفارش ${persianDigits(target.number)}`,
      });
      await dialog.getByText(tomanText(refundRial), { exact: false }).waitFor();
      await dialog.getByText('سرویس‌های این سفارش لغو می‌شوند', { exact: false }).waitFor();
      // No reason, no refund: said in the dialog, nothing sent; «انصراف» leaves it all as it was.
      await dialog.getByRole('button', { name: 'بله، بازپرداخت شود' }).click();
      await dialog.getByText('دلیل را دست‌کم', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'انصراف' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'بازپرداخت به کیف پول' }).click();
      await dialog.getByLabel('دلیل').fill(REASON);
      expect(await dialog.getByText('دلیل را دست‌کم', { exact: false }).count()).toBe(0);
      await saveScreenshot(page, 'admin-order-refund-dialog-desktop');
      await dialog.getByRole('button', { name: 'بله، بازپرداخت شود' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('این سفارش بازپرداخت شده است').waitFor();
      await page.getByText('بازپرداخت‌شده', { exact: true }).first().waitFor();
      await page.getByText(`دلیل: ${REASON}`).first().waitFor();
      expect(await page.getByRole('button', { name: 'بازپرداخت به کیف پول' }).count()).toBe(0);

      const [after] = await server.app.db
        .select({ status: orders.status, refundedAt: orders.refundedAt })
        .from(orders)
        .where(eq(orders.id, target.id));
      expect(after?.status).toBe('refunded');
      expect(after?.refundedAt).not.toBeNull();
      const ledger = await server.app.db
        .select()
        .from(walletTransactions)
        .where(
          and(eq(walletTransactions.orderId, target.id), eq(walletTransactions.reason, 'refund')),
        );
      expect(ledger).toHaveLength(1);
      expect(ledger[0]?.userId).toBe(target.userId);
      expect(ledger[0]?.amountRial).toBe(refundRial);
      const [admin] = await server.app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.mobile, '+989351234567'));
      const audit = await server.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.refund'), eq(auditLog.entityId, target.id)));
      expect(audit).toHaveLength(1);
      expect(audit[0]?.actorId).toBe(admin?.id);
      expect(audit[0]?.reason).toBe(REASON);
      // Read again from the server. (The reason field's autosize leaves a measuring textarea,
      // as wide as the desktop dialog, in the page until it reloads.)
      await page.reload();
      await page.getByText('این سفارش بازپرداخت شده است').waitFor();
      await screenshotBoth(page, 'admin-order-refunded');

      // The export of the refunded orders: the server's bytes, BOM first, this order in it.
      await page.goto(`${server.url}/admin/orders?status=refunded`);
      await table.getByRole('link', { name: `سفارش ${persianDigits(target.number)}` }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'دریافت CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^vitrin-orders-14\d{2}-\d{2}-\d{2}\.csv$/);
      const file = await download.path();
      const csv = await readFile(file, 'utf8');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      expect(csv).toContain('شماره سفارش');
      const lines = csv.trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]?.startsWith(`${target.number},بازپرداخت‌شده,`)).toBe(true);

      // The dashboard counts today's refund against today's sales.
      await page.goto(`${server.url}/admin`);
      await expect.poll(() => statValue(page, 'فروش امروز').textContent()).toContain('منهای');
      await screenshotBoth(page, 'admin-dashboard-after-refund');
    } finally {
      await close();
    }
  });

  test('support reads an order without the refund and cancel buttons', async () => {
    const { page, close } = await newPage(browser);
    try {
      const [order] = await paidOrders();
      if (!order) throw new Error('no paid order left in the demo');
      await signIn(page, server.url, `/admin/orders/${order.id}`, SUPPORT);
      await page
        .getByRole('heading', { name: `سفارش شمارهٔ ${persianDigits(order.number)}`, level: 1 })
        .waitFor();
      await page.getByText('شما این سفارش را فقط می‌بینید', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: 'بازپرداخت به کیف پول' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'لغو سفارش' }).count()).toBe(0);

      const [pending] = await server.app.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.status, 'pending'));
      if (!pending) throw new Error('no pending order in the demo');
      await page.goto(`${server.url}/admin/orders/${pending.id}`);
      await page.getByText('در انتظار پرداخت').first().waitFor();
      expect(await page.getByRole('button', { name: 'لغو سفارش' }).count()).toBe(0);
      await screenshotBoth(page, 'admin-order-support');

      await page.goto(`${server.url}/admin/orders/00000000-0000-4000-8000-000000000000`);
      await page.getByRole('heading', { name: 'سفارشی با این نشانی پیدا نشد', level: 1 }).waitFor();
      await page.setViewportSize(viewports.desktop);
      await saveScreenshot(page, 'admin-order-not-found-desktop');
    } finally {
      await close();
    }
  });

  test('an admin cancels an unpaid order and the page shows it cancelled', async () => {
    const { page, close } = await newPage(browser);
    try {
      const [pending] = await server.app.db
        .select({ id: orders.id, number: orders.number })
        .from(orders)
        .where(eq(orders.status, 'pending'));
      if (!pending) throw new Error('no pending order in the demo');
      await signIn(page, server.url, `/admin/orders/${pending.id}`, ADMIN);
      await page.getByRole('button', { name: 'لغو سفارش' }).click();
      const dialog = page.getByRole('dialog', {
        name: `لغو سفارش ${persianDigits(pending.number)}`,
      });
      await dialog.getByLabel('دلیل').fill('درخواست تلفنی مشتری');
      await dialog.getByRole('button', { name: 'بله، لغو شود' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('لغوشده', { exact: true }).first().waitFor();
      expect(await page.getByRole('button', { name: 'لغو سفارش' }).count()).toBe(0);

      const [after] = await server.app.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, pending.id));
      expect(after?.status).toBe('cancelled');
      const audit = await server.app.db
        .select({ reason: auditLog.reason })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.cancel'), eq(auditLog.entityId, pending.id)));
      expect(audit).toEqual([{ reason: 'درخواست تلفنی مشتری' }]);
    } finally {
      await close();
    }
  });
});
