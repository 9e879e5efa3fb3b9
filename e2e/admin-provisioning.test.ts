import { and, desc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeWhm, startFakeWhm } from '../apps/server/src/providers/panel/fake-whm';
import {
  auditLog,
  panelServers,
  productProvisioning,
  products,
  services,
  users,
} from '../apps/server/src/schema';
import { launchChromium, saveScreenshot } from './browser';
import {
  ADMIN,
  callApi,
  demoToken,
  emptyDemoCart,
  newPage,
  persianDigits,
  SUPPORT,
  screenshotBoth,
  signIn,
} from './flows';
import { type InProcessServer, startInProcessServer } from './in-process-server';

// The console's provisioning section (issue 20) in the browser. A WHM stand-in (the fake the
// driver's own tests use) refuses our token, so a hosting plan the demo customer buys with her
// wallet lands in the failed-setup queue after one attempt (an auth refusal is not retried).
// The admin finds it there, reads the redacted exchange in its timeline, fixes the panel and
// sends it again until it is active; then adds a server through the form, tests connections,
// and maps a product. Each change is checked on the page and in the database.

const SECTION = 'راه‌اندازی سرویس‌ها';
const CONSOLE_NAV = 'منوی کنسول کارکنان';
const GROUP = 'e2e-whm';
const SERVER_NAME = 'whm-e2e-1';
const PRODUCT_SLUG = 'host-linux-5g';
const DOMAIN = 'provision-e2e.ir';

let server: InProcessServer;
let browser: Browser;
let whm: FakeWhm;
let adminToken: string;
let serviceId: string;
let serviceName: string;

async function adminCall<T>(path: string, input: unknown): Promise<T> {
  return callApi<T>(server.url, path, input, adminToken);
}

async function serviceRow() {
  const [row] = await server.app.db.select().from(services).where(eq(services.id, serviceId));
  if (!row) throw new Error('the bought service is missing');
  return row;
}

