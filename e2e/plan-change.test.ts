import { vatOf } from '@vitrin/contracts';
import { formatJalaliDate } from '@vitrin/fa';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { productPrices, products, services } from '../apps/server/src/schema';
import { horizontalOverflow, viewports } from './browser';
import {
  ADMIN,
  callApi,
  newPage,
  persianDigits,
  screenshotBoth,
  signIn,
  signUpCustomer,
  tomanText,
} from './flows';
import { useInProcessServerAndBrowser } from './harness';

// Changing a service's plan and asking to cancel it (issue 20) as the customer sees them on the
// service page: a fresh customer's hosting plan, its other plans with the prorated figures, an
// upgrade paid from the wallet on its order's page, a downgrade credited at once, and a
// cancellation asked for and taken back. The server runs in this process with its job workers
// on, so the plan bought is set up on the sandbox panel as `npm start` would.

const h = useInProcessServerAndBrowser();

const FROM_SLUG = 'host-linux-1g';
const UPGRADE_SLUG = 'host-linux-20g';
const DOWNGRADE_SLUG = 'host-linux-5g';
/** Enough for the plan, its upgrade and more: the wallet pays everything here. */
const CREDIT_RIAL = 100_000_000;
/** How long the job queue may take to set the service up (its workers poll every 2 s). */
const SETUP_TIMEOUT_MS = 30_000;
const FLOW_TIMEOUT_MS = 240_000;
const DAY_MS = 86_400_000;
/** How much the upgrade's price rises while its figure is on screen. */
const PRICE_RISE_RIAL = 100_000;

const api = <T>(apiPath: string, input: unknown, token?: string) =>
  callApi<T>(h.server.url, apiPath, input, token);

interface Calculation {
  currentPriceRial: number;
  newPriceRial: number;
  termDays: number;
  remainingDays: number;
  creditRial: number;
  costRial: number;
  differenceRial: number;
}

/** The difference with its VAT, as paid or credited. */
interface Settlement {
  vatRial: number;
  totalRial: number;
}

interface OptionsAnswer {
  problem: string | null;
  currentProductName: string;
  expiresAt: string | null;
  options: Array<{
    productSlug: string;
    productName: string;
    direction: 'upgrade' | 'downgrade';
    calculation: Calculation;
    settlement: Settlement;
  }>;
}

interface ServiceDetailAnswer {
  id: string;
  name: string;
  status: string;
  expiresAt: string | null;
}

/**
 * The customer's hosting plan bought through the cart and paid from wallet credit staff gave
 * her, then set up by the job queue: answers the service once it is active.
 */
