import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { horizontalOverflow, saveScreenshot, viewports } from './browser';
import { restingBox } from './flows';
import { useServerAndBrowser } from './harness';
import { startServer } from './server';

const h = useServerAndBrowser();

async function openPage(
  path: string,
  viewport: { width: number; height: number },
  prepare?: (page: Page) => Promise<void>,
) {
  const context = await h.browser.newContext({ viewport, locale: 'fa-IR' });
  const page = await context.newPage();
  await prepare?.(page);
  await page.goto(h.server.url + path);
  await page.waitForLoadState('networkidle');
  return { page, close: () => context.close() };
}

/**
 * The home page as the app draws it after a click from another page: the server renders the
 * home page with its answers inline (decision 0026), so only the app's own navigation makes its
 * calls from the browser, where a test can refuse or alter them.
 */
async function openHomeInApp(
  viewport: { width: number; height: number },
  prepare?: (page: Page) => Promise<void>,
) {
  const opened = await openPage('/cart', viewport, prepare);
  await opened.page.getByRole('link', { name: 'ویترین، صفحه اصلی' }).first().click();
  await opened.page.waitForURL(`${h.server.url}/`);
  return opened;
}

describe('the shell', () => {
  test('the page is Persian, right-to-left and set in Vazirmatn', async () => {
    const { page, close } = await openPage('/', viewports.desktop);
    try {
      expect(await page.getAttribute('html', 'lang')).toBe('fa');
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      const style = await page.evaluate(() => {
        const body = getComputedStyle(document.body);
        return { direction: body.direction, fontFamily: body.fontFamily };
      });
      expect(style.direction).toBe('rtl');
      expect(style.fontFamily).toMatch(/^Vazirmatn/);
      const vazirmatnLoaded = await page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some(
          (f) => f.family.includes('Vazirmatn') && f.status === 'loaded',
        );
      });
      expect(vazirmatnLoaded).toBe(true);
    } finally {
      await close();
    }
  });

  test('the header reads right to left: the wordmark on the right, navigation after it', async () => {
    const { page, close } = await openPage('/', viewports.desktop);
    try {
      const nav = page.getByRole('navigation').first();
      const home = nav.getByRole('link', { name: 'خانه' });
      const account = nav.getByRole('link', { name: 'ورود' });
      const homeBox = await home.boundingBox();
      const accountBox = await account.boundingBox();
      expect(homeBox && accountBox && homeBox.x > accountBox.x).toBe(true);
      await nav.getByRole('link', { name: 'فروشگاه' }).click();
      await expect.poll(() => page.url()).toBe(`${h.server.url}/store`);
      await page.getByRole('heading', { level: 1 }).waitFor();
    } finally {
      await close();
    }
  });

  test('the home page shows the server clock as a Jalali date in Persian digits', async () => {
    const { page, close } = await openPage('/', viewports.desktop);
    try {
      const status = page.getByText(/ساعت سرور:/);
      await status.waitFor();
      expect(await status.textContent()).toMatch(
        /ساعت سرور: ۱۴[۰-۹]{2}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}/,
      );
    } finally {
      await close();
    }
  });

  test('calls forward the XSRF-TOKEN cookie as X-XSRF-TOKEN (spec §7)', async () => {
    const { page, close } = await openPage('/cart', viewports.desktop);
    try {
      const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
      expect(cookie?.value).toBeTruthy();
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/api/app/get-app-info')),
        page.getByRole('link', { name: 'ویترین، صفحه اصلی' }).first().click(),
      ]);
      expect(request.method()).toBe('POST');
      expect(request.headers()['x-xsrf-token']).toBe(cookie?.value);
    } finally {
      await close();
    }
  });

  test('an error in the page is reported to the server', async () => {
    const { page, close } = await openPage('/', viewports.desktop);
    try {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/app/report-client-error')),
        page.evaluate(() => {
          setTimeout(() => {
            throw new Error('e2e: a broken widget');
          });
        }),
      ]);
      expect(response.status()).toBe(200);
      expect((await response.json()).ok).toBe(true);
    } finally {
      await close();
    }
  });

  test('an unknown address shows the Persian not-found page', async () => {
    const { page, close } = await openPage('/no-such-page', viewports.desktop);
    try {
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: /صفحهٔ اصلی|خانه/ }).count()).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});

describe('API reference', () => {
  test('/api/docs renders the OpenAPI reference under the strict CSP', async () => {
    const { page, close } = await openPage('/api/docs', viewports.desktop);
    try {
      await page.getByText('Vitrin API').first().waitFor();
      await page.getByText('/api/app/report-client-error').first().waitFor();
      await saveScreenshot(page, 'api-docs-desktop');
    } finally {
      await close();
    }
  });
});

