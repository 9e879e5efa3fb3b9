import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { horizontalOverflow, saveScreenshot, viewports } from './browser';
import { callApi, newPage, screenshotBoth, signIn, smsCodeFromOutbox } from './flows';
import { useServerAndBrowser } from './harness';

const h = useServerAndBrowser();

const codeFromOutbox = (to: string, after: number) =>
  smsCodeFromOutbox(h.server.dataDir, to, after);

async function enterMobile(page: Page, mobile: string) {
  await page.goto(`${h.server.url}/sign-in`);
  await page.getByLabel('شماره موبایل').fill(mobile);
  await page.getByRole('button', { name: 'ادامه' }).click();
}

async function enterCodeFor(page: Page, e164: string, sentAfter: number) {
  const codeField = page.getByLabel('کد تأیید');
  await codeField.waitFor();
  expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
  await codeField.fill(await codeFromOutbox(e164, sentAfter));
  await page.getByRole('button', { name: 'تأیید' }).click();
}

async function expectAccountPage(page: Page, mobileShown: string) {
  await page.waitForURL(`${h.server.url}/account`);
  // The panel's first page (issue 6); the number shows in its side column on desktop.
  await page.getByRole('heading', { name: 'پیشخوان', level: 1 }).waitFor();
  await page.getByText(mobileShown).first().waitFor();
}

/** The strength meter under a new password shows `label` (zxcvbn's level, in Persian). */
async function expectStrength(page: Page, label: string) {
  const meter = page.getByRole('meter', { name: 'قدرت رمز عبور' });
  await expect.poll(() => meter.getAttribute('aria-valuetext'), { timeout: 15_000 }).toBe(label);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'خروج از حساب' }).click();
  // Spec §4: logout reloads at the site root, signed out.
  await page.waitForURL(`${h.server.url}/`);
  await page.getByRole('navigation').first().getByRole('link', { name: 'ورود' }).waitFor();
}

