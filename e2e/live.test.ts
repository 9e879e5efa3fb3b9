import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { services, users } from '../apps/server/src/schema';
import { launchChromium } from './browser';
import { newPage, persianDigits, screenshotBoth, signIn } from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The live visitor panel (issue 7) end to end: a customer's website on its own domain loads the
// tracker from our server; the demo customer's live panel, in another browser context, sees the
// counts change and the right toast for each visit.

/** The customer's site: a made-up domain that Chromium resolves to this machine. */
const SITE_DOMAIN = 'shop.vitrin-e2e.test';

let server: InProcessServer;
let site: Server;
let siteUrl: string;
let browser: Browser;

/** Two pages of a small single-page site, each loading the tracker as the panel's snippet says. */
function sitePage(trackerUrl: string): string {
  return `<!doctype html>
<html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>فروشگاه نمونه</title>
<script defer src="${trackerUrl}"></script></head>
<body><h1>فروشگاه نمونه</h1>
<a id="products" href="/products">محصولات</a>
<script>
  document.getElementById('products').addEventListener('click', (event) => {
    event.preventDefault();
    history.pushState({}, '', '/products');
    document.title = 'محصولات | فروشگاه نمونه';
    document.querySelector('h1').textContent = 'محصولات';
  });
</script></body></html>`;
}

beforeAll(async () => {
  server = await startInProcessServer();
  const [sara] = await server.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, '+989121234567'));
  if (!sara) throw new Error('the demo customer is missing');
  await server.app.db.insert(services).values({
    userId: sara.id,
    name: `سایت‌ساز فروشگاهی (${SITE_DOMAIN})`,
    status: 'active',
    domainName: SITE_DOMAIN,
  });
  const html = sitePage(`${server.url}/live/tracker.js`);
  site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://${SITE_DOMAIN}:${(site.address() as AddressInfo).port}`;
  browser = await launchChromium([`--host-resolver-rules=MAP ${SITE_DOMAIN} 127.0.0.1`]);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await server?.stop();
});

/** The number a counter card shows, by its label. */
function counter(panel: Page, label: string) {
  return panel
    .locator('.mantine-Card-root')
    .filter({ has: panel.getByText(label, { exact: true }) })
    .locator('p')
    .last();
}

/**
 * A visitor's browser. Headless Chromium says "HeadlessChrome" in its user agent, which the
 * server rightly ignores as a bot; a visitor here presents the desktop Chrome it stands for.
 */
async function visitorPage() {
  const context = await browser.newContext({
    locale: 'fa-IR',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

function toast(panel: Page, text: string) {
  return panel.locator('.mantine-Notification-root').filter({ hasText: text });
}

async function closeToasts(panel: Page) {
  const toasts = panel.locator('.mantine-Notification-root');
  for (let open = await toasts.count(); open > 0; open = await toasts.count()) {
    await toasts.first().getByRole('button', { name: 'بستن' }).click();
    await expect.poll(() => toasts.count()).toBeLessThan(open);
  }
}

test('a visit on the customer’s site shows on the live panel at once, new then returning', async () => {
  const panel = await newPage(browser);
  const path = `/account/live?domain=${SITE_DOMAIN}`;
  await signIn(panel.page, server.url, path);
  const page = panel.page;
  await expect
    .poll(() => page.getByRole('status', { name: 'اتصال زنده: متصل' }).count(), {
      timeout: 15_000,
    })
    .toBe(1);
  await expect.poll(() => counter(page, 'همهٔ بازدیدکنندگان').textContent()).toBe(persianDigits(0));
  // A headless browser is a bot: its visit is refused and the panel hears nothing.
  const bot = await newPage(browser);
  await bot.page.goto(`${siteUrl}/`);
  await bot.page.waitForTimeout(1000);
  expect(await toast(page, 'کاربر جدید').count()).toBe(0);
  await bot.close();
  // The snippet to install names our server's script.
  await expect
    .poll(() => page.getByText(`${server.url}/live/tracker.js`).count())
    .toBeGreaterThan(0);

  // A first-time visitor opens the customer's site in another browser context.
  const visitor = await visitorPage();
  await visitor.page.goto(`${siteUrl}/`);
  await expect.poll(() => toast(page, 'کاربر جدید').count(), { timeout: 10_000 }).toBe(1);
  await expect.poll(() => counter(page, 'همهٔ بازدیدکنندگان').textContent()).toBe(persianDigits(1));
  expect(await counter(page, 'بازدیدکنندگان امروز').textContent()).toBe(persianDigits(1));
  expect(await counter(page, 'بازدیدکنندگان جدید امروز').textContent()).toBe(persianDigits(1));
  expect(await counter(page, 'آنلاین').textContent()).toBe(persianDigits(1));
  await closeToasts(page);

  // The same visitor moves within the single-page site: a revisit, not a new visitor.
  await visitor.page.click('#products');
  await expect.poll(() => toast(page, 'بازدید دوباره').count(), { timeout: 10_000 }).toBe(1);
  expect(await counter(page, 'همهٔ بازدیدکنندگان').textContent()).toBe(persianDigits(1));
  await closeToasts(page);

  // Another person, in a browser of their own, is a new visitor; two pages are open now.
  const second = await visitorPage();
  await second.page.goto(`${siteUrl}/`);
  await expect.poll(() => toast(page, 'کاربر جدید').count(), { timeout: 10_000 }).toBe(1);
  await expect.poll(() => counter(page, 'همهٔ بازدیدکنندگان').textContent()).toBe(persianDigits(2));
  expect(await counter(page, 'آنلاین').textContent()).toBe(persianDigits(2));

  // The feed lists the pages visited, newest first.
  await expect
    .poll(() => page.getByText('/products', { exact: true }).count(), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await screenshotBoth(page, 'live-panel-test-domain');

  await second.close();
  await visitor.close();
  await panel.close();
});

test('the demo customer’s site shows its seeded history: counters, chart and feed', async () => {
  const panel = await newPage(browser);
  await signIn(panel.page, server.url, '/account/live?domain=sara-gallery.ir');
  const page = panel.page;
  await expect
    .poll(() => page.getByRole('status', { name: 'اتصال زنده: متصل' }).count(), {
      timeout: 15_000,
    })
    .toBe(1);
  const all = await counter(page, 'همهٔ بازدیدکنندگان').textContent();
  expect(all).toMatch(/^[۰-۹٬]+$/);
  expect(all).not.toBe(persianDigits(0));
  await expect.poll(() => page.getByText('/gallery/autumn').count()).toBeGreaterThan(0);
  await screenshotBoth(page, 'live-panel-demo');
  await panel.close();
});
