import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { viewports } from './browser';
import {
  callApi,
  demoToken,
  emptyDemoCart,
  newPage,
  persianDigits,
  screenshotBoth,
  signIn,
  tomanText,
} from './flows';
import { useInProcessServerAndBrowser } from './harness';

// A hosting plan and its domain in one order (issue 38), as the demo customer does it on a
// phone: the cart offers, under a plan made on a name, to register that name when it is free or
// transfer it when it is taken, or to leave it where it is; the order pays for both, the job
// queue registers the name and makes the hosting account on it. The server runs in this process
// with its job workers on, as `npm start` does.

const h = useInProcessServerAndBrowser();

/** The plan bought: Linux hosting, which is made on a domain. */
const HOSTING_SLUG = 'host-linux-5g';
/** How long the job queue may take to register a paid name (its workers poll every 2 s). */
const REGISTRATION_TIMEOUT_MS = 40_000;
/** Sign-in, the cart and its offer, the wallet's payment, then the domain's and plan's pages. */
const FLOW_TIMEOUT_MS = 240_000;

interface SearchAnswer {
  results: Array<{
    tld: string;
    availability: string;
    years: number[];
    registerPrice: number;
    transferPrice: number;
  }>;
}

interface CartAnswer {
  lines: Array<{ id: string; domainName: string | null; domain: { action: string } | null }>;
  totalRial: number;
}

const api = <T>(path: string, input: unknown, token?: string) =>
  callApi<T>(h.server.url, path, input, token);

/** The demo customer's cart emptied, then the hosting plan in it made on `domainName`. */
async function cartWithHostingOn(token: string, ...domainNames: string[]): Promise<string> {
  await emptyDemoCart(h.server.url, token);
  const product = await api<{ id: string; name: string }>('/api/store/get-product', {
    slug: HOSTING_SLUG,
  });
  for (const domainName of domainNames) {
    await api(
      '/api/cart/add-to-cart',
      { productId: product.id, cycle: 'monthly', domainName },
      token,
    );
  }
  return product.name;
}

/** The registry's answer for a whole name, as the search gives it. */
async function searchRow(name: string) {
  const { results } = await api<SearchAnswer>('/api/store/search-domains', { q: name });
  const row = results[0];
  if (!row) throw new Error(`the search has no answer for ${name}`);
  return row;
}

function cartLines(page: Page) {
  return page.getByRole('list', { name: 'ردیف‌های سبد' });
}

/** The offer under the plan made on `domain`. */
function offerFor(page: Page, domain: string) {
  return cartLines(page).getByRole('group', { name: `دامنهٔ ${domain}` });
}

