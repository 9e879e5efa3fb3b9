import { vatOf } from '@vitrin/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  auditLog,
  discountCodes,
  orders,
  tickets,
  users,
  wallets,
  walletTransactions,
} from '../apps/server/src/schema';
import { launchChromium } from './browser';
import {
  ADMIN,
  CUSTOMER,
  newPage,
  persianDigits,
  SUPPORT,
  screenshotBoth,
  signIn,
  tomanText,
} from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The staff console's whole loop (issue 8), each step by the person who does it, in their own
// browser: an admin makes a discount code and a product; the customer buys the product with the
// code and asks about it in a ticket; support answers; the admin refunds the order to the
// customer's wallet. The wallet and the audit log then show every step.

const CODE = 'FLOW25';
const PRODUCT = { name: 'سرور ابری آزمایشی', slug: 'cloud-flow-e2e' };
const PRICE_TOMAN = 800_000;
const PRICE_RIAL = PRICE_TOMAN * 10;
const DISCOUNT_RIAL = PRICE_RIAL / 4;
const SUBJECT = 'فاکتور رسمی سرور ابری تازه';
const ANSWER = 'فاکتور رسمی سفارش‌تان صادر شد و به ایمیل‌تان فرستاده شد.';
const REFUND_REASON = 'مشتری پیش از راه‌اندازی سرور انصراف داد';

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

async function userId(mobile: string): Promise<string> {
  const [row] = await server.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, `+98${mobile.slice(1)}`));
  if (!row) throw new Error(`no user ${mobile}`);
  return row.id;
}

async function auditRow(action: string, entityId: string) {
  const [row] = await server.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt));
  return row;
}

/** A form field by its label, with or without the required mark Mantine adds. */
function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/** The code's row in the console's list shows it used this many times, with no limit set. */
async function expectUsageShown(page: Page, times: number) {
  await page.goto(`${server.url}/admin/discounts`);
  await page
    .getByRole('table', { name: 'فهرست کدهای تخفیف' })
    .getByRole('row')
    .filter({ hasText: CODE })
    .getByText(`${persianDigits(times)} (بی‌سقف)`, { exact: true })
    .waitFor();
}

