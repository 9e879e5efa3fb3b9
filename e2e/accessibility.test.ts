import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { saveScreenshot, viewports } from './browser';
import {
  type Account,
  ADMIN,
  CUSTOMER,
  newPage,
  restingBox,
  screenshotBoth,
  signIn,
} from './flows';
import { useInProcessServerAndBrowser } from './harness';

// Issue 22: axe-core finds nothing on any page of the site, the customer panel and the staff
// console, at phone and desktop widths, signed out and signed in. One browser context per
// account; each page is opened once and checked at desktop width, then at phone width.

// In this process, as panel.test.ts runs it: nothing outside the test can stop it mid-run.
const h = useInProcessServerAndBrowser();

/** A page to check: an address, or the first link on an earlier page (named) whose path matches. */
type PageToCheck = { name: string; path: string } | { name: string; linkOn: string; link: RegExp };

const publicPages: readonly PageToCheck[] = [
  { name: 'home', path: '/' },
  { name: 'store', path: '/store' },
  { name: 'a product', linkOn: 'store', link: /^\/store\/[^/]+$/ },
  { name: 'a product’s themes', path: '/store/builder-business/themes' },
  { name: 'articles', path: '/articles' },
  { name: 'an article', linkOn: 'articles', link: /^\/articles\/[^/?]+$/ },
  { name: 'an article with a wide table', path: '/articles/shared-vs-vps-hosting' },
  { name: 'cart', path: '/cart' },
  { name: 'sign-in', path: '/sign-in' },
  { name: 'sign-up', path: '/sign-up' },
  { name: 'forgot password', path: '/forgot-password' },
  { name: 'download', path: '/download' },
  { name: 'not found', path: '/no-such-page' },
];

const panelPages: readonly PageToCheck[] = [
  { name: 'panel dashboard', path: '/account' },
  { name: 'profile', path: '/account/profile' },
  { name: 'services', path: '/account/services' },
  { name: 'a service', linkOn: 'services', link: /^\/account\/services\/[^/]+$/ },
  { name: 'live', path: '/account/live' },
  { name: 'orders', path: '/account/orders' },
  { name: 'an order', linkOn: 'orders', link: /^\/account\/orders\/[^/]+$/ },
  { name: 'documents', path: '/account/documents' },
  { name: 'a document', linkOn: 'documents', link: /^\/account\/documents\/[^/]+$/ },
  { name: 'discounts', path: '/account/discounts' },
  { name: 'credit', path: '/account/credit' },
  { name: 'tickets', path: '/account/tickets' },
  { name: 'new ticket', path: '/account/tickets/new' },
  { name: 'a ticket', linkOn: 'tickets', link: /^\/account\/tickets\/(?!new$)[^/]+$/ },
];

const consolePages: readonly PageToCheck[] = [
  { name: 'console dashboard', path: '/admin' },
  { name: 'console orders', path: '/admin/orders' },
  { name: 'console order', linkOn: 'console orders', link: /^\/admin\/orders\/[^/?]+$/ },
  // Searched for the demo customer, whose file lists services (the provisioning link below).
  { name: 'console customers', path: '/admin/customers?q=09121234567' },
  { name: 'console customer', linkOn: 'console customers', link: /^\/admin\/customers\/[^/?]+$/ },
  { name: 'console tickets', path: '/admin/tickets' },
  {
    name: 'console ticket',
    linkOn: 'console tickets',
    link: /^\/admin\/tickets\/(?!canned$)[^/?]+$/,
  },
  { name: 'canned replies', path: '/admin/tickets/canned' },
  { name: 'catalog products', path: '/admin/catalog' },
  {
    name: 'catalog product',
    linkOn: 'catalog products',
    link: /^\/admin\/catalog\/products\/(?!new$)[^/?]+$/,
  },
  { name: 'catalog new product', path: '/admin/catalog/products/new' },
  { name: 'catalog groups', path: '/admin/catalog/groups' },
  {
    name: 'catalog group',
    linkOn: 'catalog groups',
    link: /^\/admin\/catalog\/groups\/(?!new$)[^/?]+$/,
  },
  { name: 'catalog themes', path: '/admin/catalog/themes' },
  {
    name: 'catalog theme',
    linkOn: 'catalog themes',
    link: /^\/admin\/catalog\/themes\/(?!new$)[^/?]+$/,
  },
  { name: 'console articles', path: '/admin/articles' },
  {
    name: 'console article form',
    linkOn: 'console articles',
    link: /^\/admin\/articles\/(?!new$)[^/?]+$/,
  },
  { name: 'console discounts', path: '/admin/discounts' },
  {
    name: 'console discount',
    linkOn: 'console discounts',
    link: /^\/admin\/discounts\/(?!new$)[^/?]+$/,
  },
  { name: 'provisioning', path: '/admin/provisioning' },
  {
    name: 'provisioning service',
    linkOn: 'console customer',
    link: /^\/admin\/provisioning\/services\/[^/?]+$/,
  },
  { name: 'provisioning servers', path: '/admin/provisioning/servers' },
  { name: 'provisioning products', path: '/admin/provisioning/products' },
  { name: 'billing documents', path: '/admin/billing' },
  {
    name: 'billing document',
    linkOn: 'billing documents',
    link: /^\/admin\/billing\/documents\/[^/?]+$/,
  },
  { name: 'tax rates', path: '/admin/billing/tax-rates' },
  { name: 'seller', path: '/admin/billing/seller' },
  { name: 'transfers', path: '/admin/billing/transfers' },
  { name: 'payment settings', path: '/admin/billing/payments' },
  { name: 'sales report', path: '/admin/billing/report' },
  { name: 'client errors', path: '/admin/errors?days=30' },
  {
    name: 'client error',
    linkOn: 'client errors',
    link: /^\/admin\/errors\/[0-9a-f]{32}$/,
  },
  { name: 'audit', path: '/admin/audit' },
];

