import { formatJalaliDate } from '@vitrin/fa';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { saveScreenshot, viewports } from './browser';
import {
  CUSTOMER,
  callApi,
  demoToken,
  emptyDemoCart,
  newPage,
  persianDigits,
  screenshotBoth,
  signIn,
  signUpCustomer,
} from './flows';
import { useInProcessServerAndBrowser } from './harness';

// Buying and keeping domains (issue 38) as a customer does it: a free name registered and a
// taken one transferred from the search, the holder's details the cart asks for first, payment,
// the registration done by the job queue in the background, then the domain's page: its
// nameservers changed at the registry and the transfer's code. The demo customer's list shows
// a domain about to expire, and a name paid for from her wallet with the holder already on file.
// The server runs in this process with its job workers on, as `npm start` does.

const h = useInProcessServerAndBrowser();

/** How long the job queue may take to register a paid name (its workers poll every 2 s). */
const REGISTRATION_TIMEOUT_MS = 40_000;
/** A whole purchase through the search, the cart and the gateway, then the domains' pages. */
const FLOW_TIMEOUT_MS = 240_000;

interface DomainAnswer {
  id: string;
  name: string;
  status: string;
  expiresAt: string | null;
  autoRenew: boolean;
  nameservers: string[];
}

const api = <T>(path: string, input: unknown, token?: string) =>
  callApi<T>(h.server.url, path, input, token);

async function domainsOf(token: string): Promise<DomainAnswer[]> {
  return (await api<{ domains: DomainAnswer[] }>('/api/user/domains/get-domains', {}, token))
    .domains;
}

/** The panel's «دامنه‌ها», from its side column or, on a phone, its tab bar. */
async function openDomainsFromPanel(page: Page) {
  await page
    .locator('nav[aria-label="منوی پنل کاربری"] a[href="/account/domains"]:visible')
    .first()
    .click();
  await page.waitForURL(`${h.server.url}/account/domains`);
  return page.getByRole('list', { name: 'فهرست دامنه‌ها' });
}

