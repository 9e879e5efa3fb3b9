import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ANDROID_VERSION } from '@vitrin/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from './browser';
import { newPage, persianDigits, screenshotBoth } from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The download page (issue 9): the APK from our own server with its size and SHA-256, and the
// two app stores' badges, each only as configured; with nothing configured, an honest message.

const CAFE_BAZAAR_URL = 'https://cafebazaar.ir/app/ir.vitrin.app';
const MYKET_URL = 'https://myket.ir/app/ir.vitrin.app';
// 1 300 000 bytes is 1.24 MiB: the page rounds it to one decimal with the Persian separator.
const apkBytes = randomBytes(1_300_000);
const APK_SIZE_TEXT = '۱٫۲ مگابایت';
const apkSha256 = createHash('sha256').update(apkBytes).digest('hex');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('with an APK on the server and both stores configured', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await startInProcessServer({
      env: { CAFE_BAZAAR_URL, MYKET_URL },
    });
    // The default place (README): DATA_DIR/downloads/vitrin-android.apk, found on each request.
    mkdirSync(path.join(server.dataDir, 'downloads'));
    writeFileSync(path.join(server.dataDir, 'downloads', 'vitrin-android.apk'), apkBytes);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('the footer leads to the page, which offers the APK with its size and SHA-256', async () => {
    const { page, close } = await newPage(browser);
    try {
      await page.goto(`${server.url}/`);
      await page.getByRole('contentinfo').getByRole('link', { name: 'دریافت اپ اندروید' }).click();
      await expect.poll(() => page.url()).toBe(`${server.url}/download`);
      await page
        .getByRole('heading', { level: 1, name: 'دریافت اپ ویترین برای اندروید' })
        .waitFor();
      expect(await page.title()).toBe('دریافت اپ ویترین برای اندروید | ویترین');

      const version = persianDigits(ANDROID_VERSION);
      await page.getByText(`آخرین نسخه: ${version}`).waitFor();
      const download = page.getByRole('link', { name: `دانلود فایل نصب (${APK_SIZE_TEXT})` });
      expect(await download.getAttribute('href')).toBe(
        `${server.url}/downloads/vitrin-android-${ANDROID_VERSION}.apk`,
      );
      const hash = page.getByLabel('اثر انگشت SHA-256', { exact: true });
      expect((await hash.textContent())?.trim()).toBe(apkSha256);
      expect(await hash.getAttribute('dir')).toBe('ltr');
      await page.getByRole('button', { name: 'کپی اثر انگشت SHA-256' }).waitFor();

      // The link downloads exactly the bytes the server holds, under the versioned name.
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toBe(`vitrin-android-${ANDROID_VERSION}.apk`);
      const saved = await file.path();
      const bytes = readFileSync(saved);
      expect(bytes.length).toBe(apkBytes.length);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(apkSha256);

      await screenshotBoth(page, 'download');
    } finally {
      await close();
    }
  });

  test('the store badges link to the configured store pages, in a new tab', async () => {
    const { page, close } = await newPage(browser);
    try {
      await page.goto(`${server.url}/download`);
      const bazaar = page.getByRole('link', { name: 'دریافت از کافه‌بازار' });
      const myket = page.getByRole('link', { name: 'دریافت از مایکت' });
      expect(await bazaar.getAttribute('href')).toBe(CAFE_BAZAAR_URL);
      expect(await myket.getAttribute('href')).toBe(MYKET_URL);
      expect(await bazaar.getAttribute('target')).toBe('_blank');
      expect(await bazaar.getAttribute('rel')).toContain('noopener');
      // Drawn, not blank: each badge is an SVG of real size with the store's name in it.
      const badgeBox = await bazaar.locator('svg').boundingBox();
      expect(badgeBox?.width).toBeGreaterThan(150);
      expect(await bazaar.locator('svg text').allTextContents()).toEqual([
        'دریافت از',
        'کافه‌بازار',
      ]);
    } finally {
      await close();
    }
  });
});

describe('with nothing configured and no APK', () => {
  let server: InProcessServer;
  beforeAll(async () => {
    server = await startInProcessServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('the page says honestly that the app cannot be had here yet', async () => {
    const { page, close } = await newPage(browser);
    try {
      await page.goto(`${server.url}/download`);
      await page
        .getByRole('heading', { name: 'اپ اندروید هنوز از اینجا دریافت‌شدنی نیست' })
        .waitFor();
      expect(await page.getByRole('link', { name: /دانلود فایل نصب/ }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /^دریافت از / }).count()).toBe(0);
      expect(await page.getByText(/آخرین نسخه/).count()).toBe(0);
      const direct = await fetch(`${server.url}/downloads/vitrin-android-${ANDROID_VERSION}.apk`);
      expect(direct.status).toBe(404);
      await screenshotBoth(page, 'download-unavailable');
    } finally {
      await close();
    }
  });
});