interface Finding {
  account: string;
  page: string;
  width: string;
  rule: string;
  impact: string;
  targets: string;
}

const covered: Array<{ account: string; page: string; path: string }> = [];

/** Waits for the page's content: no loader or skeleton left, its heading on screen, fonts in. */
async function waitForContent(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const loading = page.locator(
    '.mantine-Skeleton-root[data-visible], [role="status"][aria-label="در حال بارگذاری"]',
  );
  await expect.poll(() => loading.count(), { timeout: 15_000 }).toBe(0);
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
}

/** Visits each page, checks it at both widths, and returns what axe found. */
async function checkPages(
  page: Page,
  account: string,
  pages: readonly PageToCheck[],
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const linksOn = new Map<string, string[]>();
  for (const entry of pages) {
    let path: string;
    if ('path' in entry) {
      path = entry.path;
    } else {
      const found = linksOn.get(entry.linkOn)?.find((href) => entry.link.test(href));
      if (!found) {
        findings.push({
          account,
          page: entry.name,
          width: 'any',
          rule: `no link to it on ${entry.linkOn}`,
          impact: 'not checked',
          targets: '',
        });
        continue;
      }
      path = found;
    }
    await page.setViewportSize(viewports.desktop);
    await page.goto(h.server.url + path);
    await waitForContent(page);
    linksOn.set(
      entry.name,
      await page.$$eval('main a[href]', (anchors) =>
        anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
      ),
    );
    covered.push({ account, page: entry.name, path });
    for (const [width, viewport] of Object.entries(viewports)) {
      await page.setViewportSize(viewport);
      // Layout settles (the tab bar scrolls to the current section) before axe reads it.
      await page.waitForTimeout(100);
      const result = await new AxeBuilder({ page }).analyze();
      for (const violation of result.violations) {
        findings.push({
          account,
          page: `${entry.name} (${path})`,
          width,
          rule: violation.id,
          impact: violation.impact ?? 'unknown',
          targets: violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(' '))
            .join(' | '),
        });
      }
    }
  }
  return findings;
}

function report(findings: readonly Finding[]): string {
  return findings
    .map((f) => `${f.account} · ${f.page} · ${f.width} · ${f.rule} (${f.impact}): ${f.targets}`)
    .join('\n');
}

async function checkAs(account: string, pages: readonly PageToCheck[], signInAs?: Account) {
  const { page, close } = await newPage(h.browser);
  // An error the page throws or logs fails the check too: React's hydration mismatch (#418) was
  // once only logged here while every page passed.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`${page.url()}: ${message.text()}`);
  });
  try {
    if (signInAs) await signIn(page, h.server.url, '/account', signInAs);
    const findings = await checkPages(page, account, pages);
    expect(findings, report(findings)).toEqual([]);
    expect(pageErrors).toEqual([]);
  } finally {
    await close();
  }
}

