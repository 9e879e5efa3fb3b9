import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REFRESH_COOKIE } from '@vitrin/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, saveScreenshot, viewports } from './browser';
import { CUSTOMER, callApi, demoToken, screenshotBoth, signInHere } from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// Issue 9: the web bundle the Android app wraps (VITE_TARGET=android, an absolute API base),
// built here in beforeAll with `vite build` into a temp dir, served as static files from an
// origin of its own (as the app's WebView serves it from https://localhost), calling the
// in-process server across origins (CORS_ORIGINS). Capacitor's plugins run their web
// implementations here: Preferences is localStorage under `CapacitorStorage.`, so the device
// storage code runs as in the app, only over another store.

const root = path.join(import.meta.dirname, '..');
const webRoot = path.join(root, 'apps/web');
/** Where Capacitor's web Preferences keeps the identity: its group prefix and our key. */
const IDENTITY_ITEM = 'CapacitorStorage.vitrin.identity';
const PENDING_PAYMENT_ITEM = 'CapacitorStorage.vitrin.pendingPayment';
const CAFE_BAZAAR_URL = 'https://cafebazaar.ir/app/ir.vitrin.app';
const MYKET_URL = 'https://myket.ir/app/ir.vitrin.app';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** A static file server with the SPA fallback Capacitor's local server has: unknown → index.html. */
async function serveStatic(dir: string): Promise<{ origin: string; server: Server }> {
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, path.normalize(pathname));
    let target = path.join(dir, 'index.html');
    if (file.startsWith(dir) && (await stat(file).catch(() => null))?.isFile()) target = file;
    try {
      const body = await readFile(target);
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[path.extname(target)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('static server has no port');
  return { origin: `http://127.0.0.1:${address.port}`, server };
}

async function buildAndroidBundle(outDir: string, apiBase: string): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    {
      cwd: webRoot,
      env: { ...process.env, VITE_TARGET: 'android', VITE_API_BASE: apiBase },
      maxBuffer: 20 * 1024 * 1024,
    },
  );
}

let distDir: string;
let app: { origin: string; server: Server };
let api: InProcessServer;
/** A second server whose settings require a newer app (ANDROID_MIN_VERSION above 1.4.700). */
let newerRequired: InProcessServer;
/** A third whose newest version is 1.5.0 while 1.4.700 is still supported. */
let newerAvailable: InProcessServer;
let browser: Browser;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'vitrin-e2e-android-'));
  app = await serveStatic(distDir);
  api = await startInProcessServer({ env: { CORS_ORIGINS: app.origin } });
  newerRequired = await startInProcessServer({
    env: {
      CORS_ORIGINS: app.origin,
      ANDROID_LATEST_VERSION: '1.5.0',
      ANDROID_MIN_VERSION: '1.5.0',
      CAFE_BAZAAR_URL,
      MYKET_URL,
    },
  });
  newerAvailable = await startInProcessServer({
    env: { CORS_ORIGINS: app.origin, ANDROID_LATEST_VERSION: '1.5.0', MYKET_URL },
  });
  mkdirSync(path.join(newerRequired.dataDir, 'downloads'));
  writeFileSync(
    path.join(newerRequired.dataDir, 'downloads', 'vitrin-android.apk'),
    Buffer.alloc(3 * 1024 * 1024, 7),
  );
  await buildAndroidBundle(distDir, `${api.url}/api`);
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => app?.server.close(resolve));
  await api?.stop();
  await newerRequired?.stop();
  await newerAvailable?.stop();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

function phoneContext(): Promise<BrowserContext> {
  return browser.newContext({
    viewport: viewports.phone,
    locale: 'fa-IR',
    hasTouch: true,
    isMobile: true,
  });
}

async function storedIdentity(page: Page) {
  const value = await page.evaluate((key) => localStorage.getItem(key), IDENTITY_ITEM);
  return value === null
    ? null
    : (JSON.parse(value) as { id: string; jwtToken: string; refreshToken: string });
}

async function expectPanel(page: Page) {
  await page.getByRole('heading', { name: 'پیشخوان', level: 1 }).waitFor();
}

/**
 * An event of Capacitor's App plugin as Android sends it (the back button, the app coming back
 * to the front), delivered to the listeners the app added through the plugin.
 */
async function fireAppEvent(page: Page, event: 'backButton' | 'resume', data: unknown) {
  await page.evaluate(
    ([name, payload]) => {
      const plugins = (window as unknown as { Capacitor: { Plugins: Record<string, unknown> } })
        .Capacitor.Plugins;
      const appPlugin = plugins.App as {
        notifyListeners(event: string, data: unknown): Promise<void>;
      };
      return appPlugin.notifyListeners(name as string, payload);
    },
    [event, data] as const,
  );
}

