import { describe, expect, test } from 'vitest';
import { saveScreenshot, viewports } from './browser';
import { callApi, newPage, smsCodeFromOutbox } from './flows';
import { useServerAndBrowser } from './harness';

// Issue 35 item 11: signing up again within the code's minute (a reload, a second tab) is
// refused a new code. The page goes on to the code step anyway, the code sent a moment ago
// works, and a countdown in Persian digits says when a new one may be asked for.

const h = useServerAndBrowser();

describe('sign-up sent again within the code’s minute', () => {
  for (const [name, viewport, mobile] of [
    ['phone', viewports.phone, '09125551431'],
    ['desktop', viewports.desktop, '09125551432'],
  ] as const) {
    test(`goes to the code step with a countdown, not a refusal (${name})`, async () => {
      const e164 = `+98${mobile.slice(1)}`;
      const sentAfter = Date.now();
      // The first try, as the page made it before the reload: an account and a code.
      await callApi(h.server.url, '/api/jwt/register', {
        mobileNumber: mobile,
        password: 'khane-ma-1405',
      });
      await callApi(h.server.url, '/api/jwt/send-temp-code', { username: mobile });

      const { page, close } = await newPage(h.browser, viewport);
      try {
        await page.goto(`${h.server.url}/sign-up`);
        await page.getByLabel('شماره موبایل').fill(mobile);
        await page.getByRole('button', { name: 'ادامه' }).click();
        await page.getByLabel('رمز عبور', { exact: true }).fill('khane-ma-1405');
        await page.getByRole('button', { name: 'ثبت‌نام' }).click();

        await page.getByLabel('کد تأیید').waitFor();
        await page.getByRole('status').getByText('کد پیش‌تر فرستاده شده است').waitFor();
        const countdown = page.getByText(/^ارسال دوباره تا [۰-۹]:[۰-۹]{2}$/);
        await countdown.waitFor();
        const shown = (await countdown.textContent()) ?? '';
        expect(shown).not.toMatch(/[0-9]/);
        // No toast of the refusal: the page says what it means instead.
        expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
        await saveScreenshot(page, `sign-up-code-wait-${name}`);

        await page
          .getByLabel('کد تأیید')
          .fill(await smsCodeFromOutbox(h.server.dataDir, e164, sentAfter));
        await page.getByRole('button', { name: 'تأیید' }).click();
        await page.waitForURL(`${h.server.url}/account`);
      } finally {
        await close();
      }
    });
  }
});