async function buyHosting(customer: { id: string; token: string }, domain: string) {
  const admin = await api<{ jwtToken: string }>('/api/jwt/authenticate', {
    username: ADMIN.mobile,
    password: ADMIN.password,
  });
  await api(
    '/api/admin/customers/adjust-customer-credit',
    { userId: customer.id, amountRial: CREDIT_RIAL, reason: 'اعتبار آزمون تغییر پلن' },
    admin.jwtToken,
  );
  await api(
    '/api/cart/update-user',
    { fullName: 'نگار آزمون', email: `plan-${Date.now()}@example.com` },
    customer.token,
  );
  const product = await api<{ id: string }>('/api/store/get-product', { slug: FROM_SLUG });
  await api(
    '/api/cart/add-to-cart',
    { productId: product.id, cycle: 'monthly', domainName: domain },
    customer.token,
  );
  const order = await api<{ id: string }>('/api/cart/submit-order', {}, customer.token);
  const paid = await api<{ status: string }>(
    '/api/cart/use-wallet-in-order',
    { orderId: order.id },
    customer.token,
  );
  expect(paid.status).toBe('paid');
  const listed = await api<{ items: Array<{ id: string; domainName: string | null }> }>(
    '/api/user/services/get-user-services',
    {},
    customer.token,
  );
  const serviceId = listed.items.find((item) => item.domainName === domain)?.id;
  if (!serviceId) throw new Error('the paid order made no service');
  const deadline = Date.now() + SETUP_TIMEOUT_MS;
  for (;;) {
    const service = await api<ServiceDetailAnswer>(
      '/api/user/services/get-service-detail',
      { serviceId },
      customer.token,
    );
    if (service.status === 'active') return service;
    if (Date.now() > deadline) throw new Error(`the service stayed ${service.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Staff change a plan's monthly price (its sale price, when it is on sale). */
async function raisePrice(slug: string, byRial: number): Promise<void> {
  const [row] = await h.server.app.db
    .select({
      productId: productPrices.productId,
      price: productPrices.priceRial,
      sale: productPrices.salePriceRial,
    })
    .from(productPrices)
    .innerJoin(products, eq(products.id, productPrices.productId))
    .where(and(eq(products.slug, slug), eq(productPrices.cycle, 'monthly')));
  if (!row) throw new Error(`no monthly price for ${slug}`);
  await h.server.app.db
    .update(productPrices)
    .set(
      row.sale === null ? { priceRial: row.price + byRial } : { salePriceRial: row.sale + byRial },
    )
    .where(and(eq(productPrices.productId, row.productId), eq(productPrices.cycle, 'monthly')));
}

async function balanceOf(token: string): Promise<number> {
  return (await api<{ balanceRial: number }>('/api/user/account/get-user-account-info', {}, token))
    .balanceRial;
}

/** The calculation on the page says each figure the server worked out, in Persian. */
async function expectCalculationShown(
  page: Page,
  productName: string,
  { calculation, settlement }: { calculation: Calculation; settlement: Settlement },
) {
  const shown = page.getByRole('region', { name: `محاسبهٔ تغییر به «${productName}»` });
  await shown.waitFor();
  const text = (await shown.textContent()) ?? '';
  expect(text).toContain(
    `${persianDigits(calculation.remainingDays)} روز از ${persianDigits(calculation.termDays)} روز دوره مانده`,
  );
  for (const rial of [
    calculation.currentPriceRial,
    calculation.newPriceRial,
    calculation.creditRial,
    calculation.costRial,
    Math.abs(calculation.differenceRial),
    settlement.vatRial,
    settlement.totalRial,
  ]) {
    expect(text).toContain(tomanText(rial));
  }
  expect(text).toContain(
    calculation.differenceRial > 0 ? 'مبلغ قابل پرداخت' : 'بازگشت به اعتبار کیف پول',
  );
  expect(text).not.toMatch(/[0-9]/);
  return shown;
}

function option(answer: OptionsAnswer, slug: string) {
  const found = answer.options.find((item) => item.productSlug === slug);
  if (!found) throw new Error(`${slug} is not offered`);
  return found;
}

describe('plan change and cancellation on the service page', () => {
  test(
    'a hosting plan is upgraded through a paid order, downgraded with credit back, its cancellation asked for and taken back, and once expired cancelled at once',
    async () => {
      const customer = await signUpCustomer(h.server.url, h.server.dataDir);
      const domain = `plan-${Date.now().toString(36)}.ir`;
      const service = await buyHosting(customer, domain);
      const options = () =>
        api<OptionsAnswer>(
          '/api/user/services/get-plan-change-options',
          { serviceId: service.id },
          customer.token,
        );
      const { page, close } = await newPage(h.browser);
      try {
        await signIn(page, h.server.url, `/account/services/${service.id}`, customer.account);
        const card = page.getByRole('region', { name: 'تغییر پلن' });
        await card.getByText('پلن فعلی:').waitFor();

        // The other plans of the group, each with its direction; nothing worked out until chosen.
        const before = await options();
        expect(before.problem).toBeNull();
        const upgrade = option(before, UPGRADE_SLUG);
        const downgradeName = option(before, DOWNGRADE_SLUG).productName;
        expect(upgrade.direction).toBe('upgrade');
        const upgradeRadio = card.getByRole('radio', { name: upgrade.productName });
        await upgradeRadio.waitFor();
        expect(await upgradeRadio.textContent()).toContain('ارتقا');
        await card.getByRole('radio', { name: downgradeName }).waitFor();
        await card.getByText('پلنی را انتخاب کنید تا محاسبهٔ مبلغ آن را ببینید.').waitFor();

        await upgradeRadio.click();
        const upgradeCalc = await expectCalculationShown(page, upgrade.productName, upgrade);
        await screenshotBoth(page, 'plan-change-upgrade-calculation');

        // The price moves while the figure is on screen: nothing is ordered, the server says
        // why, and the figure shown is worked out again.
        await raisePrice(UPGRADE_SLUG, PRICE_RISE_RIAL);
        await upgradeCalc.getByRole('button', { name: 'ثبت سفارش ارتقا' }).click();
        await card
          .getByRole('alert')
          .getByText(/مبلغ تغییر پلن از زمان نمایش عوض شده است/)
          .waitFor();
        const ordered = option(await options(), UPGRADE_SLUG);
        expect(ordered.calculation.newPriceRial).toBe(
          upgrade.calculation.newPriceRial + PRICE_RISE_RIAL,
        );
        await expect
          .poll(async () => (await upgradeCalc.textContent()) ?? '')
          .toContain(tomanText(ordered.calculation.costRial));
        await expectCalculationShown(page, upgrade.productName, ordered);
        expect(page.url()).toBe(`${h.server.url}/account/services/${service.id}`);
        await screenshotBoth(page, 'plan-change-upgrade-conflict');

        // Confirmed: the order of the difference, on its own page, says what it changes.
        await upgradeCalc.getByRole('button', { name: 'ثبت سفارش ارتقا' }).click();
        await page.waitForURL(/\/account\/orders\/[0-9a-f-]{36}$/);
        const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
        const line = page.getByRole('listitem').filter({ hasText: 'تغییر پلن' });
        await line.getByText(`از ${before.currentProductName}`).waitFor();
        expect(await line.textContent()).toContain(
          `${persianDigits(ordered.calculation.remainingDays)} روز از ${persianDigits(ordered.calculation.termDays)} روز دوره مانده`,
        );
        const payment = page.getByRole('region', { name: 'پرداخت سفارش' });
        // The order costs the difference and the VAT on it (issue 21).
        const payable = ordered.settlement.totalRial;
        expect(payable).toBe(
          ordered.calculation.differenceRial + vatOf(ordered.calculation.differenceRial, 1000),
        );
        await payment.getByText(tomanText(payable)).first().waitFor();
        await screenshotBoth(page, 'plan-change-upgrade-order');

        // Paid from the wallet; the service is on the new plan when the person comes back.
        const wallet = payment.getByRole('switch', { name: 'پرداخت از اعتبار کیف پول' });
        // Credit is never spent without the person's choice (issue 22): off until turned on.
        expect(await wallet.isChecked()).toBe(false);
        await wallet.check({ force: true });
        expect(await wallet.isChecked()).toBe(true);
        await payment.getByRole('button', { name: 'پرداخت سفارش' }).click();
        await payment.waitFor({ state: 'detached' });
        await page.getByText('پرداخت‌شده').first().waitFor();
        await line.getByRole('link', { name: 'مشاهدهٔ سرویسی که پلنش تغییر می‌کند' }).click();
        await page.waitForURL(`${h.server.url}/account/services/${service.id}`);
        await page
          .getByRole('heading', { level: 1, name: new RegExp(`^${upgrade.productName}`) })
          .waitFor();
        await page
          .getByRole('region', { name: 'مشخصات سرویس' })
          .getByRole('link', { name: upgrade.productName })
          .waitFor();
        await page
          .getByRole('region', { name: 'سابقهٔ خرید و تمدید' })
          .getByText('تغییر پلن')
          .first()
          .waitFor();

        // Staff read the same line in the console: a plan change, and from which plan.
        const staff = await newPage(h.browser);
        try {
          await signIn(staff.page, h.server.url, `/admin/orders/${orderId}`, ADMIN);
          const staffLine = staff.page
            .getByRole('list', { name: 'ردیف‌های سفارش' })
            .getByRole('listitem')
            .filter({ hasText: upgrade.productName });
          await staffLine.getByText('تغییر پلن').waitFor();
          await staffLine.getByText(`از ${before.currentProductName}`).waitFor();
        } finally {
          await staff.close();
        }

        // A downgrade: the remainder back to the wallet at once, said with its amount.
        const after = await options();
        expect(after.currentProductName).toBe(upgrade.productName);
        const downgrade = option(after, DOWNGRADE_SLUG);
        expect(downgrade.direction).toBe('downgrade');
        // The unused days come back with the VAT paid on them.
        const unused = -downgrade.calculation.differenceRial;
        expect(unused).toBeGreaterThan(0);
        // (Each order that paid the term rounds its own share's VAT, so a Rial either way.)
        const credit = downgrade.settlement.totalRial;
        expect(Math.abs(credit - unused - vatOf(unused, 1000))).toBeLessThanOrEqual(1);
        await card.getByText(`پلن فعلی: ${upgrade.productName}.`).waitFor();
        await card.getByRole('radio', { name: downgrade.productName }).click();
        const downgradeCalc = await expectCalculationShown(page, downgrade.productName, downgrade);
        await screenshotBoth(page, 'plan-change-downgrade-calculation');
        const balanceBefore = await balanceOf(customer.token);
        await downgradeCalc.getByRole('button', { name: 'تأیید تغییر پلن' }).click();
        const notice = card.getByRole('alert').filter({
          hasText: `پلن به «${downgrade.productName}» تغییر کرد`,
        });
        await notice
          .getByText(`${tomanText(credit)} از مابقی دوره به اعتبار کیف پول شما برگشت.`)
          .waitFor();
        expect(await balanceOf(customer.token)).toBe(balanceBefore + credit);
        await page
          .getByRole('heading', { level: 1, name: new RegExp(`^${downgrade.productName}`) })
          .waitFor();
        await card.getByText(`پلن فعلی: ${downgrade.productName}.`).waitFor();
        await screenshotBoth(page, 'plan-change-downgrade-credited');

        // Cancellation: asked for with a reason, it waits for the end of the paid term.
        const endsOn = formatJalaliDate(service.expiresAt ?? '');
        await page.getByRole('button', { name: 'درخواست لغو سرویس' }).click();
        const dialog = page.getByRole('dialog', { name: 'درخواست لغو سرویس' });
        await dialog.getByText(endsOn).waitFor();
        expect(await dialog.textContent()).toContain('مبلغی بازگردانده نمی‌شود');
        await dialog.getByLabel('دلیل لغو (اختیاری)').fill('به سرور اختصاصی کوچ می‌کنیم');
        await screenshotBoth(page, 'plan-change-cancel-dialog');
        await dialog.getByRole('button', { name: 'ثبت درخواست لغو' }).click();
        await dialog.waitFor({ state: 'detached' });
        const pending = page
          .getByRole('alert')
          .filter({ hasText: 'درخواست لغو این سرویس ثبت شده است' });
        await pending.getByText(endsOn).waitFor();
        const access = await api<{ cancellation: { endsAt: string | null } | null }>(
          '/api/user/services/get-service-access',
          { serviceId: service.id },
          customer.token,
        );
        expect(access.cancellation?.endsAt).toBe(service.expiresAt);
        expect(await page.getByRole('button', { name: 'درخواست لغو سرویس' }).count()).toBe(0);
        await page
          .getByRole('region', { name: 'رویدادهای سرویس' })
          .getByText(/به سرور اختصاصی کوچ می‌کنیم/)
          .waitFor();

        // Nothing wider than a phone, with the alert showing.
        await page.setViewportSize(viewports.phone);
        await page.evaluate(() => document.fonts.ready);
        await pending.waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          await page.evaluate(() => document.documentElement.clientWidth),
        );
        // Nor cut off inside the alert, whose parts hide what overflows them.
        const clipped = await pending.evaluate((alert) =>
          [alert, ...alert.querySelectorAll('*')]
            .filter((part) => part.scrollWidth > part.clientWidth + 1)
            .map((part) => part.textContent),
        );
        expect(clipped).toEqual([]);
        await page.setViewportSize(viewports.desktop);
        await screenshotBoth(page, 'plan-change-cancellation-pending');

        // Taken back: the service runs on, and the quiet button is there again.
        await pending.getByRole('button', { name: 'پس گرفتن درخواست لغو' }).click();
        await pending.waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'درخواست لغو سرویس' }).waitFor();
        const withdrawn = await api<{ cancellation: unknown }>(
          '/api/user/services/get-service-access',
          { serviceId: service.id },
          customer.token,
        );
        expect(withdrawn.cancellation).toBeNull();

        // Past its term (as the daily sweep would leave it): no plan change, and a cancellation
        // ends it now, which the dialog says before it is confirmed.
        await h.server.app.db
          .update(services)
          .set({ status: 'expired', expiresAt: new Date(Date.now() - 2 * DAY_MS) })
          .where(eq(services.id, service.id));
        await page.reload();
        await card.getByText('پلن فقط برای سرویس فعال تغییر می‌کند').waitFor();
        expect(await card.getByRole('radio').count()).toBe(0);
        await page.getByRole('button', { name: 'درخواست لغو سرویس' }).click();
        await dialog.getByText(/همین حالا لغو می‌شود/).waitFor();
        await screenshotBoth(page, 'plan-change-cancel-expired-dialog');
        await dialog.getByRole('button', { name: 'لغو همین حالا' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page
          .getByRole('main')
          .locator('.mantine-Badge-root', { hasText: 'لغوشده' })
          .first()
          .waitFor();
        expect(await card.count()).toBe(0);
        expect(await page.getByRole('button', { name: 'درخواست لغو سرویس' }).count()).toBe(0);
      } finally {
        await raisePrice(UPGRADE_SLUG, -PRICE_RISE_RIAL);
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
