import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { viewports } from './browser';
import {
  CUSTOMER,
  callApi,
  demoToken,
  emptyDemoCart,
  newPage,
  screenshotBoth,
  signIn,
} from './flows';
import { useInProcessServerAndBrowser } from './harness';

// A domain's DNS records and its renewal on the customer's domain page (issue 38), as the demo
// customer does it on a phone: her hosting account's records labelled as such, records added and
// saved as a set, shown as the server keeps them, one the server refuses told on its row and
// field, and a renewal put in the cart. (e2e/domain-dns-powerdns.test.ts asks a real PowerDNS.)

const h = useInProcessServerAndBrowser();

/** Sign-in, the page, saves and the cart, each waited for. */
const FLOW_TIMEOUT_MS = 180_000;

interface DnsAnswer {
  onOurNameservers: boolean;
  server: string;
  nameservers: string[];
  records: Array<{ name: string; type: string; ttl: number; content: string }>;
}

const api = <T>(path: string, input: unknown, token?: string) =>
  callApi<T>(h.server.url, path, input, token);

/** Each record the editor shows, as [name, type, TTL, content]. */
function shownRecords(card: Locator) {
  return card
    .getByRole('group', { name: /^رکورد / })
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')].map(
          (box) => box.value,
        ),
      ),
    );
}

/** «افزودن رکورد», then the new (last) row filled in. */
async function addRecord(card: Locator, record: { name: string; type: string; content: string }) {
  await card.getByRole('button', { name: 'افزودن رکورد' }).click();
  const row = card.getByRole('group', { name: /^رکورد / }).last();
  await row.getByLabel('نام').fill(record.name);
  await row.getByLabel('نوع').selectOption(record.type);
  await row.getByLabel('مقدار').fill(record.content);
  return row;
}

/** sara-blog.com's hosting account on the demo's sandbox server, as the demo seed points it. */
const HOSTING = [
  ['@', 'A', '۳۶۰۰', '203.0.113.10'],
  ['@', 'AAAA', '۳۶۰۰', '2001:db8:10::10'],
  ['www', 'CNAME', '۳۶۰۰', 'sara-blog.com'],
  ['mail', 'A', '۳۶۰۰', '203.0.113.10'],
  ['mail', 'AAAA', '۳۶۰۰', '2001:db8:10::10'],
  ['@', 'MX', '۳۶۰۰', '10 mail.sara-blog.com'],
];

function dnsCard(page: Page) {
  return page.getByRole('region', { name: 'رکوردهای DNS' });
}

