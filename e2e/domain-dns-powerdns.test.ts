import { Resolver } from 'node:dns/promises';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PowerDnsServer, startPowerDns } from '../apps/server/src/test/powerdns';
import { launchChromium, viewports } from './browser';
import { ADMIN, CUSTOMER, callApi, demoToken, newPage, screenshotBoth, signIn } from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The zone editor on a real DNS server (issue 38): the app runs with DNS_SERVER=powerdns against
// a pdns_server of this file's own (apps/server/src/test/powerdns.ts, as the API tests use), and
// a DNS client asks that server what the pages saved. An admin gives the demo's panel server new
// addresses in the console; the job points سارا's sara-blog.com, which her hosting account lives
// on, at them, and PowerDNS answers so; her DNS page labels those records, and a record she adds
// in the editor is answered too. Only this file pays for PowerDNS: the other browser tests keep
// the database default.

const ZONE = 'sara-blog.com';
/** How long the job queue (its workers poll every 2 s) may take to write the zone. */
const JOB_TIMEOUT_MS = 30_000;
/** Two sign-ins, the console's form, the job, the editor's save. */
const FLOW_TIMEOUT_MS = 240_000;

let pdns: PowerDnsServer | undefined;
let server: InProcessServer | undefined;
let browser: Browser | undefined;
const resolver = new Resolver({ timeout: 2000, tries: 1 });

beforeAll(async () => {
  pdns = await startPowerDns();
  resolver.setServers([pdns.dnsAddress]);
  server = await startInProcessServer({
    env: {
      DNS_SERVER: 'powerdns',
      POWERDNS_API_URL: pdns.apiUrl,
      POWERDNS_API_KEY: pdns.apiKey,
    },
  });
  browser = await launchChromium();
  // PowerDNS first, then the server and its seed: a little longer than a file's usual start.
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await pdns?.stop();
});

function started() {
  if (!server || !browser) throw new Error('started in beforeAll');
  return { server, browser };
}

/** The editor's row of the record named `name` (PowerDNS keeps no order of its own). */
async function rowNamed(card: Locator, name: string): Promise<Locator> {
  const rows = card.getByRole('group', { name: /^رکورد / });
  const names = await rows.evaluateAll((groups) =>
    groups.map((group) => group.querySelector('input')?.value ?? ''),
  );
  const index = names.indexOf(name);
  if (index < 0) throw new Error(`no record named ${name} in ${names.join(', ')}`);
  return rows.nth(index);
}

/** What PowerDNS answers for a name and type; [] for no answer at all. */
async function answered(ask: () => Promise<unknown[]>): Promise<unknown[]> {
  try {
    return (await ask()).map((item) => (Array.isArray(item) ? item.join('') : item)).sort();
  } catch {
    return [];
  }
}