describe('the staff console, end to end', () => {
  test('admin makes a code and a product; the customer buys with the code and asks; support answers; the admin refunds; wallet and audit log show it all', async () => {
    const admin = await newPage(browser);
    const customer = await newPage(browser);
    const support = await newPage(browser);
    try {
      const adminId = await userId(ADMIN.mobile);
      const supportId = await userId(SUPPORT.mobile);
      const customerId = await userId(CUSTOMER.mobile);

      // 1. The admin makes a 25% code.
      await signIn(admin.page, server.url, '/admin/discounts/new', ADMIN);
      await field(admin.page, 'کد').fill(CODE.toLowerCase());
      await field(admin.page, 'عنوان').fill('تخفیف سرور ابری');
      await field(admin.page, 'درصدی').check();
      await field(admin.page, 'درصد تخفیف').fill('۲۵');
      await admin.page.getByRole('button', { name: 'ساخت کد' }).click();
      await admin.page.waitForURL(/\/admin\/discounts\/[0-9a-f-]{36}$/);
      const codeId = admin.page.url().split('/').at(-1) ?? '';
      await expectUsageShown(admin.page, 0);

      // 2. The admin makes a product in the servers' group, prices it and publishes it.
      await admin.page.goto(`${server.url}/admin/catalog/products/new`);
      await admin.page
        .getByRole('combobox', { name: 'گروه', exact: true })
        .selectOption({ label: 'سرور مجازی' });
      await admin.page.getByRole('textbox', { name: 'نام', exact: true }).fill(PRODUCT.name);
      await admin.page.getByRole('textbox', { name: 'نامک', exact: true }).fill(PRODUCT.slug);
      await admin.page
        .getByRole('textbox', { name: 'خلاصه', exact: true })
        .fill('سرور ابری با منابع اختصاصی برای آزمون');
      await admin.page.getByRole('button', { name: /نشان گروه «سرور مجازی» را بگذار/ }).click();
      const needsDomain = admin.page.getByLabel(/^دامنه می‌خواهد/);
      if (await needsDomain.isChecked()) await needsDomain.uncheck();
      await admin.page.getByRole('button', { name: 'ساختن محصول' }).click();
      await admin.page.waitForURL(/\/admin\/catalog\/products\/[0-9a-f-]{36}$/);
      const productId = admin.page.url().split('/').at(-1) ?? '';
      await admin.page.getByRole('button', { name: 'افزودن دوره' }).click();
      const monthly = admin.page.getByRole('group', { name: 'دورهٔ ماهانه' });
      await monthly.getByLabel('قیمت (تومان)').fill(persianDigits(PRICE_TOMAN));
      await admin.page.getByRole('button', { name: 'ذخیرهٔ قیمت‌ها' }).click();
      await admin.page.getByText('قیمت‌ها ذخیره شد').waitFor();
      await admin.page.getByRole('button', { name: 'انتشار در فروشگاه' }).click();
      await admin.page.getByRole('button', { name: 'لغو انتشار' }).waitFor();

      // 3. The customer finds it in the store at once, and buys it with the code.
      await signIn(customer.page, server.url, `/store/${PRODUCT.slug}`);
      await customer.page.getByRole('heading', { name: PRODUCT.name, level: 1 }).waitFor();
      const order = customer.page.getByRole('region', { name: 'سفارش' });
      await order.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
      await order.getByText('به سبد خرید اضافه شد').waitFor();
      await customer.page.goto(`${server.url}/cart`);
      const codeField = customer.page.getByLabel('کد تخفیف');
      await codeField.fill(CODE.toLowerCase());
      await expect.poll(() => codeField.inputValue()).toBe(CODE.toLowerCase());
      await customer.page.getByRole('button', { name: 'اعمال' }).click();
      await customer.page.getByRole('button', { name: 'حذف کد' }).waitFor();
      // The cart adds 10% VAT to what is left after the code (decision 0022).
      const total = PRICE_RIAL - DISCOUNT_RIAL + vatOf(PRICE_RIAL - DISCOUNT_RIAL, 1000);
      await expect
        .poll(() => customer.page.getByTestId('cart-total').textContent())
        .toBe(tomanText(total));
      const wallet = customer.page.getByRole('switch', { name: 'پرداخت از اعتبار کیف پول' });
      await wallet.waitFor();
      await wallet.uncheck({ force: true });
      await customer.page.getByRole('button', { name: 'ثبت سفارش و پرداخت' }).click();
      await customer.page.waitForURL(/\/pay\/sandbox\//);
      await customer.page.getByRole('button', { name: 'پرداخت موفق' }).click();
      await customer.page.getByRole('heading', { name: 'پرداخت موفق', level: 1 }).waitFor();
      await customer.page.getByRole('link', { name: 'مشاهدهٔ سفارش' }).click();
      await customer.page.waitForURL(/\/account\/orders\/[0-9a-f-]{36}$/);
      const orderId = customer.page.url().split('/').at(-1) ?? '';
      const [paid] = await server.app.db.select().from(orders).where(eq(orders.id, orderId));
      expect(paid).toMatchObject({
        status: 'paid',
        userId: customerId,
        discountCode: CODE,
        discountRial: DISCOUNT_RIAL,
        totalRial: total,
      });
      await expectUsageShown(admin.page, 1);

      // 4. The customer asks about it in a ticket.
      await customer.page.goto(`${server.url}/account/tickets/new`);
      await customer.page.getByRole('textbox', { name: 'بخش' }).click();
      await customer.page.getByRole('option', { name: 'مالی و صورت‌حساب' }).click();
      await customer.page.getByLabel('موضوع').fill(SUBJECT);
      await customer.page
        .getByLabel('شرح درخواست')
        .fill(`برای سفارش ${persianDigits(paid?.number ?? 0)} فاکتور رسمی لازم دارم.`);
      await customer.page.getByRole('button', { name: 'ثبت تیکت' }).click();
      await customer.page.waitForURL(/\/account\/tickets\/[0-9a-f-]{36}$/);
      const ticketId = customer.page.url().split('/').at(-1) ?? '';

      // 5. Support finds it in the queue and answers.
      await signIn(support.page, server.url, '/admin/tickets', SUPPORT);
      await support.page
        .getByRole('table', { name: 'صف تیکت‌ها' })
        .getByRole('link', { name: SUBJECT })
        .click();
      await support.page.waitForURL(`${server.url}/admin/tickets/${ticketId}`);
      await support.page.getByLabel('متن پاسخ').fill(ANSWER);
      await support.page.getByRole('button', { name: 'ارسال پاسخ به مشتری' }).click();
      await support.page.getByRole('list', { name: 'پیام‌های تیکت' }).getByText(ANSWER).waitFor();
      const [answered] = await server.app.db
        .select({ status: tickets.status })
        .from(tickets)
        .where(eq(tickets.id, ticketId));
      expect(answered?.status).toBe('answered');
      await customer.page.reload();
      await customer.page.getByText(ANSWER).waitFor();

      // 6. The admin refunds the order to the wallet.
      const balanceBefore = await walletBalance(customerId);
      await admin.page.goto(`${server.url}/admin/orders/${orderId}`);
      await admin.page.getByRole('button', { name: 'بازپرداخت به کیف پول' }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.getByText(tomanText(total), { exact: false }).waitFor();
      await dialog.getByLabel('دلیل').fill(REFUND_REASON);
      await dialog.getByRole('button', { name: 'بله، بازپرداخت شود' }).click();
      await admin.page.getByText('این سفارش بازپرداخت شده است').waitFor();
      expect(await walletBalance(customerId)).toBe(balanceBefore + total);
      // The code's use is given back with the refund.
      await expectUsageShown(admin.page, 0);

      // 7. The customer's wallet shows the refund, linked to the order.
      await customer.page.goto(`${server.url}/account/credit`);
      const refundRow = customer.page
        .getByRole('listitem')
        .filter({ hasText: 'بازگشت وجه' })
        .filter({ hasText: tomanText(total).replace(' تومان', '') })
        .first();
      await refundRow.waitFor();
      await customer.page
        .getByText(tomanText(balanceBefore + total))
        .first()
        .waitFor();
      await screenshotBoth(customer.page, 'admin-flow-customer-wallet');
      const [refundEntry] = await server.app.db
        .select()
        .from(walletTransactions)
        .where(
          and(eq(walletTransactions.orderId, orderId), eq(walletTransactions.reason, 'refund')),
        );
      expect(refundEntry).toMatchObject({ userId: customerId, amountRial: total });

      // 8. The audit log holds each staff step, by the person who took it.
      expect(await auditRow('discount-code.create', codeId)).toMatchObject({ actorId: adminId });
      expect(await auditRow('product.create', productId)).toMatchObject({ actorId: adminId });
      expect(await auditRow('product.publish', productId)).toMatchObject({ actorId: adminId });
      expect(await auditRow('ticket.reply', ticketId)).toMatchObject({ actorId: supportId });
      expect(await auditRow('order.refund', orderId)).toMatchObject({
        actorId: adminId,
        reason: REFUND_REASON,
      });
      await admin.page.goto(`${server.url}/admin/audit`);
      const log = admin.page.getByRole('table', { name: 'فهرست کارها' });
      const labels: Array<[string, string]> = [
        ['ساخت کد تخفیف', 'علی رضایی'],
        ['ساخت محصول', 'علی رضایی'],
        ['قیمت‌گذاری محصول', 'علی رضایی'],
        ['انتشار محصول', 'علی رضایی'],
        ['پاسخ به تیکت', 'مریم احمدی'],
        ['بازپرداخت سفارش', 'علی رضایی'],
      ];
      for (const [label, actor] of labels) {
        await log
          .getByRole('row')
          .filter({ hasText: label })
          .filter({ hasText: actor })
          .first()
          .waitFor();
      }
      await log.getByRole('row').filter({ hasText: REFUND_REASON }).waitFor();
      await screenshotBoth(admin.page, 'admin-flow-audit');
      const [code] = await server.app.db
        .select({ usedCount: discountCodes.usedCount })
        .from(discountCodes)
        .where(eq(discountCodes.id, codeId));
      expect(code?.usedCount).toBe(0);
    } finally {
      await Promise.all([admin.close(), customer.close(), support.close()]);
    }
  });
});

async function walletBalance(userIdValue: string): Promise<number> {
  const [row] = await server.app.db
    .select({ balanceRial: wallets.balanceRial })
    .from(wallets)
    .where(eq(wallets.userId, userIdValue));
  return row?.balanceRial ?? 0;
}
