import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { grantCredit } from '../apps/server/src/modules/orders/checkout-test-kit';
import { users } from '../apps/server/src/schema';
import { saveScreenshot, viewports } from './browser';
import {
  CUSTOMER,
  callApi,
  demoToken,
  emptyDemoCart,
  newPage,
  screenshotBoth,
  signIn,
  tomanText,
} from './flows';
import { useInProcessServerAndBrowser } from './harness';

// A domain brought back from redemption from the panel, and a transfer in called off (issue
// 38): سارا's demo `sara-studio.net` lapsed into redemption, her `sara-old.ir` transfer waits
// for the losing side at the sandbox registry.

const h = useInProcessServerAndBrowser();

const FLOW_TIMEOUT_MS = 240_000;
/** The restore and renewal run in the server's job worker: seconds, on a busy machine more. */
const JOB_TIMEOUT_MS = 40_000;
/** The demo's .net prices (seed-domains.ts), in Rial before VAT. */
const NET_RESTORE = 150_000_000;
const NET_RENEW = 22_000_000;

interface DomainRow {
  id: string;
  name: string;
  status: string;
  expiresAt: string | null;
}

async function domainNamed(token: string, name: string): Promise<DomainRow> {
  const { domains } = await callApi<{ domains: DomainRow[] }>(
    h.server.url,
    '/api/user/domains/get-domains',
    {},
    token,
  );
  const found = domains.find((domain) => domain.name === name);
  if (!found) throw new Error(`the demo has ${name}`);
  return found;
}

/** Also at 1280 px wide, the desktop width a laptop shows. */
async function screenshotLaptop(page: Page, name: string) {
  const original = page.viewportSize() ?? viewports.desktop;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(150);
  await saveScreenshot(page, `${name}-laptop`);
  await page.setViewportSize(original);
}

