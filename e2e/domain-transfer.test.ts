import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { viewports } from './browser';
import { CUSTOMER, callApi, demoToken, newPage, screenshotBoth, signIn } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// The registrar lock and the transfer code on the customer's domain page (issue 38): the lock
// changed at the registry, the gTLD code shown only after the owner's password, and a .ir name
// told how it moves instead.

const h = useInProcessServerAndBrowser();

const FLOW_TIMEOUT_MS = 180_000;

function transferCard(page: Page) {
  return page.getByRole('region', { name: 'انتقال به ثبت‌کنندهٔ دیگر' });
}

describe('the registrar lock and the transfer code', () => {
  test(
    'the demo customer locks sara-blog.com at the registry, is refused its code with a wrong password, reads it with hers, and sees sara-photos.ir moves by IRNIC’s PIN',
    async () => {
      const token = await demoToken(h.server.url);
      const { domains } = await callApi<{ domains: Array<{ id: string; name: string }> }>(
        h.server.url,
        '/api/user/domains/get-domains',
        {},
        token,
      );
      const blog = domains.find((domain) => domain.name === 'sara-blog.com');
      const photos = domains.find((domain) => domain.name === 'sara-photos.ir');
      if (!blog || !photos) throw new Error('the demo has sara-blog.com and sara-photos.ir');

      const { page, close } = await newPage(h.browser, viewports.phone);
      try {
        await signIn(page, h.server.url, `/account/domains/${blog.id}`, CUSTOMER);
        await page.getByRole('heading', { name: 'sara-blog.com', level: 1 }).waitFor();
        const card = transferCard(page);
        const lock = card.getByRole('switch', { name: 'قفل انتقال' });
        expect(await lock.isChecked()).toBe(false);
        await lock.click({ force: true });
        await page.getByText('قفل انتقال بسته شد').first().waitFor();
        await card.getByText('بسته: انتقال به جای دیگر ممکن نیست').waitFor();
        const after = await callApi<{ locked: boolean }>(
          h.server.url,
          '/api/user/domains/get-domain',
          { id: blog.id },
          token,
        );
        expect(after.locked).toBe(true);

        await card.getByLabel('گذرواژهٔ حساب ویترین').fill('not-her-password');
        await card.getByRole('button', { name: 'نمایش کد انتقال' }).click();
        await card.getByRole('alert').waitFor();
        await card.getByLabel('گذرواژهٔ حساب ویترین').fill(CUSTOMER.password);
        await card.getByRole('button', { name: 'نمایش کد انتقال' }).click();
        await card.getByText('demo-com-Code#1').waitFor();
        await screenshotBoth(page, 'domain-transfer-code');

        await page.goto(`${h.server.url}/account/domains/${photos.id}`);
        await page.getByRole('heading', { name: 'sara-photos.ir', level: 1 }).waitFor();
        const irCard = transferCard(page);
        await irCard
          .getByText('دامنه‌های ایرانی با PIN ایرنیک جابه‌جا می‌شوند', { exact: false })
          .waitFor();
        expect(await irCard.getByRole('button', { name: 'نمایش کد انتقال' }).count()).toBe(0);
        await screenshotBoth(page, 'domain-transfer-ir');
      } finally {
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