/** Waits for the server's job workers to move the service (poll: expect.poll is for tests). */
async function waitForStatus(status: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = (await serviceRow()).status;
    if (now === status) return;
    if (Date.now() > deadline) throw new Error(`the service stayed ${now}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The demo customer buys the mapped hosting plan and pays it from her wallet, as the API allows. */
async function buyHostingWithWallet(): Promise<string> {
  const token = await demoToken(server.url);
  await emptyDemoCart(server.url, token);
  const [sara] = await server.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, '+989121234567'));
  if (!sara) throw new Error('the demo customer is missing');
  await adminCall('/api/admin/customers/adjust-customer-credit', {
    userId: sara.id,
    amountRial: 50_000_000,
    reason: 'اعتبار خرید آزمایشی میزبانی',
  });
  const [product] = await server.app.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, PRODUCT_SLUG));
  if (!product) throw new Error(`no product ${PRODUCT_SLUG}`);
  await callApi(
    server.url,
    '/api/cart/add-to-cart',
    { productId: product.id, cycle: 'monthly', domainName: DOMAIN },
    token,
  );
  const order = await callApi<{ id: string }>(server.url, '/api/cart/submit-order', {}, token);
  const paid = await callApi<{ status: string }>(
    server.url,
    '/api/cart/use-wallet-in-order',
    { orderId: order.id },
    token,
  );
  expect(paid.status).toBe('paid');
  const [bought] = await server.app.db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.orderId, order.id));
  if (!bought) throw new Error('the paid order made no service');
  return bought.id;
}

beforeAll(async () => {
  whm = await startFakeWhm();
  // A revoked token: WHM answers 403, which the driver does not retry.
  whm.setMode('auth-failure');
  server = await startInProcessServer();
  browser = await launchChromium();
  const identity = await callApi<{ jwtToken: string }>(server.url, '/api/jwt/authenticate', {
    username: ADMIN.mobile,
    password: ADMIN.password,
  });
  adminToken = identity.jwtToken;

  await adminCall('/api/admin/provisioning/save-panel-server', {
    name: SERVER_NAME,
    kind: 'whm',
    baseUrl: whm.url,
    groupName: GROUP,
    capacity: 50,
    enabled: true,
    credentials: { username: whm.username, apiToken: whm.apiToken },
  });
  const [product] = await server.app.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, PRODUCT_SLUG));
  if (!product) throw new Error(`no product ${PRODUCT_SLUG}`);
  await adminCall('/api/admin/provisioning/save-product-provisioning', {
    productId: product.id,
    provisioning: {
      groupName: GROUP,
      packageName: 'business',
      graceDays: 5,
      terminateAfterDays: 20,
    },
  });

  serviceId = await buyHostingWithWallet();
  // The server's job workers take the provisioning job; one refused attempt hands it to staff.
  await waitForStatus('needs-attention');
  serviceName = (await serviceRow()).name;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await whm?.close();
});

function consoleNav(page: Page) {
  return page.getByRole('navigation', { name: CONSOLE_NAV });
}

describe('the console provisioning section in the browser', () => {
  test('an admin finds the failed setup, reads its redacted panel calls and sends it again until it is active', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin/provisioning', ADMIN);
      await page.getByRole('heading', { name: SECTION, level: 1 }).waitFor();
      await consoleNav(page).getByRole('link', { name: SECTION }).waitFor();

      // The queue: the service first, with its customer, status, server, attempts and message.
      const queue = page.getByRole('table', { name: 'صف راه‌اندازی سرویس‌ها' });
      const serviceLink = page.getByRole('link', { name: serviceName, exact: true });
      const row = queue.getByRole('row').filter({ has: serviceLink });
      await row.waitFor();
      expect(
        await queue.getByRole('row').nth(1).getByRole('link').first().getAttribute('aria-label'),
      ).toBe(serviceName);
      await row.getByText('در دست پشتیبانی').waitFor();
      await row.getByText('سارا محمدی').waitFor();
      await row.getByText(persianDigits('0912 123 4567')).waitFor();
      await row.getByText(SERVER_NAME, { exact: true }).waitFor();
      await row.getByText(/^(کمتر از یک دقیقه|[۰-۹]+ دقیقه)$/u).waitFor();
      await row.getByRole('cell', { name: '۱', exact: true }).waitFor();
      await row
        .getByText(`ساخت حساب روی ${SERVER_NAME} نشد و به کارشناس سپرده شد`, { exact: false })
        .waitFor();
      await page
        .getByText(/^[۰-۹]+ نیازمند اقدام$/u)
        .first()
        .waitFor();
      await screenshotBoth(page, 'admin-provisioning-queue');

      // Only what needs a person: the address keeps the filter, the service stays.
      // A click, not check(): the address changes in a transition, the switch follows it.
      const onlyAttention = page.getByRole('switch', { name: 'فقط نیازمند اقدام' });
      await onlyAttention.click();
      await page.waitForURL(`${server.url}/admin/provisioning?attention=1`);
      await expect.poll(() => onlyAttention.isChecked()).toBe(true);
      await row.waitFor();

      // The timeline: the hand-over, and the WHM call with its 403, the password redacted.
      await row.getByRole('link', { name: serviceName, exact: true }).click();
      await page.waitForURL(`${server.url}/admin/provisioning/services/${serviceId}`);
      await page.getByRole('heading', { name: serviceName, level: 1 }).waitFor();
      const events = page.getByRole('list', { name: 'رویدادهای سرویس' });
      const handover = events
        .getByRole('listitem')
        .filter({ hasText: 'و به کارشناس سپرده شد' })
        .first();
      await handover.getByText('تلاش ۱').waitFor();
      expect(await handover.textContent()).toMatch(/۱۴۰[۰-۹]\/[۰-۹]{2}\/[۰-۹]{2}/u);
      await handover.getByRole('button', { name: /درخواست‌های کنترل پنل/ }).click();
      const call = handover.getByLabel(/^درخواست GET \/json-api\/createacct/);
      await call.waitFor();
      await call.getByText('وضعیت ۴۰۳').waitFor();
      await call.getByText('password=[redacted]', { exact: false }).waitFor();
      await call.getByLabel('بدنهٔ پاسخ').waitFor();
      const service = await serviceRow();
      const accountPassword = server.app.secrets.open(service.panelPassword ?? '');
      const timelineText = (await page.locator('main').textContent()) ?? '';
      expect(accountPassword.length).toBeGreaterThan(8);
      expect(timelineText).not.toContain(accountPassword);
      expect(timelineText).not.toContain(whm.apiToken);
      await screenshotBoth(page, 'admin-provisioning-timeline');

      // «انجام دستی» asks for a reason before anything changes.
      await page.getByRole('button', { name: 'انجام دستی' }).click();
      const byHand = page.getByRole('dialog', { name: `انجام دستی راه‌اندازی ${serviceName}` });
      await byHand.getByRole('button', { name: 'بله، سرویس فعال شود' }).click();
      await byHand.getByText('دلیل را دست‌کم در ۳ حرف بنویسید').waitFor();
      await byHand.getByRole('button', { name: 'انصراف' }).click();
      await expect.poll(() => byHand.count(), { timeout: 15_000 }).toBe(0);
      expect((await serviceRow()).status).toBe('needs-attention');

      // The token is renewed on the panel: «تلاش دوباره» on the same server makes it active.
      whm.setMode('normal');
      await page.getByRole('button', { name: 'تلاش دوباره' }).click();
      const retry = page.getByRole('dialog', { name: `تلاش دوباره برای ${serviceName}` });
      await retry.getByText(`سرور کنونی: ${SERVER_NAME}`).waitFor();
      await retry.getByLabel('دلیل').fill('توکن WHM تازه شد');
      await page.waitForTimeout(300);
      await saveScreenshot(page, 'admin-provisioning-retry-dialog-desktop');
      await retry.getByRole('button', { name: 'بفرست برای راه‌اندازی' }).click();
      await page.getByText('راه‌اندازی دوباره در صف است').waitFor();
      await expect.poll(() => retry.count(), { timeout: 15_000 }).toBe(0);
      await page
        .getByRole('heading', { name: serviceName, level: 1 })
        .locator('..')
        .getByText('فعال', { exact: true })
        .waitFor({ timeout: 45_000 });
      await events.getByText('حساب روی پنل ساخته شد؛ سرویس فعال است').waitFor();
      await events.getByText('کارشناس راه‌اندازی را دوباره فرستاد (توکن WHM تازه شد)').waitFor();
      expect(await page.getByRole('button', { name: 'تلاش دوباره' }).count()).toBe(0);
      const active = await serviceRow();
      expect(active.status).toBe('active');
      expect(whm.accounts().map((account) => [account.user, account.domain, account.plan])).toEqual(
        [[active.panelUsername, DOMAIN, 'business']],
      );
      const [retried] = await server.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, serviceId), eq(auditLog.action, 'service.retry-setup')));
      expect(retried).toMatchObject({
        reason: 'توکن WHM تازه شد',
        before: { status: 'needs-attention' },
        after: { status: 'provisioning' },
      });
      await screenshotBoth(page, 'admin-provisioning-timeline-active');

      // The queue no longer has it.
      await page.goto(`${server.url}/admin/provisioning`);
      await page.getByRole('heading', { name: SECTION, level: 1 }).waitFor();
      await expect.poll(() => serviceLink.count(), { timeout: 20_000 }).toBe(0);

      // The customer's file links each service to its timeline.
      const [sara] = await server.app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.mobile, '+989121234567'));
      await page.goto(`${server.url}/admin/customers/${sara?.id}`);
      const timelineLink = page
        .getByRole('table', { name: 'سرویس‌های مشتری' })
        .getByRole('link', { name: `رویدادها: ${serviceName}` });
      await timelineLink.waitFor();
      await screenshotBoth(page, 'admin-provisioning-customer-file');
      await timelineLink.click();
      await page.waitForURL(`${server.url}/admin/provisioning/services/${serviceId}`);
      await page.getByRole('heading', { name: serviceName, level: 1 }).waitFor();
    } finally {
      await close();
    }
  });

  test('an admin adds a panel server through the form and tests the connections', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin/provisioning/servers', ADMIN);
      await page.getByRole('heading', { name: 'سرورهای کنترل پنل', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'فهرست سرورهای کنترل پنل' });
      await table.getByRole('row').filter({ hasText: 'sandbox-1' }).waitFor();
      const first = table.getByRole('row').filter({ hasText: SERVER_NAME });
      await first.getByText('cPanel/WHM').waitFor();
      await first.getByText('۱ از ۵۰').waitFor();

      // A working panel: its version and accounts, and how long it took.
      await first.getByRole('button', { name: `آزمودن اتصال ${SERVER_NAME}` }).click();
      await table
        .getByText(
          new RegExp(
            `^اتصال برقرار است · نسخهٔ [۰-۹.]+ · ${persianDigits(whm.accounts().length)} حساب روی پنل · در [۰-۹]+ میلی‌ثانیه$`,
            'u',
          ),
        )
        .waitFor();

      // A new server: the token is required, then it is saved and listed.
      await page.getByRole('button', { name: 'سرور تازه' }).click();
      const dialog = page.getByRole('dialog', { name: 'سرور تازهٔ کنترل پنل' });
      await dialog.getByRole('textbox', { name: 'نام', exact: true }).fill('whm-e2e-2');
      await dialog.getByRole('textbox', { name: 'نشانی سرور' }).fill(whm.url);
      await dialog.getByRole('textbox', { name: 'گروه', exact: true }).fill(GROUP);
      await dialog.getByRole('textbox', { name: 'ظرفیت (تعداد حساب)' }).fill('۱۲۰');
      await dialog.getByRole('textbox', { name: 'نام کاربری WHM' }).fill(whm.username);
      await dialog.getByRole('button', { name: 'افزودن سرور' }).click();
      await dialog.getByText('این فیلد لازم است').waitFor();
      await expect
        .poll(() => dialog.getByLabel('توکن API').getAttribute('aria-invalid'))
        .toBe('true');
      await dialog.getByLabel('توکن API').fill(whm.apiToken);
      // The nameservers its customers point their domains at (issue 35 item 15), one a line.
      await dialog
        .getByRole('textbox', { name: 'نیم‌سرورها' })
        .fill('NS1.e2e-host.ir\nns2.e2e-host.ir');
      await page.waitForTimeout(300);
      await saveScreenshot(page, 'admin-provisioning-server-dialog-desktop');
      await dialog.getByRole('button', { name: 'افزودن سرور' }).click();
      await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
      const added = table.getByRole('row').filter({ hasText: 'whm-e2e-2' });
      await added.getByText('۰ از ۱۲۰').waitFor();
      const [saved] = await server.app.db
        .select()
        .from(panelServers)
        .where(eq(panelServers.name, 'whm-e2e-2'));
      expect(saved).toMatchObject({
        kind: 'whm',
        groupName: GROUP,
        capacity: 120,
        nameservers: ['ns1.e2e-host.ir', 'ns2.e2e-host.ir'],
        enabled: true,
      });
      // Sealed at rest: the token is not in the stored credentials as typed.
      expect(saved?.credentials).not.toContain(whm.apiToken);

      // An edit that leaves the credentials empty keeps them; switched off, it says so.
      await added.getByRole('button', { name: 'ویرایش' }).click();
      const edit = page.getByRole('dialog', { name: 'ویرایش سرور whm-e2e-2' });
      await edit.getByText('خالی بماند، همان قبلی می‌ماند.', { exact: false }).first().waitFor();
      await edit.getByRole('switch', { name: /^روشن/ }).uncheck();
      await edit.getByRole('button', { name: 'ذخیرهٔ سرور' }).click();
      await expect.poll(() => edit.count(), { timeout: 15_000 }).toBe(0);
      await added.getByText('خاموش').waitFor();
      const [edited] = await server.app.db
        .select()
        .from(panelServers)
        .where(eq(panelServers.name, 'whm-e2e-2'));
      expect(edited?.enabled).toBe(false);
      expect(edited?.credentials).toBe(saved?.credentials);

      // The kept token still works; a refused one is shown as the driver's reason.
      await added.getByRole('button', { name: 'آزمودن اتصال whm-e2e-2' }).click();
      await table
        .getByText(/^اتصال برقرار است · نسخهٔ/u)
        .nth(1)
        .waitFor();
      whm.setMode('auth-failure');
      await first.getByRole('button', { name: `آزمودن اتصال ${SERVER_NAME}` }).click();
      const refusedTest = table.getByRole('status').filter({ hasText: 'اتصال برقرار نشد' });
      await refusedTest.getByText(/^اتصال برقرار نشد · در [۰-۹]+ میلی‌ثانیه$/u).waitFor();
      await refusedTest.getByText(/^auth: /).waitFor();
      whm.setMode('normal');
      await screenshotBoth(page, 'admin-provisioning-servers');
    } finally {
      await close();
    }
  });

  test('an admin maps a product to a server group and hands it back to manual delivery', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin/provisioning/products', ADMIN);
      await page.getByRole('heading', { name: 'تحویل محصولات', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'محصولاتی که خودکار راه‌اندازی می‌شوند' });
      const [hosting] = await server.app.db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(eq(products.slug, PRODUCT_SLUG));
      const mapped = table.getByRole('row').filter({ hasText: hosting?.name ?? '' });
      await mapped.getByText(GROUP).waitFor();
      await mapped.getByText('business').waitFor();
      await mapped.getByText('۵ روز').waitFor();
      await mapped.getByText('۲۰ روز').waitFor();
      await screenshotBoth(page, 'admin-provisioning-products');

      // A VPS plan, delivered by hand so far, is mapped through the dialog.
      const [vps] = await server.app.db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(eq(products.slug, 'vps-2core'));
      if (!vps) throw new Error('no VPS product');
      await page.getByRole('button', { name: 'وصل کردن محصول' }).click();
      const dialog = page.getByRole('dialog', { name: 'تحویل خودکار یک محصول' });
      await dialog.getByRole('textbox', { name: 'گروه سرور' }).fill(GROUP);
      await dialog.getByRole('textbox', { name: 'بسته روی کنترل پنل' }).fill('unlimited');
      await dialog.getByRole('textbox', { name: 'روزهای ارفاق' }).fill('۱۰۰');
      await dialog.getByRole('button', { name: 'ذخیرهٔ روش تحویل' }).click();
      await dialog.getByText('محصول را انتخاب کنید').waitFor();
      await dialog.getByRole('combobox', { name: 'محصول', exact: true }).selectOption(vps.id);
      await dialog.getByRole('button', { name: 'ذخیرهٔ روش تحویل' }).click();
      await dialog.getByText('روزهای ارفاق را عددی از ۰ تا ۹۰ بنویسید').waitFor();
      await dialog.getByRole('textbox', { name: 'روزهای ارفاق' }).fill('۳');
      await page.waitForTimeout(300);
      await saveScreenshot(page, 'admin-provisioning-product-dialog-desktop');
      await dialog.getByRole('button', { name: 'ذخیرهٔ روش تحویل' }).click();
      await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
      const vpsRow = table.getByRole('row').filter({ hasText: vps.name });
      await vpsRow.getByText('unlimited').waitFor();
      const [vpsMapping] = await server.app.db
        .select()
        .from(productProvisioning)
        .where(eq(productProvisioning.productId, vps.id));
      expect(vpsMapping).toMatchObject({
        groupName: GROUP,
        packageName: 'unlimited',
        graceDays: 3,
        terminateAfterDays: 30,
      });

      // «تحویل دستی» takes it off the panels again.
      await vpsRow.getByRole('button', { name: 'تحویل دستی' }).click();
      await page
        .getByRole('dialog', { name: `تحویل دستی ${vps.name}` })
        .getByRole('button', { name: 'بله، دستی تحویل شود' })
        .click();
      await expect.poll(() => vpsRow.count(), { timeout: 15_000 }).toBe(0);
      const left = await server.app.db
        .select()
        .from(productProvisioning)
        .where(eq(productProvisioning.productId, vps.id));
      expect(left).toEqual([]);
      const [unmapped] = await server.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, vps.id), eq(auditLog.action, 'product.provisioning')))
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      expect(unmapped?.after).toBeNull();
    } finally {
      await close();
    }
  });

  test('support is not offered the section and is refused at its address', async () => {
    const { page, close } = await newPage(browser);
    try {
      await signIn(page, server.url, '/admin/provisioning', SUPPORT);
      await page.getByRole('heading', { name: 'دسترسی ندارید', level: 1 }).waitFor();
      await consoleNav(page).getByRole('link').first().waitFor();
      expect(await consoleNav(page).getByRole('link', { name: SECTION }).count()).toBe(0);
    } finally {
      await close();
    }
  });
});
