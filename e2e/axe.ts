import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { viewports } from './browser';
import { type Account, newPage, signIn } from './flows';

// Issue 22, shared by the accessibility-*.test.ts files: axe-core finds nothing on any page of
// the site, the customer panel and the staff console, at phone and desktop widths, signed out
// and signed in. The pages are split over several files (each with its own server and Chromium)
// so that the browser suite can run them side by side; each list keeps the pages its links come
// from.

/** A page to check: an address, or the first link on an earlier page (named) whose path matches. */
export type PageToCheck =
  | { name: string; path: string }
  | { name: string; linkOn: string; link: RegExp };

export const publicPages: readonly PageToCheck[] = [
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

export const panelPages: readonly PageToCheck[] = [
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

/** The staff console's customer side: orders, customers and their services, tickets, errors. */
export const consoleCustomerPages: readonly PageToCheck[] = [
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
  { name: 'provisioning', path: '/admin/provisioning' },
  {
    name: 'provisioning service',
    linkOn: 'console customer',
    link: /^\/admin\/provisioning\/services\/[^/?]+$/,
  },
  { name: 'provisioning servers', path: '/admin/provisioning/servers' },
  { name: 'provisioning products', path: '/admin/provisioning/products' },
  { name: 'waiting work', path: '/admin/work' },
  { name: 'client errors', path: '/admin/errors?days=30' },
  {
    name: 'client error',
    linkOn: 'client errors',
    link: /^\/admin\/errors\/[0-9a-f]{32}$/,
  },
  { name: 'audit', path: '/admin/audit' },
];

/** The staff console's shop side: catalog, articles, discounts, billing. */
export const consoleShopPages: readonly PageToCheck[] = [
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
];

interface Finding {
  account: string;
  page: string;
  width: string;
  rule: string;
  impact: string;
  targets: string;
}

/** The pages a file checked, for its last test to print. */
export const covered: Array<{ account: string; page: string; path: string }> = [];

/** Waits for the page's content: no loader or skeleton left, its heading on screen, fonts in. */
export async function waitForContent(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const loading = page.locator(
    '.mantine-Skeleton-root[data-visible], [role="status"][aria-label="در حال بارگذاری"]',
  );
  await expect.poll(() => loading.count(), { timeout: 15_000 }).toBe(0);
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Waits until the page has settled after a change (a new viewport, a key press): two frames
 * drawn, and no transition or other finite animation still running (the tab bar's fades, a
 * focus ring easing in). Endless ones, such as a spinner's, do not hold it up.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const still = () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          );
      // Still after two frames, and again two frames later: a change the first frames set off
      // (a scroll event's re-render starting a fade) has had its turn.
      for (let check = 0; check < 2; check++) {
        await frame();
        await frame();
        if (!still()) return false;
      }
      return true;
    },
    undefined,
    { polling: 50 },
  );
}

/** Visits each page, checks it at both widths, and returns what axe found. */
async function checkPages(
  page: Page,
  baseUrl: string,
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
    await page.goto(baseUrl + path);
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
      // Layout settles (the tab bar scrolls to the current section, its fades ease in) before
      // axe reads it.
      await settled(page);
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

/**
 * Checks `pages` in one browser context, signed in as `signInAs` first if given; fails on any
 * violation, and on any error the pages throw or log.
 */
export async function checkAs(
  server: { url: string },
  browser: Browser,
  account: string,
  pages: readonly PageToCheck[],
  signInAs?: Account,
): Promise<void> {
  const { page, close } = await newPage(browser);
  // An error the page throws or logs fails the check too: React's hydration mismatch (#418) was
  // once only logged here while every page passed.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`${page.url()}: ${message.text()}`);
  });
  try {
    if (signInAs) await signIn(page, server.url, '/account', signInAs);
    const findings = await checkPages(page, server.url, account, pages);
    expect(findings, report(findings)).toEqual([]);
    expect(pageErrors).toEqual([]);
  } finally {
    await close();
  }
}

/** For the last test of each file: what axe checked. */
export function printCovered(): void {
  console.log(`axe checked ${covered.length} pages, each at phone and desktop width:`);
  console.table(covered);
}
