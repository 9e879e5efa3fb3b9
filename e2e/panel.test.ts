import { vatOf } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { replyAsStaff } from '../apps/server/src/modules/tickets/tickets.service';
import { users } from '../apps/server/src/schema';
import { viewports } from './browser';
import {
  callApi,
  demoToken,
  emptyDemoCart,
  newPage,
  persianDigits,
  screenshotBoth,
  signIn,
  signInHere,
} from './flows';
import { useInProcessServerAndBrowser } from './harness';

// The customer panel (issue 6) in the browser. The server runs inside this process so that,
// until the staff console exists, the test can answer a ticket through the service layer.

const h = useInProcessServerAndBrowser();

const api = <T>(path: string, input: unknown, token?: string) =>
  callApi<T>(h.server.url, path, input, token);

interface TicketAnswer {
  id: string;
  number: number;
  status: string;
  unread: boolean;
}

interface ServiceAnswer {
  id: string;
  name: string;
  status: string;
  expiresAt: string | null;
  domainName: string | null;
  renewal: { cycle: string; priceRial: number } | null;
}

/** A real PNG drawn by the browser, so the thumbnail on the page shows something. */
async function drawPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 300;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const gradient = context.createLinearGradient(0, 0, 480, 300);
    gradient.addColorStop(0, '#0f766e');
    gradient.addColorStop(1, '#f59e0b');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 480, 300);
    context.fillStyle = '#ffffff';
    context.font = 'bold 40px sans-serif';
    context.fillText('500 Internal Error', 60, 160);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}

async function staffUserId(): Promise<string> {
  const [staff] = await h.server.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, '+989351234567'));
  if (!staff) throw new Error('the demo staff account is missing');
  return staff.id;
}

/** The panel's link to tickets in the side column, where its red dot shows. */
function ticketsNavLink(page: Page) {
  return page
    .getByRole('navigation', { name: 'منوی پنل کاربری' })
    .getByRole('link', { name: /تیکت‌های پشتیبانی/ });
}

