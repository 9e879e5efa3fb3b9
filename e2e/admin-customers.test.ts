import { randomUUID } from 'node:crypto';
import { formatJalaliDate, INVALID_DATE_MESSAGE, parseDateText } from '@vitrin/fa';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, services, users, wallets, walletTransactions } from '../apps/server/src/schema';
import { launchChromium, saveScreenshot } from './browser';
import {
  ADMIN,
  DEMO_MOBILE,
  DEMO_PASSWORD,
  newPage,
  persianDigits,
  SUPPORT,
  screenshotBoth,
  signIn,
  tomanText,
} from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The staff console's customers section (issue 8) in the browser: an admin finds the demo
// customer by a mobile typed in Persian digits, adjusts her credit, extends a service, locks and
// unlocks her account; support reads the same file without a single action. Each change is
// checked on the page and in the database the in-process server writes.

const DAY_MS = 86_400_000;

let server: InProcessServer;
let browser: Browser;
let saraId: string;

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchChromium();
  const [sara] = await server.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, '+989121234567'));
  if (!sara) throw new Error('the demo customer is missing');
  saraId = sara.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function balanceOf(userId: string): Promise<number> {
  const [wallet] = await server.app.db
    .select({ balanceRial: wallets.balanceRial })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return wallet?.balanceRial ?? 0;
}