describe('toasts (spec §1, §8, §9)', () => {
  // The network is outside the system: a refused connection is what a person with no
  // connection gets, and the client must answer it with the retry toast.
  const refuseAppInfo = async (page: Page) => {
    await page.route('**/api/app/get-app-info', (route) => route.abort('connectionrefused'));
  };

  for (const [name, viewport] of Object.entries(viewports)) {
    test(`a toast appears at the top-left, right-to-left, on ${name}`, async () => {
      const { page, close } = await openHomeInApp(viewport, refuseAppInfo);
      try {
        const toast = page.getByRole('alert').filter({ hasText: 'لطفا دوباره تلاش کنید' });
        await toast.waitFor();
        const box = await restingBox(toast);
        expect(box).not.toBeNull();
        if (!box) return;
        // Pinned to the left edge: on a phone it may span the width, but never hug the right.
        expect(box.x).toBeLessThan(40);
        expect(box.x).toBeLessThanOrEqual(viewport.width - (box.x + box.width));
        expect(box.y).toBeLessThan(100);
        expect(await toast.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
        await saveScreenshot(page, `toast-${name}`);
      } finally {
        await close();
      }
    });
  }

  test("a server error shows the server's Persian message as an error toast", async () => {
    // The request is altered on its way, as a client one release behind would send it; the
    // answer is the real server's.
    const skewedClient = async (page: Page) => {
      await page.route('**/api/app/get-app-info', async (route) => {
        const response = await route.fetch({ postData: JSON.stringify({ locale: 'fa' }) });
        await route.fulfill({ response });
      });
    };
    const { page, close } = await openHomeInApp(viewports.desktop, skewedClient);
    try {
      const toast = page
        .getByRole('alert')
        .filter({ hasText: 'اطلاعات ارسال‌شده کامل یا درست نیست' });
      await toast.waitFor();
      expect(await toast.getByRole('button', { name: 'بستن' }).count()).toBe(1);
      await page.getByText('وضعیت سرور: در دسترس نیست').waitFor();
    } finally {
      await close();
    }
  });

  test("a toast closes with its 'بستن' action", async () => {
    const { page, close } = await openHomeInApp(viewports.desktop, refuseAppInfo);
    try {
      const toast = page.getByRole('alert').filter({ hasText: 'لطفا دوباره تلاش کنید' });
      await toast.waitFor();
      await toast.getByRole('button', { name: 'بستن' }).click();
      await toast.waitFor({ state: 'detached', timeout: 2000 });
      // Closed means closed: the query's retry must not bring the same toast back.
      await page.waitForTimeout(2500);
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await close();
    }
  });

  test('a toast closes by itself after 5000 ms', async () => {
    const { page, close } = await openHomeInApp(viewports.desktop, refuseAppInfo);
    try {
      const toast = page.getByRole('alert').filter({ hasText: 'لطفا دوباره تلاش کنید' });
      await toast.waitFor();
      const shownAt = Date.now();
      await page.waitForTimeout(4000);
      expect(await toast.isVisible()).toBe(true);
      await toast.waitFor({ state: 'detached', timeout: 3000 });
      const shownFor = Date.now() - shownAt;
      expect(shownFor).toBeGreaterThan(4500);
      expect(shownFor).toBeLessThan(7000);
    } finally {
      await close();
    }
  });
});

describe('every page at phone and desktop width', () => {
  const pages = {
    home: '/',
    articles: '/articles',
    store: '/store',
    cart: '/cart',
    account: '/account',
    'not-found': '/no-such-page',
  };
  for (const [name, viewport] of Object.entries(viewports)) {
    for (const [pageName, path] of Object.entries(pages)) {
      test(`${pageName} on ${name}: nothing overflows sideways, digits are Persian`, async () => {
        const { page, close } = await openPage(path, viewport);
        try {
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.evaluate(() => document.fonts.ready);
          expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
          // What a person reads: rendered text, so innerText rather than textContent.
          // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point
          const text = await page.locator('body').innerText();
          expect(text.match(/[0-9]/g) ?? []).toEqual([]);
          await saveScreenshot(page, `${pageName}-${name}`);
        } finally {
          await close();
        }
      });
    }
  }

  test('the phone menu opens from the right with every link', async () => {
    const { page, close } = await openPage('/', viewports.phone);
    try {
      await page.getByRole('button', { name: /منو/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      for (const label of ['خانه', 'مقالات', 'فروشگاه', 'سبد خرید', 'ورود']) {
        await dialog.getByRole('link', { name: label }).waitFor();
      }
      const box = await dialog.boundingBox();
      expect(box && box.x + box.width).toBeGreaterThan(viewports.phone.width - 5);
      await saveScreenshot(page, 'menu-phone');
    } finally {
      await close();
    }
  });
});

describe('the server process', () => {
  test('stops cleanly on SIGTERM', async () => {
    const extra = await startServer();
    const code = await extra.stop();
    expect(code).toBe(0);
    expect(extra.output()).toMatch(/shutting down/);
  });
});
