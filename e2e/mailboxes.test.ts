import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { products, services, users } from '../apps/server/src/schema';
import { horizontalOverflow, saveScreenshot, screenshotDir, viewports } from './browser';
import { CUSTOMER, newPage, screenshotBoth, signIn } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// Issue 35 item 3: business e-mail is delivered. سارا's e-mail plan (email-team for
// sara-blog.com, on the demo's sandbox panel) shows its mailboxes with their usage and the
// domain's DNS records to copy; she makes a mailbox and deletes it, on a phone and a desktop.

const h = useInProcessServerAndBrowser();

const STRONG = 'Kavir-Dasht-9317-Mahtab';

describe('the mailboxes of a business e-mail service', () => {
  test('listed with usage, made and deleted, at 390 and 1440 px', {
    timeout: 180_000,
  }, async () => {
    const [owner] = await h.server.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, `+98${CUSTOMER.mobile.slice(1)}`));
    const [service] = await h.server.app.db
      .select({ id: services.id })
      .from(services)
      .innerJoin(products, eq(products.id, services.productId))
      .where(
        and(
          eq(services.userId, owner?.id ?? ''),
          eq(services.status, 'active'),
          eq(products.slug, 'email-team'),
        ),
      );
    if (!service) throw new Error('the demo customer has no active e-mail service');

    for (const [viewport, name] of [
      [viewports.phone, 'phone'],
      [viewports.desktop, 'desktop'],
    ] as const) {
      const { page, close } = await newPage(h.browser, viewport);
      try {
        await signIn(page, h.server.url, `/account/services/${service.id}`);
        const card = page.getByRole('region', { name: 'صندوق‌های ایمیل' });
        await card.waitFor();
        const boxes = card.getByRole('listitem').filter({ hasText: '@sara-blog.com' });
        await expect.poll(() => boxes.count()).toBe(2);
        expect(await boxes.first().textContent()).toContain('info@sara-blog.com');
        expect(await card.textContent()).toContain('۲ از ۵ صندوق پلن');
        expect(await card.getByRole('progressbar').count()).toBe(2);
        const dns = card.getByRole('region', { name: 'رکوردهای DNS ایمیل' });
        expect(await dns.textContent()).toContain('هنوز این رکوردها را در DNS دامنه نمی‌نویسد');
        await dns.getByRole('button', { name: 'کپی مقدار رکورد DKIM' }).waitFor();
        expect(await dns.textContent()).toContain('vitrin._domainkey.sara-blog.com');
        expect(await horizontalOverflow(page)).toBe(0);

        // The new-mailbox form, filled in, as the person sees it before sending.
        await card.getByRole('button', { name: 'صندوق تازه' }).click();
        const form = page.getByRole('dialog', { name: 'صندوق ایمیل تازه' });
        await form.getByLabel('نام صندوق').fill('accounting');
        await form.getByLabel('گذرواژه', { exact: true }).fill(STRONG);
        await form.getByRole('meter', { name: 'قدرت رمز عبور' }).waitFor();
        expect(await form.textContent()).toContain('accounting@sara-blog.com');
        expect(await horizontalOverflow(page)).toBe(0);
        await saveScreenshot(page, `mailbox-form-${name}`);
        await form.getByRole('button', { name: 'انصراف' }).click();
        await form.waitFor({ state: 'detached' });

        if (name === 'desktop') {
          await card.getByRole('button', { name: 'صندوق تازه' }).click();
          const dialog = page.getByRole('dialog', { name: 'صندوق ایمیل تازه' });
          await dialog.getByLabel('نام صندوق').fill('sales');
          await dialog.getByLabel('گذرواژه', { exact: true }).fill(STRONG);
          await dialog.getByRole('button', { name: 'ساختن صندوق' }).click();
          await dialog.waitFor({ state: 'detached' });
          await expect.poll(() => boxes.count()).toBe(3);
          await saveScreenshot(page, 'mailboxes-created');

          const sales = boxes.filter({ hasText: 'sales@sara-blog.com' });
          await sales.getByRole('button', { name: 'حذف' }).click();
          const confirm = page.getByRole('dialog', { name: 'حذف صندوق ایمیل' });
          expect(await confirm.textContent()).toContain('برگشت ندارد');
          await confirm.getByRole('button', { name: 'حذف صندوق' }).click();
          await confirm.waitFor({ state: 'detached' });
          await expect.poll(() => boxes.count()).toBe(2);
        }
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({ path: path.join(screenshotDir, `mailboxes-card-${name}.png`) });
        if (name === 'desktop') await screenshotBoth(page, 'service-mailboxes');
      } finally {
        await close();
      }
    }
  });
});