describe('a hosting plan and its domain in one order', () => {
  test(
    'the demo customer on a phone registers the free name her hosting plan is made on from the cart’s offer, pays both from her wallet, and finds the domain active and the hosting on it',
    async () => {
      const token = await demoToken(h.server.url);
      const domain = `e2e-hosting-${Date.now().toString(36)}.com`;
      const planName = await cartWithHostingOn(token, domain);
      const com = await searchRow(domain);
      expect(com).toMatchObject({ tld: 'com', availability: 'available' });
      const firstTerm = com.years[0] ?? 1;

      const { page, close } = await newPage(h.browser, viewports.phone);
      try {
        await signIn(page, h.server.url, '/cart');
        const plan = cartLines(page).getByRole('listitem', { name: planName });
        await plan.getByText(domain).waitFor();
        const offer = offerFor(page, domain);
        await offer.getByText('این دامنه آزاد است؛ ثبتش کنید').waitFor();
        // The TLD's first term, at its price before VAT, as the cart's lines show theirs.
        await offer
          .getByText(
            `ثبت ${persianDigits(firstTerm)} ساله: ${tomanText(com.registerPrice * firstTerm)}`,
          )
          .waitFor();
        expect(
          await offer.getByRole('button', { name: 'از آنِ من است؛ انتقالش دهید' }).count(),
        ).toBe(0);
        await screenshotBoth(page, 'domain-hosting-cart-offer');

        await offer.getByRole('button', { name: 'ثبت دامنه' }).click();
        const domainLine = cartLines(page).getByRole('listitem', { name: domain });
        await domainLine
          .getByText(`ثبت دامنه برای ${persianDigits(firstTerm)} سال`)
          .first()
          .waitFor();
        // Bought in the same order now: the offer has gone, the plan stays made on the name.
        await offer.waitFor({ state: 'detached' });
        await plan.getByText(domain).waitFor();
        const cart = await api<CartAnswer>('/api/cart/get-cart', {}, token);
        expect(cart.lines.map((line) => [line.domainName, line.domain?.action ?? null])).toEqual(
          expect.arrayContaining([
            [domain, null],
            [domain, 'register'],
          ]),
        );
        expect(cart.lines).toHaveLength(2);
        await page.getByTestId('cart-total').getByText(tomanText(cart.totalRial)).waitFor();
        // Her holder is on file: the cart asks for nothing more.
        const holder = page.getByRole('region', { name: 'مشخصات دارندهٔ دامنه' });
        await holder.getByText('Sara Mohammadi').waitFor();
        await screenshotBoth(page, 'domain-hosting-cart-registered');

        const { balanceRial } = await api<{ balanceRial: number }>(
          '/api/user/account/get-user-account-info',
          {},
          token,
        );
        expect(balanceRial).toBeGreaterThanOrEqual(cart.totalRial);
        await page.getByRole('switch', { name: 'پرداخت از اعتبار کیف پول' }).check({ force: true });
        await page.getByRole('button', { name: 'ثبت سفارش و پرداخت از کیف پول' }).click();
        await page.waitForURL(/\/account\/orders\/[0-9a-f-]{36}$/);
        await page.getByText('پرداخت‌شده').first().waitFor();
        const orderId = new URL(page.url()).pathname.split('/').pop();
        const order = await api<{
          status: string;
          lines: Array<{ domainName: string | null }>;
        }>('/api/user/orders/order-get-detail', { orderId }, token);
        expect(order.status).toBe('paid');
        expect(order.lines.map((line) => line.domainName)).toEqual([domain, domain]);

        // The registry has the name, by the job queue in the background.
        await page
          .locator('nav[aria-label="منوی پنل کاربری"] a[href="/account/domains"]:visible')
          .first()
          .click();
        await page.waitForURL(`${h.server.url}/account/domains`);
        await page
          .getByRole('list', { name: 'فهرست دامنه‌ها' })
          .getByRole('listitem', { name: domain })
          .getByText('فعال', { exact: true })
          .waitFor({ timeout: REGISTRATION_TIMEOUT_MS });
        await screenshotBoth(page, 'domain-hosting-domains');

        // And the hosting account is made on it.
        await page
          .locator('nav[aria-label="منوی پنل کاربری"] a[href="/account/services"]:visible')
          .first()
          .click();
        await page.waitForURL(`${h.server.url}/account/services`);
        const service = page
          .getByRole('list', { name: 'فهرست سرویس‌ها' })
          .getByRole('listitem')
          .filter({ hasText: domain });
        await service.getByText(planName).first().waitFor();
        await service
          .getByText('فعال', { exact: true })
          .first()
          .waitFor({ timeout: REGISTRATION_TIMEOUT_MS });
        await screenshotBoth(page, 'domain-hosting-services');
      } finally {
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  test(
    'a plan made on a taken name is offered its transfer at the transfer price, or to keep it where it is, which holds for the session; a name whose TLD is not sold is offered nothing',
    async () => {
      const token = await demoToken(h.server.url);
      // vitrin.com is in the sandbox registry's book, held by another registrar.
      const taken = 'vitrin.com';
      const notSold = `e2e-hosting-${Date.now().toString(36)}.xyz`;
      const planName = await cartWithHostingOn(token, taken, notSold);
      const com = await searchRow(taken);
      expect(com.availability).toBe('taken');

      const { page, close } = await newPage(h.browser, viewports.phone);
      try {
        const notSoldAsked = page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/store/search-domains') &&
            response.request().postData()?.includes(notSold) === true,
        );
        await signIn(page, h.server.url, '/cart');
        const offer = offerFor(page, taken);
        await offer.getByText('این دامنه ثبت شده است').waitFor();
        await offer.getByText(`انتقال به ویترین: ${tomanText(com.transferPrice)}`).waitFor();
        await offer.getByRole('button', { name: 'از آنِ من است؛ انتقالش دهید' }).waitFor();
        // The search refuses a TLD not sold here: that plan's line says nothing of it.
        expect((await notSoldAsked).status()).toBe(400);
        const notSoldPlan = cartLines(page)
          .getByRole('listitem', { name: planName })
          .filter({ hasText: notSold });
        await notSoldPlan.waitFor();
        expect(await offerFor(page, notSold).count()).toBe(0);
        expect(await cartLines(page).getByRole('alert').count()).toBe(0);
        await screenshotBoth(page, 'domain-hosting-cart-taken');

        await offer.getByRole('button', { name: 'از آنِ من است و جای دیگری می‌ماند' }).click();
        await offer.waitFor({ state: 'detached' });
        // The plan keeps the name as it is; nothing is added.
        const cart = await api<CartAnswer>('/api/cart/get-cart', {}, token);
        expect(cart.lines.map((line) => line.domainName).sort()).toEqual([notSold, taken].sort());
        expect(cart.lines.every((line) => line.domain === null)).toBe(true);
        // Remembered for the session: not back after a reload.
        await page.reload();
        await cartLines(page).getByRole('listitem', { name: planName }).first().waitFor();
        await cartLines(page).getByText(taken).waitFor();
        await page.waitForTimeout(1_000);
        expect(await offerFor(page, taken).count()).toBe(0);
      } finally {
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
