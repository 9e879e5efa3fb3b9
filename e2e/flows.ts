import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { horizontalOverflow, saveScreenshot, viewports } from './browser';

// Steps the browser tests share: asking the API as an outside client, signing the demo
// customer in, and screenshots at both widths.

export const DEMO_MOBILE = '09121234567';
export const DEMO_PASSWORD = 'vitrin-demo-1405';

export interface Account {
  mobile: string;
  password: string;
}

/** The demo accounts the seed makes (README). */
export const CUSTOMER: Account = { mobile: DEMO_MOBILE, password: DEMO_PASSWORD };
export const ADMIN: Account = { mobile: '09351234567', password: 'vitrin-admin-1405' };
export const SUPPORT: Account = { mobile: '09361234567', password: 'vitrin-support-1405' };

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

/** Asks the API at `baseUrl` as an outside client does: POST with JSON, a bearer token if given. */
export async function callApi<T>(
  baseUrl: string,
  path: string,
  input: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(baseUrl + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { ok: boolean; data: T };
  if (!body.ok) throw new Error(`${path} failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** The demo customer's access token, for checking what the pages show against the API. */
export async function demoToken(baseUrl: string): Promise<string> {
  const identity = await callApi<{ jwtToken: string }>(baseUrl, '/api/jwt/authenticate', {
    username: DEMO_MOBILE,
    password: DEMO_PASSWORD,
  });
  return identity.jwtToken;
}

/** Tests share the demo customer: each starts from an empty cart of theirs. */
export async function emptyDemoCart(baseUrl: string, token: string): Promise<void> {
  const cart = await callApi<{ lines: Array<{ id: string }> }>(
    baseUrl,
    '/api/cart/get-cart',
    {},
    token,
  );
  if (cart.lines.length === 0) return;
  await callApi(
    baseUrl,
    '/api/cart/delete-cart-products',
    { lineIds: cart.lines.map((line) => line.id) },
    token,
  );
}

/** Persian digits, as every page writes numbers. */
export function persianDigits(value: number | string): string {
  return String(value).replace(/\d/g, (digit) => PERSIAN_DIGITS[Number(digit)] ?? digit);
}

/** Rial as the pages write Toman: Persian digits, '٬' every three, 'تومان'. */
export function tomanText(rial: number): string {
  const grouped = String(Math.trunc(rial / 10)).replace(/\B(?=(\d{3})+$)/g, '٬');
  return `${persianDigits(grouped)} تومان`;
}

export type Viewport = { width: number; height: number };

export async function newPage(browser: Browser, viewport: Viewport = viewports.desktop) {
  const context = await browser.newContext({ viewport, locale: 'fa-IR' });
  const page = await context.newPage();
  // A script error in the page is printed with the test's output, so a failure that shows
  // only as a missing element says what broke.
  page.on('pageerror', (error) => console.error(`page error at ${page.url()}:`, error));
  // React reports an error its boundaries caught only to the console.
  page.on('console', (message) => {
    // (A refused call is the browser's own line, and many tests mean to be refused.)
    if (message.type() !== 'error' || message.text().startsWith('Failed to load resource')) return;
    console.error(`console error at ${page.url()}:`, message.text());
  });
  // E2E_TRACE_DIR=/some/dir keeps a Playwright trace of every page, to open with
  // `npx playwright-core show-trace` when a test fails in a way its output does not explain.
  const traceDir = process.env.E2E_TRACE_DIR;
  if (traceDir) await context.tracing.start({ screenshots: true, snapshots: true });
  const close = async () => {
    if (traceDir) {
      await context.tracing.stop({ path: path.join(traceDir, `trace-${Date.now()}.zip`) });
    }
    await context.close();
  };
  return { page, close };
}

/**
 * Saves the page at both widths, from the same state: phone first, then back to desktop. Checks
 * on the way that nothing is wider than the phone's screen.
 */
/** Where a toast comes to rest: it slides in from the edge, so its box is read until it stops. */
export async function restingBox(toast: Locator) {
  let box = await toast.boundingBox();
  await expect
    .poll(async () => {
      const previous = box;
      box = await toast.boundingBox();
      return previous !== null && box !== null && previous.x === box.x;
    })
    .toBe(true);
  return box;
}

export async function screenshotBoth(page: Page, name: string) {
  const original = page.viewportSize() ?? viewports.desktop;
  // Toasts the steps before left on screen would hide the header.
  // (At most two show at once: closing one can bring a waiting one in.)
  const toasts = page.locator('.mantine-Notification-root');
  for (let closed = 0; closed < 20; closed++) {
    if ((await toasts.count()) === 0) {
      // A waiting toast comes in only once the last one has left (its exit transition): look
      // again after that before calling the screen clear (two files at once on 2 cores are slow).
      await page.waitForTimeout(600);
      if ((await toasts.count()) === 0) break;
    }
    const toast = await toasts
      .first()
      .elementHandle({ timeout: 1000 })
      .catch(() => null);
    if (!toast) continue;
    // One toast, held by its element: it may close by itself (or start to) meanwhile.
    const close = await toast.$('button[aria-label="بستن"]');
    await close?.click({ timeout: 2000 }).catch(() => {});
    await expect
      .poll(() => toast.evaluate((element) => element.isConnected).catch(() => false), {
        timeout: 7_000,
      })
      .toBe(false);
  }
  expect(await toasts.count()).toBe(0);
  for (const [width, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(150);
    expect(await horizontalOverflow(page), `${name} at ${width}`).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(original);
}

/** Signs an account (the demo customer unless told) in on the sign-in page the browser is on. */
export async function signInHere(page: Page, account: Account = CUSTOMER) {
  await page.getByLabel('شماره موبایل').fill(account.mobile);
  await page.getByRole('button', { name: 'ادامه' }).click();
  await page.getByLabel('رمز عبور').fill(account.password);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
}

/** Opens the sign-in page for `next`, signs the account in, and waits to arrive at `next`. */
export async function signIn(
  page: Page,
  baseUrl: string,
  next: string,
  account: Account = CUSTOMER,
) {
  await page.goto(`${baseUrl}/sign-in?next=${encodeURIComponent(next)}`);
  await signInHere(page, account);
  await page.waitForURL(baseUrl + next);
}

/**
 * The code the console SMS sender wrote to `to` (E.164) at or after `after`, read from the
 * server's outbox in `dataDir` as a person reading their SMS would.
 */
export async function smsCodeFromOutbox(
  dataDir: string,
  to: string,
  after: number,
): Promise<string> {
  const file = path.join(dataDir, 'outbox', 'sms.jsonl');
  for (let i = 0; i < 50; i++) {
    if (existsSync(file)) {
      const entries = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { to: string; code: string | null; at: string })
        .filter((entry) => entry.to === to && entry.code !== null && Date.parse(entry.at) >= after);
      const last = entries.at(-1);
      if (last?.code) return last.code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS to ${to} in the outbox`);
}

/**
 * A new customer signs up with a password and the code sent to her number, as the site does,
 * against the server at `baseUrl` whose SMS outbox is in `dataDir`.
 */
export async function signUpCustomer(
  baseUrl: string,
  dataDir: string,
): Promise<{ account: Account; id: string; token: string }> {
  const digits = String(Date.now() % 10_000_000).padStart(7, '0');
  const account = { mobile: `0912${digits}`, password: 'sib-golabi-daftar-1405' };
  const sentAfter = Date.now();
  await callApi(baseUrl, '/api/jwt/register', {
    mobileNumber: account.mobile,
    password: account.password,
  });
  await callApi(baseUrl, '/api/jwt/send-temp-code', { username: account.mobile });
  const identity = await callApi<{ id: string; jwtToken: string }>(
    baseUrl,
    '/api/jwt/verify-temporary-code',
    {
      input: account.mobile,
      code: await smsCodeFromOutbox(dataDir, `+98${account.mobile.slice(1)}`, sentAfter),
    },
  );
  return { account, id: identity.id, token: identity.jwtToken };
}