describe('the zone editor on PowerDNS', () => {
  test(
    "an admin's new server addresses reach sara-blog.com's zone through her hosting account, labelled on her DNS page, and a record she adds there is answered by PowerDNS",
    async () => {
      const { server, browser } = started();
      const token = await demoToken(server.url);
      const { domains } = await callApi<{ domains: Array<{ id: string; name: string }> }>(
        server.url,
        '/api/user/domains/get-domains',
        {},
        token,
      );
      const blog = domains.find((domain) => domain.name === ZONE);
      if (!blog) throw new Error(`the demo has ${ZONE}`);

      // The admin, on a desktop: the demo's sandbox server and its documentation addresses.
      const admin = await newPage(browser, viewports.desktop);
      try {
        await signIn(admin.page, server.url, '/admin/provisioning/servers', ADMIN);
        const table = admin.page.getByRole('table', { name: 'فهرست سرورهای کنترل پنل' });
        const row = table.getByRole('row').filter({ hasText: 'sandbox-1' });
        await row.getByText('203.0.113.10').waitFor();
        await row.getByRole('button', { name: 'ویرایش' }).click();
        const dialog = admin.page.getByRole('dialog', { name: 'ویرایش سرور sandbox-1' });
        const addresses = dialog.getByRole('textbox', { name: 'نشانی‌های IP' });
        expect(await addresses.inputValue()).toBe('203.0.113.10\n2001:db8:10::10');
        await addresses.fill('198.51.100.30\n2001:DB8:30::30');
        await screenshotBoth(admin.page, 'panel-server-addresses-form');
        // A private address is refused under the box, in the server's words.
        await addresses.fill('198.51.100.30\n10.0.0.5');
        await dialog.getByRole('button', { name: 'ذخیرهٔ سرور' }).click();
        await dialog
          .getByText('این نشانی خصوصی یا رزروشده است و از اینترنت به آن نمی‌رسند')
          .waitFor();
        await screenshotBoth(admin.page, 'panel-server-addresses-refused');
        await addresses.fill('198.51.100.30\n2001:DB8:30::30');
        await dialog.getByRole('button', { name: 'ذخیرهٔ سرور' }).click();
        await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
        await row.getByText('2001:db8:30::30').waitFor();
        await screenshotBoth(admin.page, 'panel-server-addresses-list');
      } finally {
        await admin.close();
      }

      // The job points her zone at the new addresses, on PowerDNS itself.
      await expect
        .poll(() => answered(() => resolver.resolve4(ZONE)), { timeout: JOB_TIMEOUT_MS })
        .toEqual(['198.51.100.30']);
      expect(await answered(() => resolver.resolve6(ZONE))).toEqual(['2001:db8:30::30']);
      expect(await answered(() => resolver.resolveCname(`www.${ZONE}`))).toEqual([ZONE]);
      expect(await answered(() => resolver.resolve4(`mail.${ZONE}`))).toEqual(['198.51.100.30']);
      const exchanges = await resolver.resolveMx(ZONE);
      expect(exchanges.map(({ priority, exchange }) => [priority, exchange])).toEqual([
        [10, `mail.${ZONE}`],
      ]);

      // سارا, on her phone: the zone as PowerDNS keeps it, her hosting's records labelled.
      const customer = await newPage(browser, viewports.phone);
      try {
        await signIn(customer.page, server.url, `/account/domains/${blog.id}`, CUSTOMER);
        const card = customer.page.getByRole('region', { name: 'رکوردهای DNS' });
        await card.getByRole('group', { name: 'رکورد ۶', exact: true }).waitFor();
        expect(await card.getByText('(نسخهٔ نمایشی)', { exact: false }).count()).toBe(0);
        await card.getByText('رکوردهای «از هاست» را راه‌اندازی سرویس', { exact: false }).waitFor();
        await expect.poll(() => card.getByText('از هاست', { exact: true }).count()).toBe(6);
        await screenshotBoth(customer.page, 'domain-dns-powerdns-hosting');

        await card.getByRole('button', { name: 'افزودن رکورد' }).click();
        const added = card.getByRole('group', { name: 'رکورد ۷', exact: true });
        await added.getByLabel('نام').fill('shop');
        await added.getByLabel('نوع').selectOption('A');
        await added.getByLabel('مقدار').fill('192.0.2.44');
        await card.getByRole('button', { name: 'افزودن رکورد' }).click();
        const txt = card.getByRole('group', { name: 'رکورد ۸', exact: true });
        await txt.getByLabel('نام').fill('@');
        await txt.getByLabel('نوع').selectOption('TXT');
        await txt.getByLabel('مقدار').fill('v=spf1 mx -all');
        await card.getByRole('button', { name: 'ذخیره', exact: true }).click();
        await customer.page.getByText('رکوردهای DNS ذخیره شد').first().waitFor();

        // PowerDNS answers what the editor saved, beside the hosting's records.
        expect(await answered(() => resolver.resolve4(`shop.${ZONE}`))).toEqual(['192.0.2.44']);
        expect(await answered(() => resolver.resolveTxt(ZONE))).toEqual(['v=spf1 mx -all']);
        expect(await answered(() => resolver.resolve4(ZONE))).toEqual(['198.51.100.30']);
        // Her own records carry no label; the hosting's six still do.
        await card.getByRole('group', { name: 'رکورد ۸', exact: true }).waitFor();
        expect(await card.getByText('از هاست', { exact: true }).count()).toBe(6);
        const shop = await rowNamed(card, 'shop');
        expect(await shop.getByText('از هاست', { exact: true }).count()).toBe(0);
        await screenshotBoth(customer.page, 'domain-dns-powerdns-saved');

        // She points www elsewhere instead of at the hosting: PowerDNS follows, and the row
        // loses its label.
        const www = await rowNamed(card, 'www');
        expect(await www.getByText('از هاست', { exact: true }).count()).toBe(1);
        await www.getByLabel('مقدار').fill('sites.example.ir');
        await card.getByRole('button', { name: 'ذخیره', exact: true }).click();
        await expect
          .poll(() => answered(() => resolver.resolveCname(`www.${ZONE}`)))
          .toEqual(['sites.example.ir']);
        await expect.poll(() => card.getByText('از هاست', { exact: true }).count()).toBe(5);
      } finally {
        await customer.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
