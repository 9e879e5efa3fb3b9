import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { registrarAccounts, sandboxRegistryNames } from '../apps/server/src/schema';
import { checkAs, type PageToCheck } from './axe';
import { ADMIN, callApi, newPage, persianDigits, screenshotBoth, signIn, tomanText } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// The console's domains section (issue 38) in the browser, on the demo's data: the demo admin
// finds سارا's three domains, opens the transfer waiting for its holder and reads its timeline
// (and is told why a retry does not apply to it), tries to add a name the registry does not
// hold for us, reads a domain renewed at the registry back from it (a registry row in its
// timeline), changes a TLD's renewal price in Toman and finds it stored in Rial, tests the
// sandbox registrar's connection, and adds an EPP account whose registry does not answer.

const h = useInProcessServerAndBrowser();

const SECTION = 'دامنه‌ها';
const CONSOLE_NAV = 'منوی کنسول کارکنان';
const DEMO_DOMAINS = ['sara-blog.com', 'sara-photos.ir', 'sara-old.ir', 'sara-studio.net'];
/** The demo's .ir: 1,200,000 Rial a year to register and to renew (seed-domains.ts). */
const IR_PRICE_RIAL = 1_200_000;
const NEW_IR_RENEWAL_TOMAN = 130_000;
const YEAR_MS = 365 * 86_400_000;
const EPP_NAME = 'epp-e2e';
const EPP_PASSWORD = 'e2e-secret-pass';
/** Nothing listens there: the connection is refused at once. */
const CLOSED_PORT = '127.0.0.1:1';
/** The section's pages for axe-core (issue 22), a domain's page found from the list's links. */
const SECTION_PAGES: readonly PageToCheck[] = [
  { name: 'domains', path: '/admin/domains' },
  { name: 'a domain', linkOn: 'domains', link: /^\/admin\/domains\/(?!tlds$|registrars$)[^/]+$/ },
  { name: 'TLDs', path: '/admin/domains/tlds' },
  { name: 'registrar accounts', path: '/admin/domains/registrars' },
];

interface TldAnswer {
  items: Array<{ tld: string; registerPriceRial: number; renewPriceRial: number }>;
}

async function adminToken(): Promise<string> {
  const identity = await callApi<{ jwtToken: string }>(h.server.url, '/api/jwt/authenticate', {
    username: ADMIN.mobile,
    password: ADMIN.password,
  });
  return identity.jwtToken;
}

