import { describe, expect, test } from 'vitest';
import { viewports } from './browser';
import { callApi, screenshotBoth } from './flows';
import { useServerAndBrowser } from './harness';

const h = useServerAndBrowser();

interface ProductList {
  items: Array<{ slug: string; name: string }>;
}
interface ArticleList {
  items: Array<{ slug: string; title: string }>;
}

/**
 * Decision 0026: the public pages come rendered from the server. With script turned off a
 * visitor (or a search engine) still reads each page's content; with script on, the page the
 * server drew is the one the app takes over, with no second round of calls for what it shows.
 */
describe('public pages rendered on the server', () => {
  test('with script off, every public page shows its content, not a skeleton', async () => {
    const products = await callApi<ProductList>(h.server.url, '/api/store/get-products', {
      pageSize: 100,
    });
    const articles = await callApi<ArticleList>(h.server.url, '/api/information/get-informations', {
      pageSize: 1,
    });
    const product = products.items.find((item) => item.slug === 'builder-business');
    const article = articles.items[0];
    expect(product && article).toBeTruthy();
    if (!product || !article) return;

    const pages: Array<[string, string, string[]]> = [
      ['/', 'کسب‌وکارتان را در ویترین اینترنت بگذارید', ['مشاهدهٔ فروشگاه', product.name]],
      ['/store', 'فروشگاه', products.items.slice(0, 3).map((item) => item.name)],
      [`/store/${product.slug}`, product.name, ['افزودن به سبد خرید']],
      [`/store/${product.slug}/themes`, `قالب‌های ${product.name}`, []],
      ['/articles', 'مقالات و راهنماها', [article.title]],
      [`/articles/${article.slug}`, article.title, []],
      ['/download', 'دریافت اپ ویترین برای اندروید', []],
    ];
    const context = await h.browser.newContext({
      javaScriptEnabled: false,
      viewport: viewports.phone,
      locale: 'fa-IR',
    });
    try {
      const page = await context.newPage();
      for (const [path, heading, texts] of pages) {
        const response = await page.goto(`${h.server.url}${path}`);
        expect(response?.status(), path).toBe(200);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 5_000 });
        for (const text of texts) {
          await page.getByText(text, { exact: true }).first().waitFor({ timeout: 5_000 });
        }
        // The answers the page was drawn from travel with it.
        expect(await page.locator('script#vitrin-state').count(), path).toBe(1);
        if (path === '/') await screenshotBoth(page, 'server-rendered-home-no-script');
      }
    } finally {
      await context.close();
    }
  });

  test('with script on, the app takes the drawn page over without asking for it again', async () => {
    const context = await h.browser.newContext({ viewport: viewports.phone, locale: 'fa-IR' });
    try {
      const page = await context.newPage();
      const calls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/store/')) calls.push(new URL(request.url()).pathname);
      });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`${h.server.url}/store`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'فروشگاه' }).waitFor();
      // The store's list came with the page: the app does not ask for it on start.
      expect(calls).toEqual([]);
      expect(errors).toEqual([]);

      // The page is live: a product link moves within the app (no new document).
      await page.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
      });
      await page.locator('a[href="/store/builder-business"]').first().click();
      await page.waitForURL(`${h.server.url}/store/builder-business`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(
        await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere),
      ).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the app is fetched once the page is painted; until it is live a form does not reload the page', async () => {
    const context = await h.browser.newContext({ viewport: viewports.phone, locale: 'fa-IR' });
    try {
      const page = await context.newPage();
      // The app's code is held back, as on a slow line: the drawn page is all there is.
      const held: Array<() => void> = [];
      let holding = true;
      await page.route('**/assets/*.js', async (route) => {
        if (holding) await new Promise<void>((resume) => held.push(resume));
        await route.continue();
      });
      await page.goto(`${h.server.url}/store/vps-2core`, { waitUntil: 'domcontentloaded' });
      await expect.poll(() => held.length).toBeGreaterThan(0);
      expect(
        await page.evaluate(() => document.documentElement.hasAttribute('data-app-started')),
      ).toBe(false);

      // Pressing "add to cart" now does nothing: the server's plain form is not sent.
      await page.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
      await page.waitForTimeout(300);
      expect(page.url()).toBe(`${h.server.url}/store/vps-2core`);

      // Once the code arrives the page goes live and the same button adds to the cart.
      holding = false;
      for (const resume of held.splice(0)) resume();
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-started'));
      const order = page.getByRole('region', { name: 'سفارش' });
      await order.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
      await order.getByText('به سبد خرید اضافه شد').waitFor();

      // Nothing of the app was asked for before the first paint.
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => entry.startTime),
      }));
      expect(timing.paint).toBeGreaterThan(0);
      expect(timing.scripts.length).toBeGreaterThan(0);
      expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);
    } finally {
      await context.close();
    }
  });
});