describe('accounts in the browser', () => {
  test('sign up with a code from the SMS outbox, sign out, sign in with the password, then with a code', async () => {
    const context = await h.browser.newContext({ viewport: viewports.desktop, locale: 'fa-IR' });
    const page = await context.newPage();
    try {
      // Sign up: a number with no account gets the sign-up step, then a code.
      let sentAfter = Date.now();
      await enterMobile(page, '۰۹۱۲ ۵۵۵ ۱۴۰۵');
      let registerCalls = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/jwt/register')) registerCalls += 1;
      });
      // A common password: the meter says so as it is typed, and the form will not send it.
      const password = page.getByLabel('رمز عبور', { exact: true });
      await password.fill('password1');
      await expectStrength(page, 'خیلی ضعیف');
      await page.getByText('این رمز عبور رایج است.').waitFor();
      await page.getByText('چند کلمهٔ کم‌کاربردتر به آن اضافه کنید.').waitFor();
      await screenshotBoth(page, 'sign-up-weak-password');
      await page.getByRole('button', { name: 'ثبت‌نام' }).click();
      await page
        .getByText('رمز عبور خیلی ضعیف است؛ رمزی دست‌کم «قوی» بگذارید. این رمز عبور رایج است.')
        .waitFor();
      await screenshotBoth(page, 'sign-up-weak-password-refused');
      expect(registerCalls).toBe(0);
      await password.fill('khane-ma-1405');
      await expectStrength(page, 'خیلی قوی');
      await saveScreenshot(page, 'flow-sign-up-desktop');
      await page.getByRole('button', { name: 'ثبت‌نام' }).click();
      await page.getByLabel('کد تأیید').waitFor();
      await saveScreenshot(page, 'flow-code-desktop');
      await enterCodeFor(page, '+989125551405', sentAfter);
      await expectAccountPage(page, '۰۹۱۲ ۵۵۵ ۱۴۰۵');
      // A new account has no name: the profile-incomplete red dot shows on the account link.
      await page.getByLabel('اعلان تازه').first().waitFor();
      await saveScreenshot(page, 'flow-account-desktop');

      // Reload: the identity lives in memory only, and the refresh cookie restores it.
      await page.reload();
      await expectAccountPage(page, '۰۹۱۲ ۵۵۵ ۱۴۰۵');
      expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toMatch(/eyJ/);

      await signOut(page);
      // The revoked session stays signed out after a reload.
      await page.reload();
      await page.getByRole('navigation').first().getByRole('link', { name: 'ورود' }).waitFor();
      const redDots = await page.evaluate(async () => {
        const response = await fetch('/api/app/get-red-dot-info', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        return (await response.json()).data;
      });
      expect(redDots).toEqual([{ title: 'not-signed-in', value: 1 }]);

      // Password sign-in.
      await enterMobile(page, '09125551405');
      await page.getByLabel('رمز عبور').fill('khane-ma-1405');
      await page.getByRole('button', { name: 'ورود', exact: true }).click();
      await expectAccountPage(page, '۰۹۱۲ ۵۵۵ ۱۴۰۵');
      await signOut(page);

      // Code sign-in: the demo customer who never set a password.
      sentAfter = Date.now();
      await enterMobile(page, '09191234567');
      await enterCodeFor(page, '+989191234567', sentAfter);
      await expectAccountPage(page, '۰۹۱۹ ۱۲۳ ۴۵۶۷');
    } finally {
      await context.close();
    }
  });

  test('the new password on the account page is weighed as it is typed, and a weak one is not sent', async () => {
    const account = { mobile: '09125551406', password: 'anar-golab-ketab-1405' };
    const sentAfter = Date.now();
    await callApi(h.server.url, '/api/jwt/register', {
      mobileNumber: account.mobile,
      password: account.password,
    });
    await callApi(h.server.url, '/api/jwt/send-temp-code', { username: account.mobile });
    await callApi(h.server.url, '/api/jwt/verify-temporary-code', {
      input: account.mobile,
      code: await codeFromOutbox('+989125551406', sentAfter),
    });
    const { page, close } = await newPage(h.browser, viewports.desktop);
    try {
      let changeCalls = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/user/change-password')) changeCalls += 1;
      });
      await signIn(page, h.server.url, '/account/profile', account);
      await page.getByLabel('رمز عبور فعلی').fill(account.password);
      const fresh = page.getByLabel('رمز عبور تازه');
      // The person's own number: easy for anyone who knows them.
      await fresh.fill('09125551406');
      await expectStrength(page, 'خیلی ضعیف');
      await page
        .getByText('رمز عبور نباید اطلاعات خود شما، مثل شمارهٔ موبایل یا نام، را داشته باشد.')
        .waitFor();
      await screenshotBoth(page, 'change-password-weak');
      await page.getByRole('button', { name: 'تغییر رمز عبور' }).click();
      await page.getByText(/^رمز عبور خیلی ضعیف است؛ رمزی دست‌کم «قوی» بگذارید\./).waitFor();
      expect(changeCalls).toBe(0);

      await fresh.fill('tiger-lamp-ocean-47');
      await expectStrength(page, 'خیلی قوی');
      await screenshotBoth(page, 'change-password-strong');
      await page.getByRole('button', { name: 'تغییر رمز عبور' }).click();
      await page.getByText('رمز عبور تازه ثبت شد؛ از دستگاه‌های دیگر خارج شدید').waitFor();
      expect(changeCalls).toBe(1);
    } finally {
      await close();
    }
  });

  test('a forgotten password: the new one is weighed as it is typed, and a weak one is not sent', async () => {
    // The demo support account: no code was sent to it in this file.
    const { page, close } = await newPage(h.browser, viewports.phone);
    try {
      let resetCalls = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/jwt/reset-password')) resetCalls += 1;
      });
      const sentAfter = Date.now();
      await page.goto(`${h.server.url}/forgot-password`);
      await page.getByLabel('شماره موبایل').fill('09361234567');
      await page.getByRole('button', { name: 'ادامه' }).click();
      await page.getByLabel('کد تأیید').fill(await codeFromOutbox('+989361234567', sentAfter));
      const fresh = page.getByLabel('رمز عبور تازه');
      await fresh.fill('qwertyuiop');
      await expectStrength(page, 'خیلی ضعیف');
      await page.getByText('این رمز عبور بسیار پرکاربرد است.').waitFor();
      await screenshotBoth(page, 'reset-password-weak');
      await page.getByRole('button', { name: 'ذخیرهٔ رمز عبور' }).click();
      await page.getByText(/^رمز عبور خیلی ضعیف است؛ رمزی دست‌کم «قوی» بگذارید\./).waitFor();
      expect(resetCalls).toBe(0);

      await fresh.fill('tiger-lamp-ocean-47');
      await expectStrength(page, 'خیلی قوی');
      const answer = page.waitForResponse((response) =>
        response.url().endsWith('/api/jwt/reset-password'),
      );
      await page.getByRole('button', { name: 'ذخیرهٔ رمز عبور' }).click();
      expect((await answer).status()).toBe(200);
      expect(resetCalls).toBe(1);
    } finally {
      await close();
    }
  });

  test('after repeated wrong passwords the page says how long to wait, and a code still signs in', async () => {
    // The demo customer: no code was sent to them in this file, so one can be asked for at once.
    const account = { mobile: '09121234567', e164: '+989121234567' };
    const { page, close } = await newPage(h.browser, viewports.desktop);
    try {
      await enterMobile(page, account.mobile);
      const password = page.getByLabel('رمز عبور', { exact: true });
      const signInButton = page.getByRole('button', { name: 'ورود', exact: true });
      const tryPassword = async (guess: string) => {
        await password.fill(guess);
        const answer = page.waitForResponse((response) =>
          response.url().endsWith('/api/jwt/authenticate'),
        );
        await signInButton.click();
        return (await answer).status();
      };
      for (let i = 0; i < 5; i++) expect(await tryPassword(`not-mine-${i}-x`)).toBe(422);
      await page.getByText('شماره موبایل یا رمز عبور نادرست است').first().waitFor();
      expect(await tryPassword('not-mine-5-x')).toBe(429);
      await page
        .getByText(
          'چند بار رمز عبور نادرست وارد شد؛ ورود با رمز عبور برای این شماره تا ۳۰ ثانیه دیگر بسته است. ورود با کد پیامکی همچنان باز است.',
        )
        .first()
        .waitFor();
      await screenshotBoth(page, 'sign-in-password-paused');
      const sentAfter = Date.now();
      await page.getByRole('button', { name: 'ورود با کد پیامکی' }).click();
      await enterCodeFor(page, account.e164, sentAfter);
      await expectAccountPage(page, '۰۹۱۲ ۱۲۳ ۴۵۶۷');
    } finally {
      await close();
    }
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    test(`the sign-in page on ${name}: right-to-left, nothing overflows`, async () => {
      const context = await h.browser.newContext({ viewport, locale: 'fa-IR' });
      const page = await context.newPage();
      try {
        await page.goto(`${h.server.url}/sign-in`);
        await page.getByLabel('شماره موبایل').waitFor();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await saveScreenshot(page, `sign-in-${name}`);
      } finally {
        await context.close();
      }
    });
  }

  test('the account page sends a signed-out visitor to sign in', async () => {
    const context = await h.browser.newContext({ viewport: viewports.phone, locale: 'fa-IR' });
    const page = await context.newPage();
    try {
      await page.goto(`${h.server.url}/account`);
      await page.waitForURL(/\/sign-in\?next=(%2F|\/)account$/);
      await page.getByLabel('شماره موبایل').waitFor();
    } finally {
      await context.close();
    }
  });
});