describe('domain DNS and renewal', () => {
  test(
    'the demo customer points sara-blog.com back at our nameservers from its DNS card, adds A, MX and TXT records, sees them as saved after a reload, is told on its row that a CNAME cannot sit at @, and puts a one-year renewal in the cart',
    async () => {
      const token = await demoToken(h.server.url);
      await emptyDemoCart(h.server.url, token);
      const { domains } = await api<{ domains: Array<{ id: string; name: string }> }>(
        '/api/user/domains/get-domains',
        {},
        token,
      );
      const blog = domains.find((domain) => domain.name === 'sara-blog.com');
      if (!blog) throw new Error('the demo has sara-blog.com');
      const dnsNow = () => api<DnsAnswer>('/api/user/domains/get-dns', { id: blog.id }, token);
      const ours = (await dnsNow()).nameservers;
      // Pointed elsewhere first, to be brought back from the card.
      await api(
        '/api/user/domains/set-nameservers',
        { id: blog.id, nameservers: ['ns1.e2e-host.ir', 'ns2.e2e-host.ir'] },
        token,
      );
      expect((await dnsNow()).onOurNameservers).toBe(false);

      const { page, close } = await newPage(h.browser, viewports.phone);
      try {
        await signIn(page, h.server.url, `/account/domains/${blog.id}`, CUSTOMER);
        await page.getByRole('heading', { name: 'sara-blog.com', level: 1 }).waitFor();
        const card = dnsCard(page);
        // The demo's DNS server keeps the records without serving them, and says so.
        await card
          .getByText('این سرور رکوردها را نگه می‌دارد ولی به پرسش‌های DNS پاسخ نمی‌دهد (نسخهٔ نمایشی)')
          .waitFor();
        // On other nameservers, the records would not be asked for: which ones to use, and a
        // click that sets them at the registry.
        const elsewhere = card.getByText('دامنه از نام‌سرورهای ویترین استفاده نمی‌کند');
        await elsewhere.waitFor();
        for (const nameserver of ours) await card.getByText(nameserver, { exact: true }).waitFor();
        await screenshotBoth(page, 'domain-dns-other-nameservers');
        await card.getByRole('button', { name: 'استفاده از نام‌سرورهای ویترین' }).click();
        await elsewhere.waitFor({ state: 'detached' });
        expect(await dnsNow()).toMatchObject({ onOurNameservers: true });
        expect(
          await page
            .getByRole('region', { name: 'نام‌سرورها' })
            .getByLabel('نام‌سرور ۱')
            .inputValue(),
        ).toBe(ours[0]);
        // Her hosting account's records, which provisioning wrote, are labelled so.
        await expect.poll(() => shownRecords(card)).toEqual(HOSTING);
        expect(await card.getByText('از هاست', { exact: true }).count()).toBe(HOSTING.length);

        await addRecord(card, { name: '@', type: 'A', content: '192.0.2.10' });
        const mx = await addRecord(card, {
          name: '@',
          type: 'MX',
          // Written with the final dot and capitals: kept as the server writes a host.
          content: '20 Backup.Sara-Blog.com.',
        });
        // The form each type's content takes is said under the box being written.
        await mx.getByText('اولویت و میزبان ایمیل مانند').waitFor();
        await addRecord(card, { name: '@', type: 'TXT', content: 'v=spf1 mx -all' });
        expect(await card.getByLabel('TTL (ثانیه)').first().inputValue()).toBe('۳۶۰۰');
        await screenshotBoth(page, 'domain-dns-editing');

        await card.getByRole('button', { name: 'ذخیره', exact: true }).click();
        await page.getByText('رکوردهای DNS ذخیره شد').first().waitFor();
        const expected = [
          ...HOSTING,
          ['@', 'A', '۳۶۰۰', '192.0.2.10'],
          ['@', 'MX', '۳۶۰۰', '20 backup.sara-blog.com'],
          ['@', 'TXT', '۳۶۰۰', 'v=spf1 mx -all'],
        ];
        // Shown as the server answered: the MX host in its canonical form.
        await expect.poll(() => shownRecords(card)).toEqual(expected);
        expect((await dnsNow()).records).toEqual([
          ...HOSTING.map(([name, type, , content]) => ({ name, type, ttl: 3600, content })),
          { name: '@', type: 'A', ttl: 3600, content: '192.0.2.10' },
          { name: '@', type: 'MX', ttl: 3600, content: '20 backup.sara-blog.com' },
          { name: '@', type: 'TXT', ttl: 3600, content: 'v=spf1 mx -all' },
        ]);
        // Her own records carry no label.
        expect(await card.getByText('از هاست', { exact: true }).count()).toBe(HOSTING.length);

        await page.reload();
        await page.getByRole('heading', { name: 'sara-blog.com', level: 1 }).waitFor();
        await expect.poll(() => shownRecords(dnsCard(page))).toEqual(expected);
        await screenshotBoth(page, 'domain-dns-saved');

        // A CNAME at the apex is refused beside its row's name; nothing is saved.
        const cname = await addRecord(dnsCard(page), {
          name: '@',
          type: 'CNAME',
          content: 'sara.github.io',
        });
        await dnsCard(page).getByRole('button', { name: 'ذخیره', exact: true }).click();
        await cname
          .getByText('CNAME روی خود دامنه (@) نمی‌نشیند؛ برای آن رکورد A یا AAAA بگذارید')
          .waitFor();
        expect(await cname.getByLabel('نام').getAttribute('aria-invalid')).toBe('true');
        expect(
          await dnsCard(page)
            .getByRole('group', { name: 'رکورد ۱', exact: true })
            .locator('[aria-invalid="true"]')
            .count(),
        ).toBe(0);
        expect((await dnsNow()).records).toHaveLength(expected.length);
        await screenshotBoth(page, 'domain-dns-refused');
        await dnsCard(page).getByRole('button', { name: 'حذف رکورد ۱۰' }).click();
        await expect.poll(() => shownRecords(dnsCard(page))).toEqual(expected);

        // A renewal: a term the TLD does not sell is refused in the server's words, in place.
        const renewal = page.getByRole('region', { name: 'تمدید' });
        await renewal.getByLabel('مدت تمدید').selectOption('4');
        await renewal.getByRole('button', { name: 'افزودن تمدید به سبد' }).click();
        await renewal.getByText(/^پسوند \.com برای .+ سال تمدید می‌شود$/).waitFor();
        await screenshotBoth(page, 'domain-dns-renewal-refused');
        await renewal.getByLabel('مدت تمدید').selectOption('1');
        await renewal.getByRole('button', { name: 'افزودن تمدید به سبد' }).click();
        await renewal.getByText('به سبد خرید اضافه شد').waitFor();
        await screenshotBoth(page, 'domain-dns-renewal');
        await renewal.getByRole('link', { name: 'مشاهدهٔ سبد خرید' }).click();
        await page.waitForURL(`${h.server.url}/cart`);
        await page
          .getByRole('list', { name: 'ردیف‌های سبد' })
          .getByRole('listitem', { name: 'sara-blog.com' })
          .getByText('تمدید دامنه برای ۱ سال')
          .first()
          .waitFor();
        await screenshotBoth(page, 'domain-dns-renewal-cart');
      } finally {
        await close();
        await emptyDemoCart(h.server.url, token);
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