/** The demo customer signing in through the API, as the sign-in page does. */
async function customerSignIn(): Promise<{ status: number; code: string | null }> {
  const response = await fetch(`${server.url}/api/jwt/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_MOBILE, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { ok: boolean; error?: { code: string } };
  return { status: response.status, code: body.ok ? null : (body.error?.code ?? 'unknown') };
}

describe('the console customers section in the browser', () => {
  test('an admin finds the demo customer by a Persian-digit mobile and manages her account and services', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin/customers', ADMIN);
      await page.getByRole('heading', { name: 'مشتریان', level: 1 }).waitFor();
      const list = page.getByRole('table', { name: 'فهرست مشتریان' });
      await list.getByRole('link', { name: 'سارا محمدی' }).waitFor();
      await screenshotBoth(page, 'admin-customers-list');

      // The search reads the number as typed, Persian digits and all, and keeps it in the address.
      await page.getByLabel('موبایل، نام یا ایمیل').fill('۰۹۱۲۱۲۳۴۵۶۷');
      await page.waitForURL(`${server.url}/admin/customers?q=${encodeURIComponent('۰۹۱۲۱۲۳۴۵۶۷')}`);
      await expect.poll(() => list.getByRole('row').count()).toBe(2);
      const row = list.getByRole('row').filter({ hasText: 'سارا محمدی' });
      await row.getByText(persianDigits('0912 123 4567')).waitFor();
      await row.getByText('sara.mohammadi@example.com').waitFor();
      await screenshotBoth(page, 'admin-customers-search');
      await row.getByRole('link', { name: 'سارا محمدی' }).click();
      await page.waitForURL(`${server.url}/admin/customers/${saraId}`);
      await page.getByRole('heading', { name: 'سارا محمدی', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'سرویس‌های مشتری' }).waitFor();
      await screenshotBoth(page, 'admin-customers-file');

      // Credit: added with a reason, the new balance on the page, a ledger row and an audit row.
      const before = await balanceOf(saraId);
      const creditReason = 'جبران قطعی دو روزهٔ سرور';
      await page.getByRole('button', { name: 'تنظیم اعتبار' }).click();
      const creditDialog = page.getByRole('dialog', { name: 'تنظیم اعتبار کیف پول' });
      await creditDialog.getByLabel('مبلغ (تومان)').fill('۵۰٬۰۰۰');
      await creditDialog.getByLabel('دلیل').fill(creditReason);
      await creditDialog
        .getByText(`موجودی پس از این تغییر: ${tomanText(before + 500_000)}`)
        .waitFor();
      await page.waitForTimeout(300);
      await saveScreenshot(page, 'admin-customers-credit-dialog-desktop');
      await creditDialog.getByRole('button', { name: 'افزودن اعتبار' }).click();
      await page
        .getByText(`اعتبار تنظیم شد؛ موجودی تازه ${tomanText(before + 500_000)} است.`)
        .waitFor();
      await expect.poll(() => creditDialog.count()).toBe(0);
      expect(await balanceOf(saraId)).toBe(before + 500_000);
      const [ledgerRow] = await server.app.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.userId, saraId))
        .orderBy(desc(walletTransactions.createdAt))
        .limit(1);
      expect(ledgerRow).toMatchObject({
        amountRial: 500_000,
        reason: 'adjustment',
        balanceAfterRial: before + 500_000,
      });
      const [creditAudit] = await server.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, saraId), eq(auditLog.action, 'customer.credit-adjust')));
      expect(creditAudit).toMatchObject({
        reason: creditReason,
        before: { balanceRial: before },
        after: { balanceRial: before + 500_000, amountRial: 500_000 },
      });
      const ledger = page.getByRole('table', { name: 'گردش کیف پول' });
      const adjustment = ledger.getByRole('row').filter({ hasText: 'اصلاح دستی' }).first();
      await adjustment.getByText(persianDigits('+50٬000')).waitFor();
      await adjustment.getByText(tomanText(before + 500_000)).waitFor();

      // A decrease past the balance: the server's Persian error under the amount, nothing changed.
      const balance = before + 500_000;
      await page.getByRole('button', { name: 'تنظیم اعتبار' }).click();
      await creditDialog.getByText('کاهش اعتبار').click();
      await creditDialog.getByLabel('مبلغ (تومان)').fill(persianDigits(balance / 10 + 1));
      await creditDialog.getByLabel('دلیل').fill('کسر اعتبار اشتباهی');
      await creditDialog.getByRole('button', { name: 'کسر اعتبار' }).click();
      const refusal = `موجودی کیف پول این مشتری ${tomanText(balance)} است؛ موجودی نمی‌تواند منفی شود`;
      await creditDialog.getByText(refusal).waitFor();
      await saveScreenshot(page, 'admin-customers-credit-refused-desktop');
      await expect
        .poll(() => creditDialog.getByLabel('مبلغ (تومان)').getAttribute('aria-invalid'))
        .toBe('true');
      expect(await balanceOf(saraId)).toBe(balance);
      await creditDialog.getByRole('button', { name: 'انصراف' }).click();
      await expect.poll(() => creditDialog.count()).toBe(0);

      // Extending a service: an impossible Jalali date is refused under the field, a real one
      // moves the expiry, on the page and in the database.
      const [service] = await server.app.db
        .select()
        .from(services)
        .where(and(eq(services.userId, saraId), ne(services.status, 'cancelled')))
        .orderBy(desc(services.createdAt))
        .limit(1);
      if (!service) throw new Error('the demo customer has no service to extend');
      const servicesTable = page.getByRole('table', { name: 'سرویس‌های مشتری' });
      const serviceRow = servicesTable
        .getByRole('row')
        .filter({ hasText: service.domainName ?? service.name })
        .first();
      await serviceRow.getByRole('button', { name: 'تمدید' }).click();
      const extendDialog = page.getByRole('dialog', { name: `تمدید ${service.name}` });
      await extendDialog.getByText('تا یک تاریخ').click();
      const untilField = extendDialog.getByLabel('تاریخ انقضای تازه');
      await untilField.fill('۱۴۰۵/۱۳/۴۰');
      await extendDialog.getByRole('button', { name: 'تمدید سرویس' }).click();
      await extendDialog.getByText(INVALID_DATE_MESSAGE).waitFor();
      await expect.poll(() => untilField.getAttribute('aria-invalid')).toBe('true');
      await saveScreenshot(page, 'admin-customers-extend-refused-desktop');
      const from = Math.max(service.expiresAt?.getTime() ?? Date.now(), Date.now());
      const newExpiry = formatJalaliDate(new Date(from + 45 * DAY_MS));
      await untilField.fill(newExpiry);
      await extendDialog.getByRole('button', { name: 'تمدید سرویس' }).click();
      await expect.poll(() => extendDialog.count()).toBe(0);
      await serviceRow.getByText(newExpiry).waitFor();
      const [extended] = await server.app.db
        .select()
        .from(services)
        .where(eq(services.id, service.id));
      expect(extended?.expiresAt?.toISOString()).toBe(parseDateText(newExpiry).toISOString());
      const [extendAudit] = await server.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, service.id), eq(auditLog.action, 'service.extend')));
      expect(extendAudit).toBeDefined();

      // Locking: the banner with the reason, and the customer can no longer sign in.
      expect(await customerSignIn()).toEqual({ status: 200, code: null });
      const lockReason = 'گزارش استفادهٔ غیرمجاز از حساب';
      await page.getByRole('button', { name: 'قفل حساب' }).click();
      const lockDialog = page.getByRole('dialog', { name: 'قفل کردن حساب' });
      await lockDialog.getByLabel('دلیل').fill(lockReason);
      await lockDialog.getByRole('button', { name: 'بله، قفل شود' }).click();
      const banner = page.getByRole('alert').filter({ hasText: 'حساب قفل است' });
      await banner.getByText(lockReason).waitFor();
      expect(await banner.textContent()).toMatch(/۱۴۰[۰-۹]\/[۰-۹]{2}\/[۰-۹]{2}/u);
      expect(await customerSignIn()).toEqual({ status: 403, code: 'ACCOUNT_LOCKED' });
      const [locked] = await server.app.db
        .select({ lockedAt: users.lockedAt, lockedReason: users.lockedReason })
        .from(users)
        .where(eq(users.id, saraId));
      expect(locked?.lockedReason).toBe(lockReason);
      expect(locked?.lockedAt).not.toBeNull();
      // Read afresh, as anyone opening the file sees it: the dialogs' autosizing textareas leave
      // a hidden measuring copy in the page as wide as the desktop dialog.
      await page.reload();
      await banner.getByText(lockReason).waitFor();
      await screenshotBoth(page, 'admin-customers-file-locked');

      await page.getByRole('button', { name: 'باز کردن قفل' }).click();
      await page
        .getByRole('dialog', { name: 'باز کردن قفل حساب' })
        .getByRole('button', { name: 'بله، قفل باز شود' })
        .click();
      await page.getByRole('button', { name: 'قفل حساب' }).waitFor();
      expect(await banner.count()).toBe(0);
      expect(await customerSignIn()).toEqual({ status: 200, code: null });
      const lockActions = await server.app.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'customer'), eq(auditLog.entityId, saraId)))
        .orderBy(auditLog.createdAt);
      expect(lockActions.map((entry) => entry.action)).toEqual([
        'customer.credit-adjust',
        'customer.lock',
        'customer.unlock',
      ]);
    } finally {
      await close();
    }
  });

  test('support reads the same file without a single action', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, `/admin/customers/${saraId}`, SUPPORT);
      await page.getByRole('heading', { name: 'سارا محمدی', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'سرویس‌های مشتری' }).waitFor();
      await page.getByRole('table', { name: 'گردش کیف پول' }).waitFor();
      await page.getByText('این پرونده برای پشتیبانی فقط خواندنی است', { exact: false }).waitFor();
      const main = page.getByRole('main');
      for (const action of [
        'تنظیم اعتبار',
        'قفل حساب',
        'باز کردن قفل',
        'پایان همهٔ نشست‌ها',
        'تعلیق',
        'رفع تعلیق',
        'تمدید',
        'لغو',
      ]) {
        expect(await main.getByRole('button', { name: action }).count(), action).toBe(0);
      }
      await screenshotBoth(page, 'admin-customers-file-support');
    } finally {
      await close();
    }
  });

  test('a customer with many services: the newest 20 and the count, the rest on «سرویس‌های بیشتر»', async () => {
    const [busy] = await server.app.db
      .insert(users)
      .values({ mobile: '+989350004455', firstName: 'بهار', lastName: 'پرسرویس' })
      .returning({ id: users.id });
    if (!busy) throw new Error('customer insert returned no row');
    await server.app.db.insert(services).values(
      Array.from({ length: 75 }, (_, index) => ({
        userId: busy.id,
        name: `میزبانی لینوکس ${index + 1}`,
        status: 'active' as const,
        cycle: 'monthly' as const,
        domainName: `bahar${index + 1}.ir`,
        startsAt: new Date(Date.now() - (index + 1) * DAY_MS),
        expiresAt: new Date(Date.now() + (30 - index) * DAY_MS),
        createdAt: new Date(Date.now() - (index + 1) * DAY_MS),
      })),
    );
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, `/admin/customers/${busy.id}`, ADMIN);
      await page.getByRole('heading', { name: 'بهار پرسرویس', level: 1 }).waitFor();
      await page.getByRole('heading', { name: `سرویس‌ها (${persianDigits('75')})` }).waitFor();
      const table = page.getByRole('table', { name: 'سرویس‌های مشتری' });
      // The header row and the newest 20, newest first.
      await expect.poll(() => table.getByRole('row').count()).toBe(21);
      await table.getByText('میزبانی لینوکس 1', { exact: true }).waitFor();
      await page
        .getByText(`${persianDigits('20')} سرویس تازه‌تر از ${persianDigits('75')}`)
        .waitFor();
      await screenshotBoth(page, 'admin-customers-file-many-services');
      const more = page.getByRole('button', { name: 'سرویس‌های بیشتر' });
      await more.click();
      await expect.poll(() => table.getByRole('row').count()).toBe(71);
      await page
        .getByText(`${persianDigits('70')} سرویس تازه‌تر از ${persianDigits('75')}`)
        .waitFor();
      await more.click();
      await expect.poll(() => table.getByRole('row').count()).toBe(76);
      await table.getByText('میزبانی لینوکس 75', { exact: true }).waitFor();
      expect(await more.count()).toBe(0);
    } finally {
      await close();
    }
  });

  test('an unknown customer is a clear not-found page', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, `/admin/customers/${randomUUID()}`, ADMIN);
      await page
        .getByRole('heading', { name: 'مشتری‌ای با این نشانی پیدا نشد', level: 1 })
        .waitFor();
      await page.goto(`${server.url}/admin/customers/not-an-id`);
      await page
        .getByRole('heading', { name: 'مشتری‌ای با این نشانی پیدا نشد', level: 1 })
        .waitFor();
      await page.getByRole('link', { name: 'جست‌وجوی مشتریان' }).click();
      await page.waitForURL(`${server.url}/admin/customers`);
    } finally {
      await close();
    }
  });
});
