import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { checkAs } from './axe';
import { viewports } from './browser';
import { CUSTOMER, callApi, demoToken, newPage, screenshotBoth, signIn } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// A domain's child nameservers with their glue (issue 38, RFC 5732) on the customer's domain
// page, as the demo customer does it on a phone: her seeded ns1.sara-blog.com listed with its
// addresses, a new one refused on its field for a private address, then made with two, changed,
// and deleted after a confirmation; the sandbox registry answers each before the page says so.

const h = useInProcessServerAndBrowser();

/** Sign-in, the page, and four registry round trips, each waited for. */
const FLOW_TIMEOUT_MS = 180_000;

interface Detail {
  hosts: Array<{ name: string; addresses: string[] }>;
}

function hostsCard(page: Page) {
  return page.getByRole('region', { name: 'نام‌سرورهای اختصاصی (رکورد Glue)' });
}

describe('child nameservers on the domain page', () => {
  test(
    'the demo customer sees ns1.sara-blog.com with its glue, is told on the field that a private address cannot be glue, makes ns2 with an IPv4 and an IPv6 address, changes it, and deletes it after confirming',
    async () => {
      const token = await demoToken(h.server.url);
      const { domains } = await callApi<{ domains: Array<{ id: string; name: string }> }>(
        h.server.url,
        '/api/user/domains/get-domains',
        {},
        token,
      );
      const blog = domains.find((domain) => domain.name === 'sara-blog.com');
      if (!blog) throw new Error('the demo has sara-blog.com');
      const hostsNow = async () =>
        (
          await callApi<Detail>(
            h.server.url,
            '/api/user/domains/get-domain',
            { id: blog.id },
            token,
          )
        ).hosts;

      const { page, close } = await newPage(h.browser, viewports.phone);
      try {
        await signIn(page, h.server.url, `/account/domains/${blog.id}`, CUSTOMER);
        await page.getByRole('heading', { name: 'sara-blog.com', level: 1 }).waitFor();
        const card = hostsCard(page);
        const seeded = card.getByRole('listitem', { name: 'ns1.sara-blog.com' });
        await seeded.getByText('203.0.113.10', { exact: true }).waitFor();
        await seeded.getByText('2001:db8:10::10', { exact: true }).waitFor();
        // Not among the domain's nameservers: it can be deleted.
        expect(await seeded.getByText('نام‌سرور این دامنه').count()).toBe(0);
        await card.scrollIntoViewIfNeeded();
        await screenshotBoth(page, 'domain-glue-list');

        await card.getByRole('button', { name: 'نام‌سرور اختصاصی تازه' }).click();
        const dialog = page.getByRole('dialog', { name: 'نام‌سرور اختصاصی تازه' });
        await dialog.getByLabel('نام نام‌سرور').fill('ns2');
        await dialog.getByText('ns2.sara-blog.com', { exact: true }).waitFor();
        await dialog.getByLabel('نشانی ۱').fill('192.168.1.20');
        await dialog.getByRole('button', { name: 'ذخیره در ثبت‌کننده' }).click();
        await dialog.getByText(/خصوصی یا رزروشده است/).waitFor();
        expect(await dialog.getByLabel('نشانی ۱').getAttribute('aria-invalid')).toBe('true');
        expect(await hostsNow()).toHaveLength(1);
        await screenshotBoth(page, 'domain-glue-refused');

        await dialog.getByLabel('نشانی ۱').fill('203.0.113.11');
        await dialog.getByRole('button', { name: 'نشانی دیگر' }).click();
        await dialog.getByLabel('نشانی ۲').fill('2001:DB8:10:0:0:0:0:11');
        await dialog.getByRole('button', { name: 'ذخیره در ثبت‌کننده' }).click();
        await dialog.waitFor({ state: 'detached' });
        const made = card.getByRole('listitem', { name: 'ns2.sara-blog.com' });
        // Shown as the server keeps it: the IPv6 address in its short form.
        await made.getByText('2001:db8:10::11', { exact: true }).waitFor();
        expect(await hostsNow()).toEqual([
          { name: 'ns1.sara-blog.com', addresses: ['203.0.113.10', '2001:db8:10::10'] },
          { name: 'ns2.sara-blog.com', addresses: ['203.0.113.11', '2001:db8:10::11'] },
        ]);
        await page
          .getByRole('region', { name: 'رویدادهای دامنه' })
          .getByText('نام‌سرور اختصاصی ns2.sara-blog.com با ۲ نشانی IP در ثبت‌کننده ساخته شد')
          .waitFor();
        await screenshotBoth(page, 'domain-glue-made');

        await made.getByRole('button', { name: 'ویرایش نشانی‌ها' }).click();
        const edit = page.getByRole('dialog', { name: 'نشانی‌های نام‌سرور اختصاصی' });
        expect(await edit.getByLabel('نام نام‌سرور').isDisabled()).toBe(true);
        await edit.getByLabel('نشانی ۲').fill('');
        await edit.getByLabel('نشانی ۱').fill('203.0.113.12');
        await edit.getByRole('button', { name: 'ذخیره در ثبت‌کننده' }).click();
        await edit.waitFor({ state: 'detached' });
        await made.getByText('203.0.113.12', { exact: true }).waitFor();
        expect((await hostsNow())[1]).toEqual({
          name: 'ns2.sara-blog.com',
          addresses: ['203.0.113.12'],
        });

        await made.getByRole('button', { name: 'حذف' }).click();
        const confirm = page.getByRole('dialog', { name: 'حذف نام‌سرور اختصاصی' });
        await confirm.getByText('ns2.sara-blog.com', { exact: true }).waitFor();
        await screenshotBoth(page, 'domain-glue-delete');
        await confirm.getByRole('button', { name: 'حذف نام‌سرور' }).click();
        await confirm.waitFor({ state: 'detached' });
        await made.waitFor({ state: 'detached' });
        expect((await hostsNow()).map((host) => host.name)).toEqual(['ns1.sara-blog.com']);
      } finally {
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  test(
    'the domain page with its child nameservers passes axe at phone and desktop widths',
    async () => {
      const token = await demoToken(h.server.url);
      const { domains } = await callApi<{ domains: Array<{ id: string; name: string }> }>(
        h.server.url,
        '/api/user/domains/get-domains',
        {},
        token,
      );
      const blog = domains.find((domain) => domain.name === 'sara-blog.com');
      if (!blog) throw new Error('the demo has sara-blog.com');
      await checkAs(
        h.server,
        h.browser,
        'customer',
        [{ name: 'a domain with a child nameserver', path: `/account/domains/${blog.id}` }],
        CUSTOMER,
      );
    },
    FLOW_TIMEOUT_MS,
  );
});