describe('accessibility (axe-core, both widths)', () => {
  test('the public site signed out has no violations', async () => {
    await checkAs('signed out', publicPages);
  }, 300_000);

  test('the public site and the customer panel signed in have no violations', async () => {
    await checkAs('customer', [...publicPages, ...panelPages], CUSTOMER);
  }, 400_000);

  test('the staff console has no violations', async () => {
    await checkAs('admin', consolePages, ADMIN);
  }, 400_000);

  test('on a phone, Tab reaches every tab of the panel tab bar, each visibly outlined', async () => {
    const { page, close } = await newPage(h.browser, viewports.phone);
    try {
      await signIn(page, h.server.url, '/account', CUSTOMER);
      await waitForContent(page);
      const tabBar = page.locator('nav[aria-label="منوی پنل کاربری"]').filter({ visible: true });
      const tabs = tabBar.getByRole('link');
      const count = await tabs.count();
      expect(count).toBeGreaterThan(5);
      // From the top of the page, Tab until the focus enters the tab bar.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      for (let presses = 0; presses < 30; presses++) {
        await page.keyboard.press('Tab');
        if (await tabBar.evaluate((nav) => nav.contains(document.activeElement))) break;
      }
      for (let index = 0; index < count; index++) {
        const tab = tabs.nth(index);
        const name = (await tab.textContent()) ?? '';
        expect(await tab.evaluate((a) => a === document.activeElement), name).toBe(true);
        await page.waitForTimeout(150);
        const look = await tab.evaluate((a) => {
          const style = getComputedStyle(a);
          const box = a.getBoundingClientRect();
          return {
            outlined:
              (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) ||
              style.boxShadow !== 'none',
            inView: box.left >= 0 && box.right <= window.innerWidth,
          };
        });
        expect(look, name).toEqual({ outlined: true, inView: true });
        await page.keyboard.press('Tab');
      }
      // For a person to look at: the row's end fades, and an article's table in its box.
      await screenshotBoth(page, 'a11y-panel-tab-bar');
      await page.goto(`${h.server.url}/articles/shared-vs-vps-hosting`);
      await waitForContent(page);
      await page.locator('main [role="region"][tabindex="0"]').first().waitFor();
      await screenshotBoth(page, 'a11y-article-table');
    } finally {
      await close();
    }
  }, 120_000);

  test('a toast shows top-left under the header, in its landmark, and is gone once signed in', async () => {
    const { page, close } = await newPage(h.browser, viewports.phone);
    try {
      await page.goto(`${h.server.url}/sign-in?next=%2Faccount`);
      await page.getByLabel('شماره موبایل').fill(CUSTOMER.mobile);
      await page.getByRole('button', { name: 'ادامه' }).click();
      await page.getByLabel('رمز عبور').fill(CUSTOMER.password);
      // The first try never reaches the server: the page asks to try again, in a toast.
      await page.route('**/api/jwt/authenticate', (route) => route.abort(), { times: 1 });
      await page.getByRole('button', { name: 'ورود', exact: true }).click();
      const toasts = page.getByRole('region', { name: 'اعلان‌ها' }).getByRole('alert');
      await toasts.first().waitFor();
      const header = await page.locator('header').boundingBox();
      const toast = await toasts.first().boundingBox();
      expect(header && toast && toast.y >= header.y + header.height).toBe(true);
      // Top-left (spec §1): its left edge near the screen's left.
      expect(toast?.x ?? Number.POSITIVE_INFINITY).toBeLessThan(40);
      await saveScreenshot(page, 'a11y-toast-under-header-phone');
      await page.getByRole('button', { name: 'ورود', exact: true }).click();
      await page.waitForURL(`${h.server.url}/account`);
      // Well before the toast's own 5 s are up.
      await expect.poll(() => toasts.count(), { timeout: 1_500 }).toBe(0);
    } finally {
      await close();
    }
  }, 60_000);

  test('on a phone in the panel, a toast shows under the row of sections, not over it', async () => {
    const { page, close } = await newPage(h.browser, viewports.phone);
    try {
      await signIn(page, h.server.url, '/account', CUSTOMER);
      // Saving the profile unchanged: the success toast.
      await page.goto(`${h.server.url}/account/profile`);
      await page.getByRole('button', { name: 'ذخیرهٔ مشخصات' }).click();
      const tabs = page.locator('nav[data-section-tabs]');
      const toast = page.getByRole('alert').filter({ hasText: 'مشخصات ذخیره شد' });
      await toast.waitFor();
      const row = await tabs.boundingBox();
      const box = await restingBox(toast);
      expect(row && box && box.y >= row.y + row.height).toBe(true);
      await saveScreenshot(page, 'a11y-toast-under-panel-tabs-phone');
    } finally {
      await close();
    }
  }, 60_000);

  test('the pages covered', () => {
    console.log(`axe checked ${covered.length} pages, each at phone and desktop width:`);
    console.table(covered);
  });
});