describe('domain orders', () => {
  test(
    'a new customer on a phone registers a free name and transfers a taken one, gives the holder’s details the cart asks for, and manages the domain once the registry has it',
    async () => {
      const customer = await signUpCustomer(h.server.url, h.server.dataDir);
      const { page, close } = await newPage(h.browser, viewports.phone);
      try {
        await signIn(page, h.server.url, '/domains', customer.account);
        await page.getByLabel('نام دامنه').fill('vitrin');
        await page.getByRole('button', { name: 'جست‌وجو', exact: true }).click();
        const net = page.getByRole('listitem', { name: 'vitrin.net' });
        const com = page.getByRole('listitem', { name: 'vitrin.com' });
        await net.getByText('آزاد').waitFor();
        // A free name is offered for the TLD's terms, a taken one for a transfer at its price.
        await com.getByRole('button', { name: 'انتقال به ویترین' }).waitFor();
        expect(await com.getByRole('button', { name: 'افزودن به سبد' }).count()).toBe(0);
        const terms = await net
          .getByLabel('مدت ثبت')
          .locator('option')
          .evaluateAll((options) => options.map((option) => option.textContent));
        expect(terms).toEqual([
          '۱ سال · ۲٬۱۰۰٬۰۰۰ تومان',
          '۲ سال · ۴٬۲۰۰٬۰۰۰ تومان',
          '۳ سال · ۶٬۳۰۰٬۰۰۰ تومان',
          '۵ سال · ۱۰٬۵۰۰٬۰۰۰ تومان',
          '۱۰ سال · ۲۱٬۰۰۰٬۰۰۰ تومان',
        ]);
        await com.getByText('۱٬۹۵۰٬۰۰۰ تومان / انتقال').waitFor();
        await screenshotBoth(page, 'domain-orders-search');

        await net.getByLabel('مدت ثبت').selectOption('2');
        await net.getByRole('button', { name: 'افزودن به سبد' }).click();
        await net.getByText('به سبد خرید اضافه شد').waitFor();
        await com.getByRole('button', { name: 'انتقال به ویترین' }).click();
        await com.getByText('به سبد خرید اضافه شد').waitFor();
        await screenshotBoth(page, 'domain-orders-search-added');

        // A name another customer here holds is refused by the server, in its words beside it.
        await page.getByLabel('نام دامنه').fill('sara-blog.com');
        await page.getByRole('button', { name: 'جست‌وجو', exact: true }).click();
        const held = page.getByRole('listitem', { name: 'sara-blog.com' });
        await held.getByRole('button', { name: 'انتقال به ویترین' }).click();
        await held.getByRole('alert').getByText('این دامنه در ویترین ثبت شده است').waitFor();
        await screenshotBoth(page, 'domain-orders-search-refused');

        await page.goto(`${h.server.url}/cart`);
        const lines = page.getByRole('list', { name: 'ردیف‌های سبد' });
        const netLine = lines.getByRole('listitem', { name: 'vitrin.net' });
        const comLine = lines.getByRole('listitem', { name: 'vitrin.com' });
        await netLine.getByText('ثبت دامنه برای ۲ سال').first().waitFor();
        await comLine.getByText('انتقال دامنه').first().waitFor();
        // A domain is bought for years, not a billing cycle: no cycle to pick.
        expect(await lines.getByLabel('دورهٔ پرداخت').count()).toBe(0);
        await netLine.getByText('۴٬۲۰۰٬۰۰۰ تومان').first().waitFor();

        const buyer = page.getByRole('region', { name: 'مشخصات خریدار' });
        await buyer.getByLabel('نام و نام خانوادگی').fill('سارا رضایی');
        await buyer.getByLabel('ایمیل').fill('sara.rezaei@example.com');
        const holder = page.getByRole('region', { name: 'مشخصات دارندهٔ دامنه' });
        await holder.getByLabel('نوع دارنده').waitFor();
        // Submitted without the holder: refused, and the part that asks for it comes into view.
        await page.getByRole('button', { name: 'ثبت سفارش و پرداخت' }).click();
        await holder
          .getByRole('alert')
          .getByText('پیش از سفارش دامنه، مشخصات دارندهٔ دامنه را وارد کنید')
          .waitFor();
        await expect
          .poll(() =>
            holder.evaluate((section) => {
              const box = section.getBoundingClientRect();
              return box.top >= 0 && box.top < window.innerHeight / 2;
            }),
          )
          .toBe(true);

        // The person's own mobile is offered; a name in Persian letters is refused on its field.
        expect(await holder.getByLabel('تلفن همراه').inputValue()).toBe(
          persianDigits(customer.account.mobile),
        );
        await holder.getByLabel('نام و نام خانوادگی').fill('سارا رضایی');
        await holder.getByLabel('کد ملی').fill('۰۰۱۲۳۴۵۶۷۹');
        await holder.getByLabel('ایمیل').fill('sara.rezaei@example.com');
        await holder.getByLabel('نشانی').fill('No. 5, Enghelab St.');
        await holder.getByLabel('شهر').fill('Tehran');
        await holder.getByLabel('استان').fill('Tehran');
        await holder.getByLabel('کد پستی').fill('۱۴۵۸۷۶۵۴۳۲');
        await holder.getByRole('button', { name: 'ذخیرهٔ مشخصات دارنده' }).click();
        await holder.getByText('نام را با حروف لاتین بنویسید').waitFor();
        await holder.getByLabel('نام و نام خانوادگی').fill('Sara Rezaei');
        await screenshotBoth(page, 'domain-orders-cart');
        await holder.getByRole('button', { name: 'ذخیرهٔ مشخصات دارنده' }).click();
        await holder.getByRole('button', { name: 'ویرایش مشخصات دارندهٔ دامنه' }).waitFor();
        await holder.getByText('Sara Rezaei').waitFor();
        expect(await holder.getByRole('alert').count()).toBe(0);
        await screenshotBoth(page, 'domain-orders-cart-holder-saved');

        // A new customer has no credit: the gateway takes it all.
        await page.getByRole('button', { name: 'ثبت سفارش و پرداخت' }).click();
        await page.waitForURL(/\/pay\/sandbox\//);
        await page.getByRole('button', { name: 'پرداخت موفق' }).click();
        await page.waitForURL(/\/pay\/callback\?/);
        await page.getByRole('heading', { name: 'پرداخت موفق', level: 1 }).waitFor();
        // The callback says what became of each name: the transfer waits for its code, the free
        // name is registered by the job in the background (the page asks again meanwhile).
        const bought = page.getByRole('list', { name: 'دامنه‌های این سفارش' });
        await bought
          .getByRole('listitem', { name: 'vitrin.com' })
          .getByText('در انتظار کد انتقال')
          .waitFor();
        const boughtNet = bought.getByRole('listitem', { name: 'vitrin.net' });
        await boughtNet.getByText(/^(در حال ثبت|فعال)$/).waitFor();
        await boughtNet
          .getByText('فعال', { exact: true })
          .waitFor({ timeout: REGISTRATION_TIMEOUT_MS });
        await boughtNet.getByRole('link', { name: 'vitrin.net' }).waitFor();
        // A domain is not a service: nothing is listed as one.
        expect(await page.getByRole('list', { name: 'سرویس‌های این سفارش' }).count()).toBe(0);
        await screenshotBoth(page, 'domain-orders-callback');
        await page.setViewportSize({ width: 1280, height: 900 });
        await saveScreenshot(page, 'domain-orders-callback-1280');
        await page.setViewportSize(viewports.phone);
        await page.getByRole('link', { name: 'مشاهدهٔ سفارش' }).click();
        await page.waitForURL(/\/account\/orders\/[0-9a-f-]{36}$/);

        // The registration runs in the background; the list follows it by itself.
        const list = await openDomainsFromPanel(page);
        const netItem = list.getByRole('listitem', { name: 'vitrin.net' });
        await netItem.getByText('فعال', { exact: true }).waitFor({
          timeout: REGISTRATION_TIMEOUT_MS,
        });
        await list
          .getByRole('listitem', { name: 'vitrin.com' })
          .getByText('در حال انتقال')
          .waitFor();
        const [registered] = (await domainsOf(customer.token)).filter(
          (domain) => domain.name === 'vitrin.net',
        );
        expect(registered?.status).toBe('active');
        if (!registered?.expiresAt) throw new Error('a registered name has its expiry');
        await netItem.getByText(formatJalaliDate(registered.expiresAt)).waitFor();
        await netItem.getByText('تمدید خودکار: روشن').waitFor();
        await screenshotBoth(page, 'domain-orders-list');

        // Its page: new nameservers, a wrong one refused on its box, the right ones saved.
        await netItem.getByRole('link', { name: 'مدیریت vitrin.net' }).click();
        await page.waitForURL(/\/account\/domains\/[0-9a-f-]{36}$/);
        await page.getByRole('heading', { name: 'vitrin.net', level: 1 }).waitFor();
        const nameservers = page.getByRole('region', { name: 'نام‌سرورها' });
        expect(await nameservers.getByLabel('نام‌سرور ۱').inputValue()).toBe(
          registered.nameservers[0],
        );
        await nameservers.getByLabel('نام‌سرور ۱').fill('ns1.e2e-host.ir');
        await nameservers.getByLabel('نام‌سرور ۲').fill('ns2.e2e-host.ir');
        await nameservers.getByRole('button', { name: 'نام‌سرور دیگر' }).click();
        await nameservers.getByLabel('نام‌سرور ۳').fill('not a host');
        await nameservers.getByRole('button', { name: 'ذخیرهٔ نام‌سرورها' }).click();
        await nameservers.getByText('نام‌سرور درست نیست').waitFor();
        await nameservers.getByLabel('نام‌سرور ۳').fill('NS3.e2e-host.ir');
        await nameservers.getByRole('button', { name: 'ذخیرهٔ نام‌سرورها' }).click();
        await page.getByText('نام‌سرورها به ns1.e2e-host.ir').waitFor();
        const saved = ['ns1.e2e-host.ir', 'ns2.e2e-host.ir', 'ns3.e2e-host.ir'];
        expect(
          (await domainsOf(customer.token)).find((domain) => domain.name === 'vitrin.net')
            ?.nameservers,
        ).toEqual(saved);
        await page.reload();
        for (const [index, nameserver] of saved.entries()) {
          const box = page
            .getByRole('region', { name: 'نام‌سرورها' })
            .getByLabel(`نام‌سرور ${'۱۲۳'[index]}`);
          expect(await box.inputValue()).toBe(nameserver);
        }
        // One click puts the company's nameservers back in the boxes (saved only when asked).
        const reloaded = page.getByRole('region', { name: 'نام‌سرورها' });
        await reloaded.getByRole('button', { name: 'نام‌سرورهای ویترین' }).click();
        expect(await reloaded.getByLabel('نام‌سرور ۱').inputValue()).toBe(registered.nameservers[0]);
        expect(await reloaded.getByLabel('نام‌سرور ۳').count()).toBe(0);
        await reloaded.getByRole('button', { name: 'انصراف' }).click();
        expect(await reloaded.getByLabel('نام‌سرور ۳').inputValue()).toBe('ns3.e2e-host.ir');
        await screenshotBoth(page, 'domain-orders-domain');

        // The transfer waits for the code the current registrar gave the holder.
        await openDomainsFromPanel(page);
        await page.getByRole('link', { name: 'مدیریت vitrin.com' }).click();
        await page.getByRole('heading', { name: 'vitrin.com', level: 1 }).waitFor();
        const code = page.getByRole('region', { name: 'کد انتقال' });
        await code.getByLabel('کد انتقال (Auth Code)').fill('not-the-code-1234');
        await code.getByRole('button', { name: 'ثبت کد و شروع انتقال' }).click();
        // The registry refuses a wrong code; the page follows the job and asks again.
        await page
          .getByText('کد انتقال پذیرفته نشد؛ کد درست را وارد کنید')
          .waitFor({ timeout: REGISTRATION_TIMEOUT_MS });
        await page.getByRole('region', { name: 'کد انتقال' }).waitFor();
        await page.getByText('ثبت‌کننده کد انتقال را نپذیرفت').waitFor();
        await screenshotBoth(page, 'domain-orders-transfer');
      } finally {
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  test(
    'the demo customer sees a domain about to expire, turns its auto-renew on, and pays a new name from her wallet with her holder on file',
    async () => {
      const token = await demoToken(h.server.url);
      await emptyDemoCart(h.server.url, token);
      const before = await domainsOf(token);
      const photos = before.find((domain) => domain.name === 'sara-photos.ir');
      if (!photos?.expiresAt) throw new Error('the demo has sara-photos.ir with its expiry');
      const { page, close } = await newPage(h.browser, viewports.desktop);
      try {
        await signIn(page, h.server.url, '/account/domains', CUSTOMER);
        const list = page.getByRole('list', { name: 'فهرست دامنه‌ها' });
        const photosItem = list.getByRole('listitem', { name: 'sara-photos.ir' });
        await photosItem.getByText('رو به انقضا').waitFor();
        await photosItem.getByText(formatJalaliDate(photos.expiresAt)).waitFor();
        await photosItem.getByText(/^[۰-۹]+ روز مانده$/).waitFor();
        await photosItem.getByText('تمدید خودکار: خاموش').waitFor();
        const blog = list.getByRole('listitem', { name: 'sara-blog.com' });
        await blog.getByText('فعال', { exact: true }).waitFor();
        expect(await blog.getByText('رو به انقضا').count()).toBe(0);
        await list
          .getByRole('listitem', { name: 'sara-old.ir' })
          .getByText('در انتظار تأیید ثبت‌کننده')
          .waitFor();
        // Her holder is on file: one line, and «ویرایش».
        const holder = page.getByRole('region', { name: 'مشخصات دارندهٔ دامنه' });
        await holder.getByText('Sara Mohammadi').waitFor();
        await screenshotBoth(page, 'domain-orders-demo-list');

        await photosItem.getByRole('link', { name: 'مدیریت sara-photos.ir' }).click();
        await page.getByRole('heading', { name: 'sara-photos.ir', level: 1 }).waitFor();
        await page.getByText('این دامنه به‌زودی منقضی می‌شود').waitFor();
        const autoRenew = page.getByRole('switch', { name: 'تمدید خودکار' });
        expect(await autoRenew.isChecked()).toBe(false);
        // The switch follows the server's answer: a click, then its state once the answer came
        // (check() looks at once, and a slow answer read as a click that did nothing).
        await autoRenew.click({ force: true });
        await expect.poll(() => autoRenew.isChecked()).toBe(true);
        await page.getByText('تمدید خودکار روشن است؛ دامنه پیش از انقضا تمدید می‌شود.').waitFor();
        await expect
          .poll(
            async () =>
              (await domainsOf(token)).find((domain) => domain.name === 'sara-photos.ir')
                ?.autoRenew,
          )
          .toBe(true);
        await page.getByText('تمدید خودکار روشن شد').first().waitFor();
        await screenshotBoth(page, 'domain-orders-demo-domain');

        // A new name from the search, paid from her wallet.
        await page.goto(`${h.server.url}/domains?q=sara-shop.ir`);
        const shop = page.getByRole('listitem', { name: 'sara-shop.ir' });
        await shop.getByRole('button', { name: 'افزودن به سبد' }).click();
        await shop.getByRole('link', { name: 'مشاهدهٔ سبد خرید' }).click();
        await page.waitForURL(`${h.server.url}/cart`);
        await page
          .getByRole('listitem', { name: 'sara-shop.ir' })
          .getByText('ثبت دامنه برای ۱ سال')
          .first()
          .waitFor();
        const cartHolder = page.getByRole('region', { name: 'مشخصات دارندهٔ دامنه' });
        // Saved again as it was opened: what get-contact gives, save-contact takes.
        await cartHolder.getByRole('button', { name: 'ویرایش مشخصات دارندهٔ دامنه' }).click();
        expect(await cartHolder.getByLabel('نام و نام خانوادگی').inputValue()).toBe(
          'Sara Mohammadi',
        );
        await cartHolder.getByRole('button', { name: 'ذخیرهٔ مشخصات دارنده' }).click();
        await cartHolder.getByRole('button', { name: 'ویرایش مشخصات دارندهٔ دامنه' }).waitFor();
        const wallet = page.getByRole('switch', { name: 'پرداخت از اعتبار کیف پول' });
        await wallet.check({ force: true });
        await page.getByRole('button', { name: 'ثبت سفارش و پرداخت از کیف پول' }).click();
        await page.waitForURL(/\/account\/orders\/[0-9a-f-]{36}$/);
        await page.getByText('پرداخت‌شده').first().waitFor();

        const after = await openDomainsFromPanel(page);
        await after
          .getByRole('listitem', { name: 'sara-shop.ir' })
          .getByText('فعال', { exact: true })
          .waitFor({ timeout: REGISTRATION_TIMEOUT_MS });
        // Newest first.
        const names = await after
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
        expect(names[0]).toBe('sara-shop.ir');
      } finally {
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
