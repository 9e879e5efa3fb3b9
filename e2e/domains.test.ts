import { describe, expect, test } from 'vitest';
import { viewports } from './browser';
import { newPage, screenshotBoth } from './flows';
import { useInProcessServerAndBrowser } from './harness';

// The domain search (issue 38) on a phone: a visitor types a name as they would (with the
// address around it), sees every TLD on sale with the registry's answer and the yearly price,
// and a name the search cannot take gets its reason under the field.

const h = useInProcessServerAndBrowser();

describe('the domain search', () => {
  test('the home page’s search box opens the search with the name asked', async () => {
    const { page, close } = await newPage(h.browser, viewports.phone);
    try {
      await page.goto(`${h.server.url}/`);
      const box = page.getByRole('search', { name: 'دامنهٔ دلخواهتان آزاد است؟' });
      await box.getByLabel('نام دامنه').fill('sara-shop.ir');
      await screenshotBoth(page, 'home-domain-search');
      await box.getByRole('button', { name: 'جست‌وجوی دامنه' }).click();
      await page.waitForURL(`${h.server.url}/domains?q=sara-shop.ir`);
      await page.getByRole('listitem', { name: 'sara-shop.ir' }).getByText('آزاد').waitFor();
      expect(await page.getByLabel('نام دامنه').inputValue()).toBe('sara-shop.ir');
    } finally {
      await close();
    }
  });

  test('a visitor on a phone searches a name and sees each TLD answered, with prices', async () => {
    const { page, close } = await newPage(h.browser, viewports.phone);
    try {
      await page.goto(`${h.server.url}/store`);
      await page.getByRole('link', { name: 'جست‌وجوی دامنه' }).click();
      await page.waitForURL(`${h.server.url}/domains`);
      await page.getByRole('heading', { name: 'جست‌وجوی دامنه', level: 1 }).waitFor();

      await page.getByLabel('نام دامنه').fill('https://www.Vitrin.com/');
      await page.getByRole('button', { name: 'جست‌وجو', exact: true }).click();
      await page.waitForURL(/\/domains\?q=/);
      const results = page.getByRole('list');
      const com = results.getByRole('listitem', { name: 'vitrin.com' });
      await com.getByText('ثبت‌شده').waitFor();
      await results.getByRole('listitem', { name: 'vitrin.net' }).getByText('آزاد').waitFor();
      await results.getByRole('listitem', { name: 'vitrin.ir' }).getByText('ثبت‌شده').waitFor();
      // The TLD typed comes first; a Latin name under .ایران says why it cannot be.
      const names = await results
        .getByRole('listitem')
        .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
      expect(names[0]).toBe('vitrin.com');
      await results
        .getByRole('listitem', { name: 'vitrin.ایران' })
        .getByText('فقط حروف و رقم‌های فارسی')
        .waitFor();
      // Prices per year in Toman with Persian digits.
      await results
        .getByRole('listitem', { name: 'vitrin.net' })
        .getByText('۲٬۱۰۰٬۰۰۰ تومان / سالانه')
        .waitFor();
      await page.getByText('این نام در ۲ پسوند از ۵ پسوند آزاد است').waitFor();
      await screenshotBoth(page, 'domains-search');

      await page.getByLabel('نام دامنه').fill('کتاب‌فروشی.ایران');
      await page.getByRole('button', { name: 'جست‌وجو', exact: true }).click();
      const persian = results.getByRole('listitem', { name: 'کتاب‌فروشی.ایران' });
      await persian.getByText('آزاد').waitFor();
      await screenshotBoth(page, 'domains-search-persian');

      await page.getByLabel('نام دامنه').fill('shop.sara.ir');
      await page.getByRole('button', { name: 'جست‌وجو', exact: true }).click();
      await page.getByText('زیردامنه ثبت نمی‌شود').waitFor();
      expect(await page.getByLabel('نام دامنه').getAttribute('aria-invalid')).toBe('true');
      await screenshotBoth(page, 'domains-search-refused');
    } finally {
      await close();
    }
  });
});
