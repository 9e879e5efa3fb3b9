import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  auditLog,
  productGroups,
  productPrices,
  products,
  themes,
} from '../apps/server/src/schema';
import { launchChromium, saveScreenshot } from './browser';
import { ADMIN, newPage, persianDigits, screenshotBoth, signIn, tomanText } from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The staff console's catalog section (issue 8) in the browser, as an admin: a product made
// through the form with its prices (a duplicate slug and a sale price above the price refused
// under their fields), published to the public store and taken out again; a group with its
// comparison table; a theme whose preview image is uploaded with the progress bar, a refused
// file first. Each change is checked in the database and the audit log.

const SLUG_TAKEN = 'این نامک پیش‌تر به کار رفته است؛ نامک دیگری بنویسید';
const SALE_ABOVE_PRICE = 'قیمت حراج باید کمتر از قیمت اصلی باشد';
const NOT_AN_IMAGE = 'فقط تصویر JPG، PNG یا WebP پذیرفته می‌شود';

const PRODUCT = {
  name: 'هاست آزمایشی کنسول',
  slug: 'console-test-host',
  summary: 'هاست کوچک برای آزمودن کنسول کارکنان',
};
const GROUP = { name: 'شبکهٔ تحویل محتوا', slug: 'cdn-console', summary: 'سرعت بیشتر برای سایت‌ها' };
const THEME = { name: 'گلستان', slug: 'golestan-console' };

let server: InProcessServer;
let browser: Browser;
let files: string;

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchChromium();
  files = mkdtempSync(path.join(tmpdir(), 'vitrin-e2e-catalog-'));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// A real PNG drawn here: a few coloured bands, small enough to send in one piece.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function bandedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const colours = [
    [14, 116, 144],
    [250, 204, 21],
    [244, 244, 245],
  ];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const [r, g, b] = colours[Math.floor((y / height) * colours.length)] ?? [0, 0, 0];
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set([r ?? 0, g ?? 0, b ?? 0], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of random pixels, which does not compress: large enough to watch it being sent. */
function noisyPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 1; x < row.length; x += 1) row[x] = Math.floor(Math.random() * 256);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function auditActions(entityType: string, entityId: string): Promise<string[]> {
  const rows = await server.app.db
    .select({ action: auditLog.action, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.createdAt);
  return rows.map((row) => row.action);
}

async function uploadCount(): Promise<number> {
  const rows = await server.app.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.action, 'media.upload'));
  return rows.length;
}