async function pressBack(page: Page, canGoBack = true) {
  await fireAppEvent(page, 'backButton', { canGoBack });
}

describe('the Android build (native bundle in Chromium)', () => {
  test('sign in, restart: still signed in from device storage with no cookie; logout clears it', async () => {
    const context = await phoneContext();
    try {
      const page = await context.newPage();
      await page.goto(`${app.origin}/sign-in?next=%2Faccount`);
      await signInHere(page, CUSTOMER);
      await page.waitForURL(`${app.origin}/account`);
      await expectPanel(page);

      const first = await storedIdentity(page);
      expect(first?.id).toBeTruthy();
      expect(first?.jwtToken).toMatch(/^eyJ/);
      expect(first?.refreshToken.length).toBeGreaterThanOrEqual(20);
      // No cookie at all: the API is another origin and the app never lets one in.
      expect(await page.evaluate(() => document.cookie)).toBe('');
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(REFRESH_COOKIE);
      expect(await context.cookies(api.url)).toEqual([]);
      await screenshotBoth(page, 'android-panel');

      // Restart: the page goes, a new one opens on the same device storage.
      await page.close();
      const restarted = await context.newPage();
      const refreshCall = restarted.waitForRequest(
        (request) =>
          request.url() === `${api.url}/api/jwt/refresh-token` && request.method() === 'POST',
      );
      await restarted.goto(`${app.origin}/account`);
      const refresh = await refreshCall;
      // The refresh token travels in the body (API.md), with no cookie beside it.
      expect(refresh.postDataJSON()).toEqual({ token: first?.refreshToken });
      expect(await refresh.headerValue('cookie')).toBeNull();
      await expectPanel(restarted);
      expect(restarted.url()).toBe(`${app.origin}/account`);
      // The rotated identity replaced the spent one on the device.
      const second = await storedIdentity(restarted);
      expect(second?.id).toBe(first?.id);
      expect(second?.refreshToken).not.toBe(first?.refreshToken);
      expect(await context.cookies()).toEqual([]);

      // Logout: revoked on the server, cleared on the device, back at the root signed out.
      await restarted.setViewportSize(viewports.desktop);
      const revokeCall = restarted.waitForRequest(`${api.url}/api/jwt/revoke-token`);
      await restarted.getByRole('button', { name: 'خروج از حساب' }).click();
      expect((await revokeCall).postDataJSON()).toEqual({ Token: second?.refreshToken });
      await restarted.waitForURL(`${app.origin}/`);
      await restarted.getByRole('navigation').first().getByRole('link', { name: 'ورود' }).waitFor();
      expect(await storedIdentity(restarted)).toBeNull();
      await expect(
        callApi(api.url, '/api/jwt/refresh-token', { token: second?.refreshToken }),
      ).rejects.toThrow(/UNAUTHENTICATED/);

      // Another restart: signed out, so the panel asks for a sign-in.
      const afterLogout = await context.newPage();
      await afterLogout.goto(`${app.origin}/account`);
      await afterLogout.waitForURL(/\/sign-in/);
      await afterLogout.getByLabel('شماره موبایل').waitFor();
      expect(await storedIdentity(afterLogout)).toBeNull();
    } finally {
      await context.close();
    }
  });

  test('the home page shows the Android version, and the back button goes back, then asks before closing', async () => {
    const context = await phoneContext();
    try {
      const page = await context.newPage();
      await page.goto(`${app.origin}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByText('نسخهٔ ۱.۴.۷۰۰').waitFor();
      await screenshotBoth(page, 'android-home');

      // Into the store and back, inside the app (no page loads).
      await page.getByRole('navigation').first().getByRole('link', { name: 'فروشگاه' }).click();
      await page.waitForURL(`${app.origin}/store`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await pressBack(page);
      await page.waitForURL(`${app.origin}/`);

      // On the home page the back button asks; «ماندن» keeps the app, and back closes the ask.
      await pressBack(page);
      const ask = page.getByRole('dialog', { name: 'از ویترین خارج می‌شوید؟' });
      await ask.waitFor();
      await screenshotBoth(page, 'android-exit-confirm');
      await pressBack(page);
      await ask.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(`${app.origin}/`);
      await pressBack(page, false);
      await ask.getByRole('button', { name: 'ماندن' }).click();
      await ask.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });

  test('without a network the offline screen takes the page, and leaves when it is back', async () => {
    const context = await phoneContext();
    try {
      const page = await context.newPage();
      await page.goto(`${app.origin}/store`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();

      await context.setOffline(true);
      const offline = page.getByRole('heading', { name: 'اتصال اینترنت برقرار نیست', level: 1 });
      await offline.waitFor();
      await expect.poll(() => page.getByRole('banner').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'تلاش دوباره' }).click();
      await page.getByText('هنوز به اینترنت وصل نیستید.').waitFor();
      await screenshotBoth(page, 'android-offline');

      await context.setOffline(false);
      await offline.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(page.url()).toBe(`${app.origin}/store`);
    } finally {
      await context.close();
    }
  });

  test('above the minimum but below the latest, a notice offers the update once', async () => {
    const context = await phoneContext();
    try {
      await context.route(`${api.url}/api/app/get-app-version`, async (route) => {
        const response = await route.fetch({
          url: `${newerAvailable.url}/api/app/get-app-version`,
        });
        await route.fulfill({ response });
      });
      const page = await context.newPage();
      await page.goto(`${app.origin}/`);
      const notice = page.getByRole('status', { name: 'نسخهٔ تازه' });
      await notice.getByText('نسخهٔ ۱.۵.۰ ویترین آمده است').waitFor();
      expect(await notice.getByRole('link', { name: 'دریافت از مایکت' }).getAttribute('href')).toBe(
        MYKET_URL,
      );
      // The app stays usable under it.
      await page.getByRole('banner').waitFor();
      await saveScreenshot(page, 'android-update-available-phone');
      await notice.getByRole('button', { name: 'بستن' }).click();
      await notice.waitFor({ state: 'hidden' });

      // Closed for this version: the next start does not show it again.
      const restarted = await context.newPage();
      const asked = restarted.waitForResponse(`${api.url}/api/app/get-app-version`);
      await restarted.goto(`${app.origin}/`);
      await asked;
      await restarted.getByRole('heading', { level: 1 }).first().waitFor();
      await restarted.waitForTimeout(300);
      expect(await restarted.getByRole('status', { name: 'نسخهٔ تازه' }).count()).toBe(0);

      // Another site's link (a store badge on the download page) goes to the system browser
      // through Capacitor's Browser, whose web stand-in is window.open: recorded here.
      await context.route(`${MYKET_URL}**`, (route) =>
        route.fulfill({ contentType: 'text/plain', body: 'Myket' }),
      );
      await restarted.goto(`${app.origin}/download`);
      await restarted.getByRole('link', { name: 'دریافت از مایکت' }).waitFor();
      await restarted.evaluate(() => {
        const opened: string[] = [];
        const open = window.open.bind(window);
        Object.assign(window, { opened });
        window.open = (url?: string | URL, ...rest) => {
          opened.push(String(url));
          return open(url, ...rest);
        };
      });
      const [store] = await Promise.all([
        context.waitForEvent('page'),
        restarted.getByRole('link', { name: 'دریافت از مایکت' }).click(),
      ]);
      await store.waitForURL(MYKET_URL);
      expect(
        await restarted.evaluate(() => (window as unknown as { opened: string[] }).opened),
      ).toEqual([MYKET_URL]);
      expect(restarted.url()).toBe(`${app.origin}/download`);
    } finally {
      await context.close();
    }
  });

  test('below the server’s minimum version the app asks for the update, with the links', async () => {
    const context = await phoneContext();
    try {
      // This bundle's API is the first server; its version question goes to the server that
      // requires 1.5.0, as if the minimum had been raised.
      let asked: unknown = null;
      await context.route(`${api.url}/api/app/get-app-version`, async (route) => {
        asked = route.request().postDataJSON();
        const response = await route.fetch({ url: `${newerRequired.url}/api/app/get-app-version` });
        await route.fulfill({ response });
      });
      const page = await context.newPage();
      await page.goto(`${app.origin}/`);
      await page.getByRole('heading', { name: 'نسخهٔ تازهٔ ویترین را نصب کنید', level: 1 }).waitFor();
      expect(asked).toEqual({ platform: 'android', version: '1.4.700' });
      await page.getByText('این نسخه (۱.۴.۷۰۰) دیگر پشتیبانی نمی‌شود').waitFor();
      const apk = page.getByRole('link', { name: 'دریافت مستقیم از سایت ویترین (۳ مگابایت)' });
      expect(await apk.getAttribute('href')).toMatch(
        new RegExp(`^${newerRequired.url.replace(/\./g, '\\.')}/`),
      );
      expect(await page.getByRole('link', { name: 'کافه‌بازار' }).getAttribute('href')).toBe(
        CAFE_BAZAAR_URL,
      );
      expect(await page.getByRole('link', { name: 'مایکت' }).getAttribute('href')).toBe(MYKET_URL);
      // Blocking: the store's pages are not reachable behind it.
      expect(await page.getByRole('banner').isVisible()).toBe(false);
      await screenshotBoth(page, 'android-update-required');

      // A link opens outside the app (the web stand-in of the system browser: a new window).
      await context.route(`${CAFE_BAZAAR_URL}**`, (route) =>
        route.fulfill({ contentType: 'text/plain', body: 'Cafe Bazaar' }),
      );
      const [store] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('link', { name: 'کافه‌بازار' }).click(),
      ]);
      await store.waitForURL(CAFE_BAZAAR_URL);
      expect(page.url()).toBe(`${app.origin}/`);
    } finally {
      await context.close();
    }
  });

  test('the gateway opens outside the app, and on return the app shows the order paid', async () => {
    const token = await demoToken(api.url);
    const pending = await callApi<{ items: Array<{ id: string }> }>(
      api.url,
      '/api/user/orders/get-user-orders',
      { status: 'pending' },
      token,
    );
    const orderId = pending.items[0]?.id;
    if (!orderId) throw new Error('the demo customer has no pending order');

    const context = await phoneContext();
    try {
      const page = await context.newPage();
      await page.goto(
        `${app.origin}/sign-in?next=${encodeURIComponent(`/account/orders/${orderId}`)}`,
      );
      await signInHere(page, CUSTOMER);
      await page.waitForURL(`${app.origin}/account/orders/${orderId}`);
      const wallet = page.getByRole('switch', { name: 'پرداخت از اعتبار کیف پول' });
      await wallet.waitFor();
      await wallet.uncheck({ force: true });

      // The gateway opens outside the app (the web stand-in of the system browser: a new
      // window); the app stays on the order, with the payment noted on the device.
      const [gateway] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'پرداخت سفارش' }).click(),
      ]);
      await gateway.waitForURL(/\/pay\/sandbox\//);
      expect(page.url()).toBe(`${app.origin}/account/orders/${orderId}`);
      const noted = await page.evaluate((key) => localStorage.getItem(key), PENDING_PAYMENT_ITEM);
      expect(JSON.parse(noted ?? 'null')).toMatchObject({ kind: 'order', orderId });

      // Coming back before paying (to read the bank's SMS, say): told once it is unconfirmed.
      await fireAppEvent(page, 'resume', null);
      await page.getByText('پرداخت هنوز تأیید نشده است').waitFor();

      await gateway.getByRole('button', { name: 'پرداخت موفق' }).click();
      await gateway.waitForURL(/Authority=/);
      // The site's callback page verifies; this server has no web build to show it, so the
      // test asks as that page would (repeating it is harmless).
      const authority = new URL(gateway.url()).searchParams.get('Authority');
      await callApi(api.url, '/api/pay/verify-pay-order', { authority, status: 'OK' });
      await gateway.close();

      await fireAppEvent(page, 'resume', null);
      await page.getByText('پرداخت انجام شد و سفارش شما پرداخت‌شده است').waitFor();
      await page.getByText('پرداخت‌شده').first().waitFor();
      expect(page.url()).toBe(`${app.origin}/account/orders/${orderId}`);
      expect(await page.evaluate((key) => localStorage.getItem(key), PENDING_PAYMENT_ITEM)).toBe(
        null,
      );
      await screenshotBoth(page, 'android-order-paid');
    } finally {
      await context.close();
    }
  });

  test('pulled down at the top of a list, the page asks the server again', async () => {
    const context = await phoneContext();
    try {
      const page = await context.newPage();
      await page.goto(`${app.origin}/sign-in?next=%2Faccount%2Forders`);
      await signInHere(page, CUSTOMER);
      await page.waitForURL(`${app.origin}/account/orders`);
      await page.getByRole('heading', { name: 'سفارش‌ها', level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');

      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url() === `${api.url}/api/user/orders/get-user-orders`) asked.push('orders');
      });
      const indicator = page.locator('[data-pull-indicator]');
      const touch = await context.newCDPSession(page);
      const at = (y: number) => [{ x: 195, y }];
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(200) });
      for (let y = 220; y <= 400; y += 20) {
        await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(y) });
      }
      await expect.poll(() => indicator.getAttribute('data-pull-indicator')).toBe('ready');
      await saveScreenshot(page, 'android-pull-to-refresh-phone');
      expect(asked).toEqual([]);
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect.poll(() => asked.length).toBeGreaterThan(0);
      await expect.poll(() => indicator.getAttribute('data-pull-indicator')).toBe('idle');

      // A short pull is only a scroll attempt: nothing is asked.
      asked.length = 0;
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(200) });
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(260) });
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.waitForTimeout(500);
      expect(asked).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
