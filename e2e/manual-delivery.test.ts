import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { productManualDelivery, products, services, users } from '../apps/server/src/schema';
import { launchChromium } from './browser';
import {
  ADMIN,
  callApi,
  demoToken,
  emptyDemoCart,
  newPage,
  persianDigits,
  screenshotBoth,
  signIn,
} from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// Issue 35, items 2 and 9, in the browser. A VPS the demo customer pays for waits «در انتظار
// تحویل» on her service page, with no term; the admin sees the waiting work counted on the
// console's menu and dashboard, finds it in the delivery queue beside رضا's overdue VPS from the
// demo, delivers it with an IP, a user and a secret password; the customer then reads the
// details, the password only after her own. Screenshots at phone and desktop widths.

let server: InProcessServer;
let browser: Browser;
let serviceId: string;

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchChromium();
  const admin = await callApi<{ jwtToken: string }>(server.url, '/api/jwt/authenticate', {
    username: ADMIN.mobile,
    password: ADMIN.password,
  });
  const token = await demoToken(server.url);
  await emptyDemoCart(server.url, token);
  const [sara] = await server.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, '+989121234567'));
  const [vps] = await server.app.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, 'vps-2core'));
  if (!sara || !vps) throw new Error('demo data is missing');
  await callApi(
    server.url,
    '/api/admin/customers/adjust-customer-credit',
    { userId: sara.id, amountRial: 80_000_000, reason: 'اعتبار خرید آزمایشی سرور' },
    admin.jwtToken,
  );
  await callApi(
    server.url,
    '/api/cart/add-to-cart',
    { productId: vps.id, cycle: 'monthly' },
    token,
  );
  const order = await callApi<{ id: string }>(server.url, '/api/cart/submit-order', {}, token);
  await callApi(server.url, '/api/cart/use-wallet-in-order', { orderId: order.id }, token);
  const [bought] = await server.app.db
    .select({ id: services.id, status: services.status })
    .from(services)
    .where(eq(services.orderId, order.id));
  if (!bought) throw new Error('the paid order made no service');
  expect(bought.status).toBe('awaiting-delivery');
  serviceId = bought.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a product delivered by hand', () => {
  test('the customer sees it waiting, not active, with no term', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, `/account/services/${serviceId}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toContain('سرور مجازی ۲ هسته');
      await expect.poll(() => page.getByText('در انتظار تحویل').count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByText('دورهٔ سرویس از روز تحویل آغاز می‌شود').count()).toBe(1);
      expect(await page.getByText('یک دوره پس از تحویل').count()).toBe(1);
      expect(await page.getByText('روز مانده').count()).toBe(0);
      await screenshotBoth(page, 'delivery-waiting-service');
    } finally {
      await close();
    }
  });

  test('the admin sees the waiting work, delivers it, and the customer reads the details', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin', ADMIN);
      const work = page.getByRole('region', { name: 'کارهای منتظر' });
      // The demo's رضا waits past his VPS's 24 hours; سارا's VPS waits too.
      await expect.poll(() => work.getByText('تحویل دستی (۱ دیرشده)').count()).toBe(1);
      const menu = page.getByRole('navigation', { name: 'منوی کنسول کارکنان' }).first();
      await expect
        .poll(() => menu.getByLabel(`${persianDigits(2)} سرویس منتظر کارشناس`).count())
        .toBeGreaterThan(0);
      await screenshotBoth(page, 'delivery-console-dashboard');

      await work.getByRole('link', { name: /تحویل دستی/ }).click();
      await page.waitForURL(`${server.url}/admin/provisioning/delivery`);
      const table = page.getByRole('table', { name: 'صف تحویل دستی' });
      await expect.poll(() => table.getByRole('row').count()).toBe(3);
      // Waiting longest first: رضا's overdue VPS, then سارا's.
      const rows = table.getByRole('row');
      expect(await rows.nth(1).textContent()).toContain('رضا کریمی');
      expect(await rows.nth(1).getByText('دیرشده').count()).toBe(1);
      expect(await rows.nth(2).textContent()).toContain('سارا محمدی');
      await screenshotBoth(page, 'delivery-queue');

      await rows.nth(2).getByRole('button', { name: 'تحویل' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('مقدار ۱').fill('185.55.224.77');
      await dialog.getByLabel('مقدار ۲').fill('root');
      await dialog.getByLabel('مقدار ۳').fill('Zx9-e2e-root-pass');
      await screenshotBoth(page, 'delivery-dialog');
      await dialog.getByRole('button', { name: 'ثبت تحویل و آغاز دوره' }).click();
      await expect.poll(() => page.getByText('سرویس تحویل شد و دورهٔ آن آغاز شد').count()).toBe(1);
      await expect.poll(() => table.getByRole('row').count()).toBe(2);
      const [delivered] = await server.app.db
        .select()
        .from(services)
        .where(eq(services.id, serviceId));
      expect(delivered?.status).toBe('active');
      expect(delivered?.deliveryDetails).not.toContain('Zx9-e2e-root-pass');

      // Each product delivered by hand has its own time before it is overdue.
      await page.getByRole('link', { name: 'تحویل محصولات' }).click();
      const times = page.getByRole('region', { name: 'مهلت تحویل دستی' });
      const vpsHours = times.getByLabel('مهلت سرور مجازی ۲ هسته (ساعت)');
      await vpsHours.fill('6');
      await screenshotBoth(page, 'delivery-product-times');
      await times.getByRole('button', { name: 'ذخیرهٔ مهلت سرور مجازی ۲ هسته' }).click();
      await expect
        .poll(async () => {
          const [row] = await server.app.db
            .select({ hours: productManualDelivery.alertAfterHours })
            .from(productManualDelivery)
            .innerJoin(products, eq(products.id, productManualDelivery.productId))
            .where(eq(products.slug, 'vps-2core'));
          return row?.hours;
        })
        .toBe(6);
    } finally {
      await close();
    }

    const customer = await newPage(browser);
    try {
      await signIn(customer.page, server.url, `/account/services/${serviceId}`);
      const card = customer.page.getByRole('region', { name: 'اطلاعات دسترسی' });
      await expect.poll(() => card.getByText('185.55.224.77').count()).toBe(1);
      expect(await card.getByText('Zx9-e2e-root-pass').count()).toBe(0);
      expect(await card.getByText('پنهان').count()).toBe(1);
      await card.getByRole('button', { name: 'نمایش اطلاعات محرمانه' }).click();
      const dialog = customer.page.getByRole('dialog');
      await dialog.getByLabel('رمز عبور حساب ویترین').fill('vitrin-demo-1405');
      await dialog.getByRole('button', { name: 'نمایش', exact: true }).click();
      await expect.poll(() => card.getByText('Zx9-e2e-root-pass').count()).toBe(1);
      await screenshotBoth(customer.page, 'delivery-delivered-service');
    } finally {
      await customer.close();
    }
  });
});