test('the demo admin works the domains section: domains, a timeline, TLD prices, the registrar', async () => {
  const { page, close } = await newPage(h.browser);
  try {
    await signIn(page, h.server.url, '/admin', ADMIN);
    await page
      .getByRole('navigation', { name: CONSOLE_NAV })
      .getByRole('link', { name: SECTION })
      .click();
    await page.waitForURL(`${h.server.url}/admin/domains`);
    await page.getByRole('heading', { name: SECTION, level: 1 }).waitFor();

    // The list: سارا's four domains, each with its customer and a Jalali expiry where it has one.
    const table = page.getByRole('table', { name: 'فهرست دامنه‌ها' });
    for (const name of DEMO_DOMAINS) {
      await table.getByRole('link', { name, exact: true }).waitFor();
    }
    const photos = table.getByRole('row').filter({ hasText: 'sara-photos.ir' });
    await photos.getByText('سارا محمدی').waitFor();
    await photos.getByText(persianDigits('0912')).waitFor();
    await photos.getByText('فعال', { exact: true }).waitFor();
    expect(await photos.textContent()).toMatch(/۱۴[۰-۹]{2}\/[۰-۹]{2}\/[۰-۹]{2}/u);
    await photos.getByText(`${persianDigits(12)} روز مانده`).waitFor();
    const old = table.getByRole('row').filter({ hasText: 'sara-old.ir' });
    await old.getByText('در انتظار تأیید ثبت‌کننده').waitFor();
    await old.getByText('هنوز ثبت نشده').waitFor();
    await page.getByRole('switch', { name: /فقط نیازمند کارشناس/ }).waitFor();
    await page.getByText(`${persianDigits(4)} دامنه`, { exact: true }).waitFor();

    // The search narrows the list by name, and the address keeps it.
    await page.getByRole('searchbox', { name: 'نام دامنه یا مشتری' }).fill('sara-old');
    await page.waitForURL(/[?&]q=sara-old/);
    await expect.poll(() => table.getByRole('link').count()).toBe(2);
    await table.getByRole('link', { name: 'sara-old.ir', exact: true }).waitFor();
    await page.getByRole('button', { name: 'پاک کردن جست‌وجو' }).click();
    await table.getByRole('link', { name: 'sara-blog.com', exact: true }).waitFor();

    // Adding a name the registry holds for another registrar is refused, in the form.
    await page.getByRole('button', { name: 'افزودن دامنهٔ موجود' }).click();
    const addForm = page.getByRole('form', { name: 'افزودن دامنهٔ موجود به حساب مشتری' });
    await addForm.getByPlaceholder('۰۹۱۲…').fill('09121234');
    await page.getByRole('option', { name: /سارا محمدی/ }).click();
    await addForm.getByRole('textbox', { name: 'نام دامنه' }).fill('vitrin.ir');
    await addForm.getByRole('textbox', { name: 'دلیل' }).fill('دامنهٔ قدیمی مشتری نزد ما');
    await addForm.getByRole('button', { name: 'افزودن دامنه' }).click();
    await addForm.getByText('ثبت‌کننده این نام را به نام حساب ما نشان نمی‌دهد').waitFor();
    await screenshotBoth(page, 'admin-domain-import');
    await addForm.getByRole('button', { name: 'انصراف' }).click();
    await addForm.waitFor({ state: 'detached' });

    await screenshotBoth(page, 'admin-domains-list');

    // A domain's page: its facts, and its timeline newest first with who did each step.
    await table.getByRole('link', { name: 'sara-old.ir', exact: true }).click();
    await page.getByRole('heading', { name: 'sara-old.ir', level: 1 }).waitFor();
    await page.getByText('ثبت‌کننده درخواست تأیید انتقال را برای دارندهٔ فعلی فرستاده است').waitFor();
    const timeline = page.getByRole('list', { name: 'رویدادهای دامنه' });
    const steps = timeline.getByRole('listitem');
    await expect.poll(() => steps.count()).toBe(2);
    await steps
      .nth(0)
      .getByText('درخواست انتقال به ثبت‌کننده رسید و در انتظار تأیید دارندهٔ فعلی است')
      .waitFor();
    await steps.nth(0).getByText('ثبت‌کننده', { exact: true }).waitFor();
    await steps.nth(1).getByText('انتقال دامنه سفارش داده شد').waitFor();
    await steps.nth(1).getByText('مشتری', { exact: true }).waitFor();
    expect(await steps.nth(1).textContent()).toMatch(/۱۴[۰-۹]{2}\/[۰-۹]{2}\/[۰-۹]{2}/u);

    // A retry does not apply to a transfer the registry is working on: the server says so.
    await page.getByRole('button', { name: 'تلاش دوباره' }).click();
    const retry = page.getByRole('dialog', { name: 'تلاش دوباره برای sara-old.ir' });
    await retry.getByRole('textbox', { name: 'دلیل' }).fill('بررسی دوباره');
    await retry.getByRole('button', { name: 'بله، دوباره بفرست' }).click();
    await retry.getByRole('alert').getByText('این دامنه کاری در انتظار ثبت‌کننده ندارد').waitFor();
    await retry.getByRole('button', { name: 'انصراف' }).click();
    await retry.waitFor({ state: 'detached' });

    await screenshotBoth(page, 'admin-domain-page');

    // sara-blog.com was renewed for a year at the registry, not here: reading it again from the
    // registry moves its expiry, and the timeline shows the registry's exchange.
    const db = h.server.app.db;
    const [book] = await db
      .select({ expiresAt: sandboxRegistryNames.expiresAt })
      .from(sandboxRegistryNames)
      .where(eq(sandboxRegistryNames.name, 'sara-blog.com'));
    if (!book) throw new Error('the sandbox registry does not hold sara-blog.com');
    await db
      .update(sandboxRegistryNames)
      .set({ expiresAt: new Date(book.expiresAt.getTime() + YEAR_MS) })
      .where(eq(sandboxRegistryNames.name, 'sara-blog.com'));
    await page
      .getByRole('navigation', { name: CONSOLE_NAV })
      .getByRole('link', { name: SECTION })
      .click();
    await table.getByRole('link', { name: 'sara-blog.com', exact: true }).click();
    await page.getByRole('heading', { name: 'sara-blog.com', level: 1 }).waitFor();
    await page.getByText(`${persianDigits(165)} روز مانده`).waitFor();
    await page.getByRole('button', { name: 'خواندن دوباره از ثبت‌کننده' }).click();
    const sync = page.getByRole('dialog', { name: 'خواندن دوبارهٔ sara-blog.com از ثبت‌کننده' });
    await sync.getByRole('textbox', { name: 'دلیل' }).fill('مشتری گفت دامنه را تمدید کرده است');
    await sync.getByRole('button', { name: 'بله، بخوان' }).click();
    await sync.waitFor({ state: 'detached' });
    await page.getByText(`${persianDigits(165 + 365)} روز مانده`).waitFor();
    const newest = page
      .getByRole('list', { name: 'رویدادهای دامنه' })
      .getByRole('listitem')
      .first();
    await newest.getByText('تاریخ انقضا از ثبت‌کننده به‌روز شد').waitFor();
    await newest.getByText('ثبت‌کننده', { exact: true }).waitFor();
    await newest.getByText('info · sync', { exact: true }).waitFor();

    await screenshotBoth(page, 'admin-domain-synced');

    // The TLDs: .ir with its price in Toman; its renewal price changed in Toman, kept in Rial.
    await page
      .getByRole('navigation', { name: CONSOLE_NAV })
      .getByRole('link', { name: SECTION })
      .click();
    await page
      .getByRole('navigation', { name: 'بخش‌های دامنه‌ها' })
      .getByRole('link', { name: 'پسوندها و قیمت‌ها' })
      .click();
    await page.getByRole('heading', { name: 'پسوندها و قیمت‌ها', level: 1 }).waitFor();
    const tlds = page.getByRole('table', { name: 'فهرست پسوندها' });
    const ir = tlds.getByRole('row').filter({ has: page.getByText('.ir', { exact: true }) });
    await ir.getByText(tomanText(IR_PRICE_RIAL)).first().waitFor();
    await ir.getByText(`${persianDigits(1)} و ${persianDigits(5)} سال`).waitFor();
    await ir.getByRole('button', { name: 'ویرایش' }).click();
    const form = page.getByRole('form', { name: 'ویرایش پسوند .ir' });
    await expect
      .poll(() => form.getByRole('textbox', { name: 'ثبت، هر سال (تومان)' }).inputValue())
      .toBe(persianDigits('120٬000'));
    await form
      .getByRole('textbox', { name: 'تمدید، هر سال (تومان)' })
      .fill(String(NEW_IR_RENEWAL_TOMAN));
    await screenshotBoth(page, 'admin-domain-tld-edit');
    await form.getByRole('button', { name: 'ذخیرهٔ پسوند' }).click();
    await form.waitFor({ state: 'detached' });
    await ir.getByText(tomanText(NEW_IR_RENEWAL_TOMAN * 10)).waitFor();
    const stored = await callApi<TldAnswer>(
      h.server.url,
      '/api/admin/domains/list-tlds',
      {},
      await adminToken(),
    );
    expect(stored.items.find((tld) => tld.tld === 'ir')).toMatchObject({
      registerPriceRial: IR_PRICE_RIAL,
      renewPriceRial: NEW_IR_RENEWAL_TOMAN * 10,
    });

    await screenshotBoth(page, 'admin-domain-tlds');

    // The registrar accounts: the sandbox answers the connection test.
    await page
      .getByRole('navigation', { name: 'بخش‌های دامنه‌ها' })
      .getByRole('link', { name: 'حساب‌های ثبت‌کننده' })
      .click();
    await page.getByRole('heading', { name: 'حساب‌های ثبت‌کننده', level: 1 }).waitFor();
    const accounts = page.getByRole('table', { name: 'فهرست حساب‌های ثبت‌کننده' });
    const sandbox = accounts.getByRole('row').filter({ hasText: 'sandbox-registry' });
    await sandbox.getByText('ثبت‌کنندهٔ آزمایشی داخلی').waitFor();
    await sandbox.getByRole('button', { name: 'آزمودن اتصال sandbox-registry' }).click();
    await accounts
      .getByRole('status')
      .getByText(/ثبت‌کننده پاسخ داد/)
      .waitFor();

    // A new EPP account: its endpoint's shape is the server's to judge, shown under the field;
    // its password is kept sealed, and its connection test says the registry did not answer.
    await page.getByRole('button', { name: 'حساب تازه' }).click();
    const account = page.getByRole('form', { name: 'افزودن حساب ثبت‌کننده' });
    await account.getByRole('textbox', { name: 'نام' }).fill(EPP_NAME);
    await account.getByRole('textbox', { name: 'نشانی ثبت‌کننده' }).fill('epp.registry.example');
    await account.getByRole('textbox', { name: 'شناسهٔ کاربری EPP' }).fill('vitrin-e2e');
    await account.getByLabel('گذرواژهٔ EPP').fill(EPP_PASSWORD);
    await account.getByRole('button', { name: 'افزودن حساب' }).click();
    await account.getByText('نشانی EPP را به شکل host:port بنویسید', { exact: false }).waitFor();
    await account.getByRole('textbox', { name: 'نشانی ثبت‌کننده' }).scrollIntoViewIfNeeded();
    await screenshotBoth(page, 'admin-domain-registrar-form');
    await account.getByRole('textbox', { name: 'نشانی ثبت‌کننده' }).fill(CLOSED_PORT);
    await account.getByRole('button', { name: 'افزودن حساب' }).click();
    await account.waitFor({ state: 'detached' });
    const epp = accounts.getByRole('row').filter({ hasText: EPP_NAME });
    await epp.getByText('EPP (ثبت‌کنندهٔ بین‌المللی)').waitFor();
    await epp.getByText(CLOSED_PORT, { exact: true }).waitFor();
    const [saved] = await h.server.app.db
      .select({ credentials: registrarAccounts.credentials })
      .from(registrarAccounts)
      .where(eq(registrarAccounts.name, EPP_NAME));
    expect(saved?.credentials).toBeTruthy();
    expect(saved?.credentials).not.toContain(EPP_PASSWORD);
    await epp.getByRole('button', { name: `آزمودن اتصال ${EPP_NAME}` }).click();
    await accounts
      .getByRole('status')
      .getByText(/به ثبت‌کننده وصل نشد/)
      .waitFor();

    await screenshotBoth(page, 'admin-domain-registrars');
  } finally {
    await close();
  }
});

test('the domains section has no accessibility violations at either width', async () => {
  await checkAs(h.server, h.browser, 'admin', SECTION_PAGES, ADMIN);
}, 200_000);
