import { describe, expect, test } from 'vitest';
import { viewports } from './browser';
import { ADMIN, callApi, newPage, screenshotBoth, signIn, signUpCustomer } from './flows';
import { useServerAndBrowser } from './harness';

// Issue 35 items 7 and 8: an order whose card-to-card claim waits for staff says so (not the
// deadline it is held past); once confirmed it names the method truthfully; and the gateway's
// callback says what each bought service is doing, from its real status.

const h = useServerAndBrowser();
const FLOW_TIMEOUT_MS = 180_000;

const api = <T>(apiPath: string, input: unknown, token?: string) =>
  callApi<T>(h.server.url, apiPath, input, token);

/** A new customer's pending order of one line, with the buyer's details given. */
async function pendingOrder(slug: string, cycle: string, domainName?: string) {
  const customer = await signUpCustomer(h.server.url, h.server.dataDir);
  const product = await api<{ id: string }>('/api/store/get-product', { slug });
  await api(
    '/api/cart/add-to-cart',
    { productId: product.id, cycle, ...(domainName ? { domainName } : {}) },
    customer.token,
  );
  await api(
    '/api/cart/update-user',
    { fullName: 'نیلوفر پرداخت', email: `pay-${Date.now()}@example.com` },
    customer.token,
  );
  const order = await api<{ id: string; payableRial: number }>(
    '/api/cart/submit-order',
    {},
    customer.token,
  );
  return { customer, order };
}

describe('payment words', () => {
  test(
    'a card-to-card claim waits for staff, then the order names the method it was paid by',
    async () => {
      const { customer, order } = await pendingOrder(
        'host-linux-1g',
        'monthly',
        `words-${Date.now()}.ir`,
      );
      const claim = await api<{ id: string }>(
        '/api/pay/claim-transfer',
        {
          method: 'card-to-card',
          orderId: order.id,
          transferReference: String(Date.now()).slice(-10),
          transferredAt: new Date(Date.now() - 10 * 60_000).toISOString(),
          cardLast4: '4321',
        },
        customer.token,
      );

      const { page, close } = await newPage(h.browser, viewports.phone);
      try {
        await signIn(page, h.server.url, `/account/orders/${order.id}`, customer.account);
        await page.getByText(/منتظر تأیید کارشناس است\. تا بررسی آن، سفارش لغو نمی‌شود/).waitFor();
        expect(await page.getByText('خودبه‌خود لغو می‌شود').count()).toBe(0);
        await screenshotBoth(page, 'order-claim-awaiting-staff');
        await page.goto(`${h.server.url}/account/orders`);
        await page.getByText('پرداخت ثبت شده؛ در انتظار تأیید کارشناس').waitFor();
        expect(await page.getByText('مهلت پرداخت').count()).toBe(0);
        await screenshotBoth(page, 'orders-claim-awaiting-staff');

        const admin = await api<{ jwtToken: string }>('/api/jwt/authenticate', {
          username: ADMIN.mobile,
          password: ADMIN.password,
        });
        await api('/api/admin/billing/confirm-transfer', { paymentId: claim.id }, admin.jwtToken);

        await page.goto(`${h.server.url}/account/orders/${order.id}`);
        await page.getByText('پرداخت با کارت به کارت').waitFor();
        await page.getByText('پرداخت‌شده').first().waitFor();
        expect(await page.getByText('پرداخت از درگاه').count()).toBe(0);
        expect(await page.getByText(/درگاه پرداخت/).count()).toBe(0);
        await screenshotBoth(page, 'order-paid-by-card-to-card');
      } finally {
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  test(
    // A VPS is delivered by hand (decision 0035); domains are registered by their registry now.
    'the callback says a VPS waits for staff to deliver it, not that it is active',
    async () => {
      const { customer, order } = await pendingOrder('vps-2core', 'monthly');
      const { page, close } = await newPage(h.browser, viewports.desktop);
      try {
        await signIn(page, h.server.url, `/account/orders/${order.id}`, customer.account);
        await page.getByRole('radio', { name: 'درگاه آزمایشی' }).click();
        await page.getByRole('button', { name: 'پرداخت سفارش' }).click();
        await page.waitForURL(/\/pay\/sandbox\//);
        await page.getByRole('button', { name: 'پرداخت موفق' }).click();
        await page.waitForURL(/\/pay\/callback\?/);
        const bought = page.getByRole('list', { name: 'سرویس‌های این سفارش' });
        await bought.getByText('در انتظار تحویل').waitFor();
        await bought.getByText(/کارشناس آن را آماده و تحویل می‌دهد/).waitFor();
        await page.getByRole('heading', { name: 'پرداخت موفق', exact: true, level: 1 }).waitFor();
        expect(await page.getByText(/فعال شد/).count()).toBe(0);
        await screenshotBoth(page, 'callback-awaiting-delivery');
      } finally {
        await close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