/** Mantine puts a field's error in the element its input is described by. */
async function errorUnder(page: Page, name: string): Promise<string> {
  const input = page.getByRole('textbox', { name, exact: true });
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const ids = (await input.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const texts = await Promise.all(
    ids.map((id) =>
      page
        .locator(`[id="${id}"]`)
        .textContent()
        .catch(() => ''),
    ),
  );
  return texts.join(' ');
}

describe('the console catalog in the browser', () => {
  test('an admin makes a product with prices, publishes it to the store and takes it out', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin/catalog', ADMIN);
      await page.getByRole('heading', { name: 'محصولات', level: 1 }).waitFor();
      const list = page.getByRole('table', { name: 'فهرست محصولات' });
      await list.getByRole('row').nth(3).waitFor();
      await screenshotBoth(page, 'admin-catalog-products');

      // The status filter is in the address; a demo product is published.
      await page.getByText('منتشرشده', { exact: true }).first().click();
      await page.waitForURL(`${server.url}/admin/catalog?status=active`);
      await expect.poll(() => list.getByText('منتشرنشده').count()).toBe(0);
      expect(await list.getByText('منتشرشده').count()).toBeGreaterThan(0);

      await page.getByRole('link', { name: 'محصول تازه' }).click();
      await page.waitForURL(`${server.url}/admin/catalog/products/new`);
      // The list stays on screen a moment after the address changes, and it has a «گروه» filter
      // of its own: the group is chosen in the new form only (in CI it was chosen in the list).
      const form = page.getByRole('form', { name: 'مشخصات محصول' });
      await form
        .getByRole('combobox', { name: 'گروه', exact: true })
        .selectOption({ label: 'هاست اشتراکی لینوکس' });
      await page.getByRole('textbox', { name: 'نام', exact: true }).fill(PRODUCT.name);
      // A slug a demo product already has: the server's refusal shows under the slug.
      await page.getByRole('textbox', { name: 'نامک', exact: true }).fill('builder-starter');
      await page.getByRole('textbox', { name: 'خلاصه', exact: true }).fill(PRODUCT.summary);
      await page.getByRole('button', { name: /نشان گروه «هاست اشتراکی لینوکس» را بگذار/ }).click();
      await page.getByLabel('هزینهٔ راه‌اندازی (تومان)').fill('۵۰٬۰۰۰');
      // The disk row of the table is drawn from the plan's limits (issue 35): set the limit.
      await form
        .getByRole('combobox', { name: 'فضای ذخیره‌سازی (مگابایت)' })
        .selectOption({ label: 'محدود به' });
      await form.getByRole('textbox', { name: 'مقدار فضای ذخیره‌سازی (مگابایت)' }).fill('۵۱۲۰');
      const features = page.getByRole('table', { name: /امکانات در جدول گروه/ });
      await features.getByText('از محدودیت «فضای ذخیره‌سازی (مگابایت)»').waitFor();
      await page.getByRole('button', { name: 'ساختن محصول' }).click();
      expect(await errorUnder(page, 'نامک')).toContain(SLUG_TAKEN);
      expect(page.url()).toBe(`${server.url}/admin/catalog/products/new`);
      await screenshotBoth(page, 'admin-catalog-product-new');

      await page.getByRole('textbox', { name: 'نامک', exact: true }).fill(PRODUCT.slug);
      await page.getByRole('button', { name: 'ساختن محصول' }).click();
      await page.waitForURL(/\/admin\/catalog\/products\/[0-9a-f-]{36}$/);
      const productId = page.url().split('/').at(-1) ?? '';
      await page.getByRole('heading', { name: PRODUCT.name, level: 1 }).waitFor();
      const [created] = await server.app.db
        .select()
        .from(products)
        .where(eq(products.id, productId));
      expect(created).toMatchObject({
        slug: PRODUCT.slug,
        status: 'hidden',
        setupFeeRial: 500_000,
        iconUrl: '/media/demo/groups/shared-hosting.svg',
        limits: { diskMb: 5120 },
      });

      // Prices: a sale price above the price is refused under that row's field.
      await page.getByRole('button', { name: 'افزودن دوره' }).click();
      const monthly = page.getByRole('group', { name: 'دورهٔ ماهانه' });
      await monthly.getByLabel('قیمت (تومان)').fill('۱۵۰۰۰۰');
      await monthly.getByLabel('قیمت حراج (تومان)').fill('200,000');
      await page.getByRole('button', { name: 'افزودن دوره' }).click();
      const quarterly = page.getByRole('group', { name: 'دورهٔ سه‌ماهه' });
      await quarterly.getByRole('combobox', { name: 'دوره' }).selectOption('annual');
      const annual = page.getByRole('group', { name: 'دورهٔ سالانه' });
      await annual.getByLabel('قیمت (تومان)').fill('1500000');
      await page.getByRole('button', { name: 'ذخیرهٔ قیمت‌ها' }).click();
      await monthly.getByText(SALE_ABOVE_PRICE).waitFor();
      expect(await annual.getByText(SALE_ABOVE_PRICE).count()).toBe(0);
      expect(
        await server.app.db
          .select()
          .from(productPrices)
          .where(eq(productPrices.productId, productId)),
      ).toHaveLength(0);

      await monthly.getByLabel('قیمت حراج (تومان)').fill('۱۲۰٬۰۰۰');
      await page.getByRole('button', { name: 'ذخیرهٔ قیمت‌ها' }).click();
      await page.getByText('قیمت‌ها ذخیره شد').waitFor();
      await expect
        .poll(async () =>
          (
            await server.app.db
              .select({
                cycle: productPrices.cycle,
                price: productPrices.priceRial,
                sale: productPrices.salePriceRial,
              })
              .from(productPrices)
              .where(eq(productPrices.productId, productId))
          ).sort((a, b) => a.price - b.price),
        )
        .toEqual([
          { cycle: 'monthly', price: 1_500_000, sale: 1_200_000 },
          { cycle: 'annual', price: 15_000_000, sale: null },
        ]);
      // The editor starts again from what the server kept, in Toman.
      await expect.poll(() => monthly.getByLabel('قیمت (تومان)').inputValue()).toBe('۱۵۰٬۰۰۰');

      await page.getByRole('button', { name: 'انتشار در فروشگاه' }).click();
      await page.getByRole('button', { name: 'لغو انتشار' }).waitFor();
      await screenshotBoth(page, 'admin-catalog-product');

      // The store shows it at once (the caches refresh with the change).
      const store = await browser.newPage();
      await store.goto(`${server.url}/store/${PRODUCT.slug}`);
      await store.getByRole('heading', { name: PRODUCT.name, level: 1 }).waitFor();
      await store.getByText(tomanText(1_200_000)).first().waitFor();
      await store.close();

      await page.goto(`${server.url}/admin/catalog?q=${encodeURIComponent('آزمایشی کنسول')}`);
      const row = list.getByRole('row').filter({ hasText: PRODUCT.name });
      await row.getByText('منتشرشده').waitFor();
      await row.getByText(tomanText(1_200_000)).waitFor();
      await row.getByText(persianDigits(2), { exact: true }).waitFor();
      await row.getByRole('link', { name: PRODUCT.name }).click();

      // Taking it out asks first.
      await page.getByRole('button', { name: 'لغو انتشار' }).click();
      const dialog = page.getByRole('dialog', { name: `لغو انتشار محصول «${PRODUCT.name}»` });
      await dialog.getByText('مشتریان دیگر این محصول را').waitFor();
      await dialog.getByRole('button', { name: 'بله، از فروشگاه خارج شود' }).click();
      await page.getByRole('button', { name: 'انتشار در فروشگاه' }).waitFor();
      const [hidden] = await server.app.db
        .select({ status: products.status })
        .from(products)
        .where(eq(products.id, productId));
      expect(hidden?.status).toBe('hidden');
      const gone = await fetch(`${server.url}/api/store/get-product`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ slug: PRODUCT.slug }),
      });
      expect(gone.status).toBe(404);

      expect(await auditActions('product', productId)).toEqual([
        'product.create',
        'product.prices',
        'product.publish',
        'product.unpublish',
      ]);
    } finally {
      await close();
    }
  });

  test('an admin makes a group with its comparison table in order', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin/catalog/groups', ADMIN);
      await page.getByRole('heading', { name: 'گروه‌های محصول', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'فهرست گروه‌ها' }).getByText('سرور مجازی').waitFor();
      await screenshotBoth(page, 'admin-catalog-groups');

      await page.getByRole('link', { name: 'گروه تازه' }).click();
      await page.waitForURL(`${server.url}/admin/catalog/groups/new`);
      await page.getByRole('textbox', { name: 'نام', exact: true }).fill(GROUP.name);
      await page.getByRole('textbox', { name: 'نامک', exact: true }).fill(GROUP.slug);
      await page.getByRole('textbox', { name: 'خلاصه', exact: true }).fill(GROUP.summary);
      const icon = path.join(files, 'cdn-icon.png');
      writeFileSync(icon, bandedPng(48, 48));
      await page.getByLabel('نشان گروه', { exact: true }).setInputFiles(icon);
      await page.getByRole('img', { name: 'پیش‌نمایش نشان گروه' }).waitFor();
      for (const label of ['ترافیک ماهانه', 'تعداد نقاط حضور', 'گواهی SSL']) {
        await page.getByRole('button', { name: 'افزودن سطر' }).click();
        const rows = page.getByRole('list', { name: 'سطرهای جدول امکانات' }).getByRole('listitem');
        await rows.last().getByRole('textbox').fill(label);
      }
      await page.getByRole('button', { name: `بالا بردن سطر ${persianDigits(3)}` }).click();
      await screenshotBoth(page, 'admin-catalog-group-new');
      await page.getByRole('button', { name: 'ساختن گروه' }).click();
      await page.waitForURL(/\/admin\/catalog\/groups\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: GROUP.name, level: 1 }).waitFor();
      const groupId = page.url().split('/').at(-1) ?? '';

      const [group] = await server.app.db
        .select()
        .from(productGroups)
        .where(eq(productGroups.id, groupId));
      expect(group?.iconUrl).toMatch(/^\/media\/uploads\/catalog\/[0-9a-f-]{36}\.png$/);
      const [audit] = await server.app.db
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'group.create'), eq(auditLog.entityId, groupId)));
      expect(
        (audit?.after as { features?: Array<{ label: string }> } | undefined)?.features?.map(
          (row) => row.label,
        ),
      ).toEqual(['ترافیک ماهانه', 'گواهی SSL', 'تعداد نقاط حضور']);
      // The saved table comes back in its order.
      const saved = page.getByRole('list', { name: 'سطرهای جدول امکانات' }).getByRole('textbox');
      await expect.poll(() => saved.nth(1).inputValue()).toBe('گواهی SSL');
      await screenshotBoth(page, 'admin-catalog-group');
    } finally {
      await close();
    }
  });

  test('an admin uploads a theme preview with its progress, and publishes the theme', async () => {
    const { page, close } = await newPage(browser);
    try {
      const uploadsBefore = await uploadCount();
      await signIn(page, server.url, '/admin/catalog/themes', ADMIN);
      await page.getByRole('heading', { name: 'قالب‌ها', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'فهرست قالب‌ها' }).getByRole('row').nth(3).waitFor();
      await screenshotBoth(page, 'admin-catalog-themes');

      await page.getByRole('link', { name: 'قالب تازه' }).click();
      await page.waitForURL(`${server.url}/admin/catalog/themes/new`);
      await page.getByRole('textbox', { name: 'نام', exact: true }).fill(THEME.name);
      await page.getByRole('textbox', { name: 'نامک', exact: true }).fill(THEME.slug);
      await page
        .getByRole('combobox', { name: 'دسته', exact: true })
        .selectOption({ label: 'فروشگاهی' });
      await page.getByLabel('رایگان').uncheck();
      await page.getByLabel('قیمت (تومان)').fill('۴۹۰٬۰۰۰');
      const desktop = 'تصویر پیش‌نمایش ۱ (دسکتاپ)';

      // A text file named like an image: the server reads its bytes and refuses it, beside it.
      const fake = path.join(files, 'not-an-image.png');
      writeFileSync(fake, 'این یک فایل متنی است، نه تصویر.');
      await page.getByLabel(desktop, { exact: true }).setInputFiles(fake);
      await page.getByRole('alert').filter({ hasText: NOT_AN_IMAGE }).waitFor();

      // On a slow line the progress shows, and the upload can be cancelled.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 64 * 1024,
      });
      const big = path.join(files, 'big-preview.png');
      writeFileSync(big, noisyPng(400, 300));
      await page.getByLabel(desktop, { exact: true }).setInputFiles(big);
      const progress = page.getByRole('progressbar', { name: `پیشرفت بارگذاری ${desktop}` });
      await progress.waitFor();
      await page.getByText('در حال بارگذاری big-preview.png').waitFor();
      await page.getByRole('img', { name: `پیش‌نمایش ${desktop} در حال بارگذاری` }).waitFor();
      await saveScreenshot(page, 'admin-catalog-theme-uploading-desktop');
      expect(await page.getByText(NOT_AN_IMAGE).count()).toBe(0);
      await page.getByRole('button', { name: `لغو بارگذاری ${desktop}` }).click();
      await progress.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `انتخاب تصویر: ${desktop}` }).waitFor();
      expect(
        await page.getByRole('img', { name: `پیش‌نمایش ${desktop}`, exact: true }).count(),
      ).toBe(0);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      const png = bandedPng(320, 200);
      const preview = path.join(files, 'golestan-desktop.png');
      writeFileSync(preview, png);
      await page.getByLabel(desktop, { exact: true }).setInputFiles(preview);
      const image = page.getByRole('img', { name: `پیش‌نمایش ${desktop}`, exact: true });
      await image.waitFor();
      expect(await page.getByText(NOT_AN_IMAGE).count()).toBe(0);
      const url = (await image.getAttribute('src')) ?? '';
      expect(url).toMatch(/^\/media\/uploads\/catalog\/[0-9a-f-]{36}\.png$/);
      await page.getByText(url, { exact: true }).waitFor();
      const served = await fetch(server.url + url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toContain('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
      expect(
        await page.evaluate(
          (src) => document.querySelector<HTMLImageElement>(`img[src="${src}"]`)?.naturalWidth,
          url,
        ),
      ).toBe(320);
      expect(await auditActions('media', url)).toEqual(['media.upload']);

      await page.getByLabel('سایت‌ساز پایه', { exact: true }).check();
      await screenshotBoth(page, 'admin-catalog-theme-new');
      await page.getByRole('button', { name: 'ساختن قالب' }).click();
      await page.waitForURL(/\/admin\/catalog\/themes\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: THEME.name, level: 1 }).waitFor();
      const themeId = page.url().split('/').at(-1) ?? '';
      await page.getByRole('button', { name: 'انتشار در فروشگاه' }).click();
      await page.getByRole('button', { name: 'لغو انتشار' }).waitFor();
      await screenshotBoth(page, 'admin-catalog-theme');

      const [saved] = await server.app.db.select().from(themes).where(eq(themes.id, themeId));
      expect(saved).toMatchObject({
        slug: THEME.slug,
        categorySlug: 'shop',
        previewUrls: [url],
        isFree: false,
        priceRial: 4_900_000,
        status: 'active',
      });
      expect(await auditActions('theme', themeId)).toEqual(['theme.create', 'theme.publish']);
      // This preview only: the refused and the cancelled files left no row.
      expect(await uploadCount()).toBe(uploadsBefore + 1);
    } finally {
      await close();
    }
  });
});