describe('a domain in redemption and a transfer in, from the panel', () => {
  test(
    'the demo customer restores sara-studio.net: the fee and the renewal, the cart line, paid from her wallet, then active to its new expiry',
    async () => {
      const token = await demoToken(h.server.url);
      await emptyDemoCart(h.server.url, token);
      const lapsed = await domainNamed(token, 'sara-studio.net');
      expect(lapsed.status).toBe('redemption');
      // Enough in her wallet for a .net restore and two years.
      const [sara] = await h.server.app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.mobile, '+989121234567'));
      await grantCredit(h.server.app.db, sara?.id ?? '', 250_000_000);

      const { page, close } = await newPage(h.browser, viewports.phone);
      try {
        await signIn(page, h.server.url, `/account/domains/${lapsed.id}`, CUSTOMER);
        await page.getByRole('heading', { name: 'sara-studio.net', level: 1 }).waitFor();
        const offer = page.getByRole('region', { name: 'بازگردانی از دورهٔ بازخرید' });
        await offer.getByText(tomanText(NET_RESTORE)).waitFor();
        await offer.getByLabel('مدت تمدید پس از بازگردانی').selectOption('2');
        await offer.getByText('تمدید ۲ ساله').waitFor();
        await offer.getByText(tomanText(2 * NET_RENEW)).waitFor();
        await offer.getByText(tomanText(NET_RESTORE + 2 * NET_RENEW)).waitFor();
        // A renewal alone is not offered for a name in redemption.
        expect(await page.getByRole('region', { name: 'تمدید' }).count()).toBe(0);
        await screenshotBoth(page, 'domain-restore-offer');
        await screenshotLaptop(page, 'domain-restore-offer');

        await offer.getByRole('button', { name: 'افزودن بازگردانی به سبد' }).click();
        await offer.getByText('به سبد خرید اضافه شد').waitFor();
        await screenshotBoth(page, 'domain-restore-added');
        await offer.getByRole('link', { name: 'پرداخت در سبد خرید' }).click();
        await page.waitForURL(`${h.server.url}/cart`);
        const line = page
          .getByRole('list', { name: 'ردیف‌های سبد' })
          .getByRole('listitem', { name: 'sara-studio.net' });
        await line.getByText('بازگردانی دامنه و تمدید ۲ ساله').first().waitFor();
        await screenshotBoth(page, 'domain-restore-cart');
        await screenshotLaptop(page, 'domain-restore-cart');

        await page.getByRole('switch', { name: 'پرداخت از اعتبار کیف پول' }).check({ force: true });
        await page.getByRole('button', { name: 'ثبت سفارش و پرداخت از کیف پول' }).click();
        await page.waitForURL(/\/account\/orders\/[0-9a-f-]{36}$/);
        await page.getByText('پرداخت‌شده').first().waitFor();

        await expect
          .poll(async () => (await domainNamed(token, 'sara-studio.net')).status, {
            timeout: JOB_TIMEOUT_MS,
          })
          .toBe('active');
        const restored = await domainNamed(token, 'sara-studio.net');
        const renewedTo = new Date(lapsed.expiresAt ?? '');
        renewedTo.setUTCFullYear(renewedTo.getUTCFullYear() + 2);
        expect(restored.expiresAt).toBe(renewedTo.toISOString());

        await page.goto(`${h.server.url}/account/domains/${lapsed.id}`);
        await page.getByRole('heading', { name: 'sara-studio.net', level: 1 }).waitFor();
        await page.getByText('دامنه از دورهٔ بازخرید بازگردانده و ۲ سال تمدید شد').waitFor();
        expect(await offer.count()).toBe(0);
        await page.getByRole('region', { name: 'تمدید' }).waitFor();
        await screenshotBoth(page, 'domain-restore-done');
      } finally {
        await close();
        await emptyDemoCart(h.server.url, token);
      }
    },
    FLOW_TIMEOUT_MS,
  );

  test(
    'the demo customer calls off the sara-old.ir transfer after confirming, and the registry drops the request',
    async () => {
      const token = await demoToken(h.server.url);
      const moving = await domainNamed(token, 'sara-old.ir');
      expect(moving.status).toBe('pending-approval');
      const { page, close } = await newPage(h.browser, viewports.phone);
      try {
        await signIn(page, h.server.url, `/account/domains/${moving.id}`, CUSTOMER);
        await page.getByRole('heading', { name: 'sara-old.ir', level: 1 }).waitFor();
        const card = page.getByRole('region', { name: 'لغو انتقال' });
        await card.getByText('درخواست انتقال در ثبت‌کننده است', { exact: false }).waitFor();
        await screenshotBoth(page, 'domain-transfer-cancel');
        await screenshotLaptop(page, 'domain-transfer-cancel');

        await card.getByRole('button', { name: 'لغو انتقال' }).click();
        const dialog = page.getByRole('dialog', { name: 'لغو انتقال دامنه' });
        await dialog.getByText('نزد ثبت‌کنندهٔ فعلی‌اش می‌ماند', { exact: false }).waitFor();
        await saveScreenshot(page, 'domain-transfer-cancel-confirm-phone');
        // Changing one's mind closes it and changes nothing.
        await dialog.getByRole('button', { name: 'انصراف' }).click();
        await dialog.waitFor({ state: 'hidden' });
        expect((await domainNamed(token, 'sara-old.ir')).status).toBe('pending-approval');

        await card.getByRole('button', { name: 'لغو انتقال' }).click();
        await dialog.getByRole('button', { name: 'بله، انتقال لغو شود' }).click();
        await page.getByText('انتقال دامنه لغو شد').first().waitFor();
        await page.getByText('لغوشده').first().waitFor();
        expect(await card.count()).toBe(0);
        expect((await domainNamed(token, 'sara-old.ir')).status).toBe('cancelled');
        await page.getByText('انتقال دامنه به درخواست مشتری لغو شد').waitFor();
        await screenshotBoth(page, 'domain-transfer-cancelled');
      } finally {
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
