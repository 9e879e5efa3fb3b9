import { describe, expect, test } from 'vitest';
import { checkAs, panelPages, printCovered, settled, waitForContent } from './axe';
import { saveScreenshot, viewports } from './browser';
import { CUSTOMER, newPage, restingBox, screenshotBoth, signIn } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// Issue 22 (axe.ts): the customer panel, and reaching and seeing things without a mouse: the
// panel's tab bar by keyboard on a phone, the toasts where they show.

// In this process, as panel.test.ts runs it: nothing outside the test can stop it mid-run.
const h = useInProcessServerAndBrowser();

describe('accessibility (axe-core, both widths): the customer panel', () => {
  test('the customer panel has no violations', async () => {
    await checkAs(h.server, h.browser, 'customer', panelPages, CUSTOMER);
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
        // The focus ring has eased in.
        await settled(page);
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
    printCovered();
  });
});
