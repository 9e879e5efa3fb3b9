import { and, desc, eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { articles, auditLog, discountCodes } from '../apps/server/src/schema';
import { launchChromium } from './browser';
import { ADMIN, callApi, newPage, persianDigits, screenshotBoth, signIn } from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The staff console's articles (rich-text editor) and discount codes (issue 8) in the browser:
// an admin writes and publishes an article, which the public site then shows; a code is made
// with its rules, listed with its uses, and turned off. Effects are read from the database.

const SLUG = 'e2e-rich-text-article';
const TITLE = 'راهنمای آزمایشی انتخاب هاست';
const HEADING = 'چرا هاست مهم است';
const BOLD = 'سرعت';
const LINK_TEXT = 'راهنمای ویترین';
const LINK_HREF = 'https://vitrin.ir/help';
const CODE = 'E2E-AUTUMN';

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

/** A field by its label, which Mantine ends with ' *' when the field is required. */
function field(page: Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

/** The error Mantine shows under a text field: inside the field's own wrapper. */
function errorUnder(page: Page, label: string): Locator {
  return page
    .locator('.mantine-InputWrapper-root')
    .filter({ has: field(page, label) })
    .locator('.mantine-InputWrapper-error');
}

function auditActions(entityType: string, entityId: string) {
  return server.app.db
    .select({ action: auditLog.action, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt));
}

describe('the console’s articles and discount codes', () => {
  test('an admin writes an article in the editor, is told a bad date under the field, publishes it, and the site shows it', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin/articles', ADMIN);
      await page.getByRole('heading', { name: 'مقاله‌ها', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'مقالهٔ تازه' }).first().click();
      await page.waitForURL(`${server.url}/admin/articles/new`);

      await field(page, 'عنوان').fill(TITLE);
      await field(page, 'نامک (بخش پایانی نشانی)').fill(SLUG);
      await field(page, 'دسته').selectOption('hosting');
      await field(page, 'خلاصه').fill('چند نکته برای انتخاب هاست مناسب.');
      await field(page, 'تصویر جلد').fill('/media/demo/articles/choose-domain-name.svg');

      // The body: a heading, a bold word and a link, made with the toolbar.
      const editor = page.getByRole('textbox', { name: /^متن مقاله/ });
      expect(await editor.getAttribute('dir')).toBe('rtl');
      await editor.click();
      await page.keyboard.type(HEADING);
      await page.getByRole('button', { name: 'سرتیتر سطح ۲' }).click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('هاست خوب ');
      await page.getByRole('button', { name: 'پررنگ' }).click();
      await page.keyboard.type(BOLD);
      await page.getByRole('button', { name: 'پررنگ' }).click();
      await page.keyboard.type(' سایت را بالا می‌برد.');
      await page.keyboard.press('Enter');
      await page.keyboard.type(LINK_TEXT);
      await page.keyboard.press('Shift+Home');
      await page.getByRole('button', { name: 'افزودن یا ویرایش پیوند' }).click();
      const address = field(page, 'نشانی پیوند');
      // An address the server would strip is refused in the editor, with the reason.
      await address.fill('http://vitrin.ir/help');
      await page.getByRole('button', { name: 'ثبت پیوند' }).click();
      await errorUnder(page, 'نشانی پیوند')
        .getByText('فقط پیوند https:// یا mailto: پذیرفته می‌شود')
        .waitFor();
      await address.fill(LINK_HREF);
      await page.getByRole('button', { name: 'ثبت پیوند' }).click();
      await editor.locator('h2', { hasText: HEADING }).waitFor();
      await editor.locator('strong', { hasText: BOLD }).waitFor();
      await editor.locator(`a[href="${LINK_HREF}"]`, { hasText: LINK_TEXT }).waitFor();

      // An invalid Jalali date: the server's INVALID_DATE shows under the publish date field.
      const publishAt = field(page, 'تاریخ انتشار');
      expect(await publishAt.getAttribute('placeholder')).toBe('۱۴۰۵/۰۹/۰۱');
      await publishAt.fill('۱۴۰۵/۱۳/۴۰');
      await page.getByRole('button', { name: 'انتشار', exact: true }).click();
      await errorUnder(page, 'تاریخ انتشار')
        .getByText('تاریخ نامعتبر است؛ تاریخ را به شکل ۱۴۰۳/۰۵/۲۰ یا ISO وارد کنید')
        .waitFor();
      expect(await publishAt.getAttribute('aria-invalid')).toBe('true');
      const none = await server.app.db.select().from(articles).where(eq(articles.slug, SLUG));
      expect(none).toHaveLength(0);
      await screenshotBoth(page, 'admin-content-article-editor-invalid-date');

      await publishAt.fill('۱۴۰۵/۰۷/۱۵');
      await page.getByRole('button', { name: 'انتشار', exact: true }).click();
      await page.waitForURL(/\/admin\/articles\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
      const viewOnSite = page.getByRole('link', { name: 'مشاهده در سایت' });
      expect(await viewOnSite.getAttribute('href')).toBe(`/articles/${SLUG}`);
      expect(await field(page, 'تاریخ انتشار').inputValue()).toBe('۱۴۰۵/۰۷/۱۵');
      await page.getByText('منتشرشده', { exact: true }).first().waitFor();
      await screenshotBoth(page, 'admin-content-article-editor');

      const [saved] = await server.app.db.select().from(articles).where(eq(articles.slug, SLUG));
      if (!saved) throw new Error('the article was not saved');
      expect(saved.status).toBe('published');
      // 1405/07/15 at the start of the day in Tehran.
      expect(saved.publishedAt?.toISOString()).toBe('2026-10-06T20:30:00.000Z');
      expect(saved.bodyHtml).toContain(`<h2>${HEADING}</h2>`);
      expect(saved.bodyHtml).toContain(`<strong>${BOLD}</strong>`);
      expect(saved.bodyHtml).toContain(`href="${LINK_HREF}"`);
      expect((await auditActions('article', saved.id)).map((row) => row.action)).toEqual([
        'article.create',
      ]);

      // What an editor cannot send but a hand-made request can: the server keeps none of it.
      const { jwtToken } = await callApi<{ jwtToken: string }>(
        server.url,
        '/api/jwt/authenticate',
        {
          username: ADMIN.mobile,
          password: ADMIN.password,
        },
      );
      await callApi(
        server.url,
        '/api/admin/catalog/update-article',
        {
          id: saved.id,
          bodyHtml: `${saved.bodyHtml}<script>window.hacked = 1</script><p onclick="window.hacked = 2">پاراگراف پایانی</p><a href="javascript:alert(1)">پیوند بد</a>`,
        },
        jwtToken,
      );
      const [cleaned] = await server.app.db
        .select({ bodyHtml: articles.bodyHtml })
        .from(articles)
        .where(eq(articles.id, saved.id));
      expect(cleaned?.bodyHtml).toContain('پاراگراف پایانی');
      expect(cleaned?.bodyHtml).not.toMatch(/<script|onclick|javascript:|window\.hacked/i);

      // The public page shows the article with its heading, bold word and link.
      await page.goto(`${server.url}/articles/${SLUG}`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
      await main.getByRole('heading', { name: HEADING, level: 2 }).waitFor();
      await main.locator('strong', { hasText: BOLD }).waitFor();
      await main.locator(`a[href="${LINK_HREF}"]`, { hasText: LINK_TEXT }).waitFor();
      await main.getByText('پاراگراف پایانی').waitFor();
      expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();

      // The list: the article with its badge and Jalali date; the status filter is in the address.
      await page.goto(`${server.url}/admin/articles`);
      const table = page.getByRole('table', { name: 'فهرست مقاله‌ها' });
      const row = table.getByRole('row').filter({ hasText: TITLE });
      await row.getByText('منتشرشده').waitFor();
      await row.getByText(persianDigits('1405/07/15'), { exact: false }).waitFor();
      await screenshotBoth(page, 'admin-content-articles');
      await field(page, 'وضعیت').selectOption('draft');
      await page.waitForURL(`${server.url}/admin/articles?status=draft`);
      await expect.poll(() => table.getByRole('row').filter({ hasText: TITLE }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  test('an admin makes a percent code with a minimum order, sees it listed unused, and turns it off', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin/discounts', ADMIN);
      await page.getByRole('heading', { name: 'کدهای تخفیف', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'کد تازه' }).first().click();
      await page.waitForURL(`${server.url}/admin/discounts/new`);

      await field(page, 'کد').fill(CODE.toLowerCase());
      await field(page, 'عنوان').fill('تخفیف پاییزی آزمایشی');
      await field(page, 'درصدی').check();
      // A percent above 100: the server's field error under the field.
      await field(page, 'درصد تخفیف').fill('۱۲۰');
      await field(page, 'کمینهٔ مبلغ سفارش (تومان)').fill('۵۰۰٬۰۰۰');
      await field(page, 'ظرفیت کل (بار)').fill('100');
      await field(page, 'پایان اعتبار').fill('۱۴۹۹/۰۱/۰۱');
      await page.getByRole('button', { name: 'ساخت کد' }).click();
      const percentError = errorUnder(page, 'درصد تخفیف');
      await percentError.getByText('درصد تخفیف باید بین ۱ و ۱۰۰ باشد').waitFor();
      await screenshotBoth(page, 'admin-content-discount-form');
      // Typing again clears the old answer from under the field.
      await field(page, 'درصد تخفیف').fill('۱۵');
      await expect.poll(() => percentError.count()).toBe(0);
      await page.getByRole('button', { name: 'ساخت کد' }).click();
      await page.waitForURL(/\/admin\/discounts\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: CODE, level: 1 }).waitFor();

      const [code] = await server.app.db
        .select()
        .from(discountCodes)
        .where(eq(discountCodes.code, CODE));
      if (!code) throw new Error('the code was not saved');
      expect(code).toMatchObject({
        kind: 'percent',
        value: 15,
        minCartRial: 5_000_000,
        usageLimit: 100,
        active: true,
        usedCount: 0,
      });
      expect(code.endsAt?.toISOString()).toBe('2120-03-20T20:30:00.000Z');
      await screenshotBoth(page, 'admin-content-discount');

      await page.goto(`${server.url}/admin/discounts`);
      const table = page.getByRole('table', { name: 'فهرست کدهای تخفیف' });
      const row = table.getByRole('row').filter({ hasText: CODE });
      await row.getByText('۱۵٪').waitFor();
      await row.getByText('۰ از ۱۰۰').waitFor();
      await row.getByText('فعال', { exact: true }).waitFor();
      await row.getByText('سفارش از ۵۰۰٬۰۰۰ تومان').waitFor();
      await screenshotBoth(page, 'admin-content-discounts');

      await row.getByRole('link', { name: CODE }).click();
      await page.getByRole('heading', { name: CODE, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'غیرفعال کردن' }).click();
      const dialog = page.getByRole('dialog', { name: `غیرفعال کردن کد ${CODE}` });
      await dialog.getByRole('button', { name: 'بله، غیرفعال شود' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'فعال کردن' }).waitFor();
      await page.getByText('غیرفعال', { exact: true }).first().waitFor();

      const [off] = await server.app.db
        .select({ active: discountCodes.active })
        .from(discountCodes)
        .where(eq(discountCodes.id, code.id));
      expect(off?.active).toBe(false);
      const rows = await auditActions('discount-code', code.id);
      expect(rows.map((entry) => entry.action)).toEqual([
        'discount-code.deactivate',
        'discount-code.create',
      ]);
      expect(rows[1]?.after).toMatchObject({ code: CODE, value: 15, minCartRial: 5_000_000 });

      // The state filter lives in the address.
      await page.goto(`${server.url}/admin/discounts?state=inactive`);
      await table.getByRole('row').filter({ hasText: CODE }).getByText('غیرفعال').waitFor();
      await field(page, 'وضعیت').selectOption('active');
      await page.waitForURL(`${server.url}/admin/discounts?state=active`);
      await expect.poll(() => table.getByRole('row').filter({ hasText: CODE }).count()).toBe(0);
    } finally {
      await close();
    }
  });
});