describe('the customer panel in the browser', () => {
  test('a ticket with an attachment gets a staff reply, shows the red dot, is answered and closed', async () => {
    const token = await demoToken(h.server.url);
    const { page, close } = await newPage(h.browser);
    try {
      await signIn(page, h.server.url, '/account/tickets/new');
      await page.getByRole('heading', { name: 'تیکت تازه', level: 1 }).waitFor();

      await page.getByRole('textbox', { name: 'بخش' }).click();
      await page.getByRole('option', { name: 'پشتیبانی فنی' }).click();
      const subject = 'خطای ۵۰۰ در صفحهٔ پرداخت فروشگاه';
      await page.getByLabel('موضوع').fill(subject);
      await page
        .getByLabel('شرح درخواست')
        .fill('از دیروز صفحهٔ پرداخت فروشگاهم خطای ۵۰۰ می‌دهد.\nتصویر خطا پیوست است.');
      const png = await drawPng(page);
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'error-screen.png', mimeType: 'image/png', buffer: png });
      // The bar fills as it goes (too fast to catch here); the row then says it is done.
      const upload = page.getByRole('listitem').filter({ hasText: 'error-screen.png' });
      await upload.getByText('بارگذاری شد').waitFor();
      const submit = page.getByRole('button', { name: 'ثبت تیکت' });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await screenshotBoth(page, 'panel-ticket-new');
      await submit.click();

      await page.waitForURL(/\/account\/tickets\/[0-9a-f-]{36}$/);
      const ticketId = page.url().split('/').at(-1) ?? '';
      await page.getByRole('heading', { name: subject, level: 1 }).waitFor();
      await page.getByText('تصویر خطا پیوست است.').waitFor();
      // The attachment is read back through the API and shown from an object URL.
      const thumbnail = page.getByRole('button', { name: 'نمایش بزرگ‌تر error-screen.png' });
      await thumbnail.waitFor();
      expect(await thumbnail.locator('img').getAttribute('src')).toMatch(/^blob:/);
      const opened = await api<TicketAnswer>(
        '/api/user/tickets/get-ticket-detail',
        { ticketId },
        token,
      );
      expect(opened.status).toBe('open');

      // The seed's unread answer is read first, so the dot below is this ticket's alone.
      const listed = await api<{ items: TicketAnswer[] }>(
        '/api/user/tickets/get-user-tickets',
        {},
        token,
      );
      for (const unread of listed.items.filter((item) => item.unread)) {
        await api('/api/user/tickets/get-ticket-replies', { ticketId: unread.id }, token);
      }
      await page.goto(`${h.server.url}/account`);
      await page.getByRole('heading', { name: 'پیشخوان', level: 1 }).waitFor();
      await ticketsNavLink(page).waitFor();
      // The dots come with their own answer, after the menu is drawn.
      await expect.poll(() => ticketsNavLink(page).getByLabel('اعلان تازه').count()).toBe(0);

      // Staff answers through the service layer; the customer gets an SMS and, on the page,
      // the red dot when the window regains focus, without a reload.
      const staffBody = 'سلام، مشکل از افزونهٔ درگاه بود و به‌روز شد. لطفا دوباره امتحان کنید.';
      const outcome = await replyAsStaff(h.server.app, {
        ticketId,
        staffUserId: await staffUserId(),
        body: staffBody,
      });
      expect(outcome.smsSent).toBe(true);
      // The page asks at most every 5 s; focus comes back until it has asked again.
      await expect
        .poll(
          async () => {
            await page.evaluate(() => window.dispatchEvent(new Event('focus')));
            return ticketsNavLink(page).getByLabel('اعلان تازه').count();
          },
          { timeout: 15_000, interval: 1_000 },
        )
        .toBe(1);
      const answered = await api<TicketAnswer>(
        '/api/user/tickets/get-ticket-detail',
        { ticketId },
        token,
      );
      expect(answered).toMatchObject({ status: 'answered', unread: true });
      await screenshotBoth(page, 'panel-dashboard-unread-ticket');

      // The list marks it; opening it reads the reply and clears the dot.
      await ticketsNavLink(page).click();
      await page.waitForURL(`${h.server.url}/account/tickets`);
      const row = page.getByRole('listitem').filter({ hasText: subject });
      await row.getByText('پاسخ تازه').waitFor();
      await screenshotBoth(page, 'panel-tickets');
      await row.getByRole('link', { name: subject }).click();
      await page.getByText(staffBody).waitFor();
      await expect.poll(() => ticketsNavLink(page).getByLabel('اعلان تازه').count()).toBe(0);

      // The customer replies: the staff reply was read, the ticket waits for staff again.
      await page.getByLabel('متن پاسخ').fill('ممنون، درست شد.');
      await page.getByRole('button', { name: 'ارسال پاسخ' }).click();
      await page.getByText('ممنون، درست شد.').waitFor();
      await expect
        .poll(
          async () =>
            (await api<TicketAnswer>('/api/user/tickets/get-ticket-detail', { ticketId }, token))
              .status,
        )
        .toBe('customer-reply');
      await screenshotBoth(page, 'panel-ticket-conversation');

      // Close it, with the confirmation.
      await page.getByRole('button', { name: 'بستن تیکت' }).click();
      await page.getByRole('button', { name: 'بله، بسته شود' }).click();
      await page.getByText('ارسال پاسخ و باز کردن تیکت').waitFor();
      const closed = await api<TicketAnswer>(
        '/api/user/tickets/get-ticket-detail',
        { ticketId },
        token,
      );
      expect(closed.status).toBe('closed');
      await screenshotBoth(page, 'panel-ticket-closed');
    } finally {
      await close();
    }
  });

  test('a service is renewed through the cart and its expiry moves by the cycle', async () => {
    const token = await demoToken(h.server.url);
    await emptyDemoCart(h.server.url, token);
    const listed = await api<{ items: ServiceAnswer[] }>(
      '/api/user/services/get-user-services',
      { status: 'active' },
      token,
    );
    // Her hosting plan for the blog (the blog's e-mail plan has the same domain).
    const isBlogHosting = (item: ServiceAnswer) =>
      item.domainName === 'sara-blog.com' && item.name.startsWith('هاست');
    const service = listed.items.find(isBlogHosting);
    if (!service?.expiresAt || !service.renewal) throw new Error('the seed has no renewable blog');
    const { page, close } = await newPage(h.browser);
    try {
      await signIn(page, h.server.url, '/account/services');
      await page.getByRole('heading', { name: 'سرویس‌ها', level: 1 }).waitFor();
      await screenshotBoth(page, 'panel-services');

      await page
        .getByRole('button', { name: `تمدید ${service.name}` })
        .first()
        .click();
      await page.getByRole('radio', { name: /^ماهانه/ }).check();
      await page.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
      await page.waitForURL(`${h.server.url}/cart`);
      await page.getByText(service.name).first().waitFor();
      const cart = await api<{
        lines: Array<{ renewal: { serviceId: string } | null; setupFeeRial: number }>;
        subtotalRial: number;
        vatRial: number;
        totalRial: number;
      }>('/api/cart/get-cart', {}, token);
      expect(cart.lines).toHaveLength(1);
      expect(cart.lines[0]?.renewal?.serviceId).toBe(service.id);
      // The renewal costs the cycle's price; the cart adds VAT at 10% (decision 0022).
      expect(cart.subtotalRial).toBe(service.renewal.priceRial);
      expect(cart.vatRial).toBe(vatOf(service.renewal.priceRial, 1000));
      expect(cart.totalRial).toBe(service.renewal.priceRial + cart.vatRial);
      await screenshotBoth(page, 'panel-cart-renewal');

      // Pay at the sandbox gateway, as a customer would.
      const wallet = page.getByRole('switch', { name: 'پرداخت از اعتبار کیف پول' });
      if (await wallet.isChecked()) await wallet.uncheck({ force: true });
      await page.getByRole('button', { name: 'ثبت سفارش و پرداخت' }).click();
      await page.waitForURL(/\/pay\/sandbox\//);
      await page.getByRole('button', { name: 'پرداخت موفق' }).click();
      await page.waitForURL(/\/pay\/callback\?/);
      await page.getByRole('heading', { name: 'پرداخت موفق', level: 1 }).waitFor();

      const renewed = await api<ServiceAnswer & { history: Array<{ kind: string }> }>(
        '/api/user/services/get-service-detail',
        { serviceId: service.id },
        token,
      );
      // Renewed before it ended: the month is added to the old expiry, not to today.
      const expected = new Date(service.expiresAt);
      expected.setUTCMonth(expected.getUTCMonth() + 1);
      expect(Math.abs(Date.parse(renewed.expiresAt ?? '') - expected.getTime())).toBeLessThan(
        3 * 86_400_000,
      );
      expect(renewed.status).toBe('active');
      expect(renewed.history.some((entry) => entry.kind === 'renewal')).toBe(true);
      const after = await api<{ items: ServiceAnswer[]; total: number }>(
        '/api/user/services/get-user-services',
        {},
        token,
      );
      expect(after.items.filter(isBlogHosting)).toHaveLength(1);

      await page.goto(`${h.server.url}/account/services/${service.id}`);
      await page.getByRole('heading', { name: service.name, level: 1 }).waitFor();
      await page.getByText('تمدید').first().waitFor();
      await screenshotBoth(page, 'panel-service-renewed');
    } finally {
      await close();
    }
  });

  const panelPages: Record<string, { path: string; heading: string }> = {
    dashboard: { path: '/account', heading: 'پیشخوان' },
    orders: { path: '/account/orders', heading: 'سفارش‌ها' },
    discounts: { path: '/account/discounts', heading: 'تخفیف‌ها' },
    credit: { path: '/account/credit', heading: 'کیف پول و اعتبار' },
    profile: { path: '/account/profile', heading: 'حساب کاربری' },
  };

  test('every panel page at phone and desktop width: nothing overflows, digits are Persian', async () => {
    const { page, close } = await newPage(h.browser, viewports.desktop);
    try {
      await page.goto(`${h.server.url}/sign-in?next=%2Faccount`);
      await signInHere(page);
      await page.waitForURL(`${h.server.url}/account`);
      for (const [name, { path, heading }] of Object.entries(panelPages)) {
        await page.goto(h.server.url + path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point
        const text = await page.getByRole('main').innerText();
        // Latin digits belong only in what people copy (discount codes, reference numbers).
        const stray = text
          .replace(/[A-Z][A-Z0-9-]{2,}/g, '')
          .replace(/[a-z0-9.-]+\.(ir|com)/g, '')
          .match(/[0-9]/g);
        expect(stray, `${name}: ${text}`).toBeNull();
        await screenshotBoth(page, `panel-${name}`);
      }
      // The orders list shows the demo orders, and an order's page its successful payments.
      await page.goto(`${h.server.url}/account/orders`);
      await page.getByRole('link', { name: `سفارش ${persianDigits(100001)}`, exact: true }).click();
      await page.getByRole('heading', { name: 'پرداخت‌های موفق' }).waitFor();
      await screenshotBoth(page, 'panel-order');
    } finally {
      await close();
    }
  });
});
