import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { horizontalOverflow, saveScreenshot, viewports } from './browser';
import { useServerAndBrowser } from './harness';
import type { RunningServer } from './server';

const h = useServerAndBrowser();

type Viewport = { width: number; height: number };

async function openPage(path: string, viewport: Viewport, server: RunningServer = h.server) {
  const context = await h.browser.newContext({ viewport, locale: 'fa-IR' });
  const page = await context.newPage();
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(server.url + path);
  await page.waitForLoadState('networkidle');
  return { page, failed, close: () => context.close() };
}

/** Asks the API as the web app does: POST with JSON, answers unwrapped from the envelope. */
async function api<T>(path: string, input: unknown, server: RunningServer = h.server): Promise<T> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { ok: boolean; data: T };
  if (!body.ok) throw new Error(`${path} failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** A search parameter of the page's address, as the page set it. */
function param(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

/** The titles of the cards listed in the page's main area, in order. */
function cardTitles(page: Page): Promise<string[]> {
  return page.getByRole('main').locator('article :is(h2, h3)').allInnerTexts();
}

/**
 * Scrolls through the page so lazy images load, as a person reading down would, and comes back
 * to the top once fonts, images and calls have settled.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const step = Math.max(200, Math.floor(window.innerHeight / 2));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      [...document.images]
        .filter((image) => !image.complete && image.loading !== 'lazy')
        .map((image) => new Promise((resolve) => image.addEventListener('load', resolve))),
    ),
  );
}

/** Images that were asked for and did not arrive (a missing file shows as an empty box). */
function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter((image) => image.complete && image.naturalWidth === 0)
      .map((image) => image.src),
  );
}

/** Latin digits a person would read; code samples in articles are Latin on purpose. */
function latinDigitsInText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // What a person reads: rendered text, so innerText rather than textContent.
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point
    let text = document.body.innerText;
    for (const code of document.querySelectorAll('code, pre, kbd')) {
      text = text.replace(code.textContent ?? '', '');
    }
    return text.match(/[0-9]+/g) ?? [];
  });
}

/** A locator's text, trimmed. */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

/** An image that has loaded and has pixels to show. */
function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate(
    (element) =>
      new Promise<boolean>((resolve) => {
        const img = element as HTMLImageElement;
        if (img.complete) resolve(img.naturalWidth > 0);
        else img.addEventListener('load', () => resolve(img.naturalWidth > 0));
      }),
  );
}

interface HomeData {
  popularThemes: Array<{ slug: string; name: string; demoUrl: string }>;
  latestArticles: Array<{ slug: string }>;
}

describe('the catalog in the browser', () => {
  test('home → store → group and sort → product → cycle → themes → category → preview → articles → article', async () => {
    const { page, close } = await openPage('/', viewports.desktop);
    try {
      await page.getByRole('heading', { name: 'محصولات ویژه' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'منوی اصلی' }).first();
      await nav.getByRole('link', { name: 'فروشگاه' }).click();
      await page.waitForURL(`${h.server.url}/store`);
      await page.getByRole('heading', { name: 'فروشگاه', level: 1 }).waitFor();
      await page.getByRole('main').locator('article :is(h2, h3)').first().waitFor();
      const everyProduct = await cardTitles(page);

      // A group: the address says so, and only that group's products are listed.
      const groups = page.getByRole('radiogroup', { name: 'گروه محصول' });
      await groups.getByText(/^سایت‌ساز/).click();
      await expect.poll(() => param(page, 'group')).toBe('website-builder');
      await expect.poll(() => cardTitles(page)).not.toEqual(everyProduct);
      const builders = await cardTitles(page);
      expect(builders.length).toBeGreaterThan(1);
      for (const card of await page.getByRole('main').locator('article').allInnerTexts()) {
        expect(card).toContain('سایت‌ساز');
      }

      // A sort: the same products in another order, and the address keeps the group.
      await page.getByLabel('مرتب‌سازی').selectOption({ label: 'گران‌ترین' });
      await expect.poll(() => param(page, 'sort')).toBe('price-desc');
      expect(param(page, 'group')).toBe('website-builder');
      await expect.poll(() => cardTitles(page)).not.toEqual(builders);
      const byPrice = await cardTitles(page);
      expect([...byPrice].sort()).toEqual([...builders].sort());

      // The most expensive builder's page.
      await page
        .getByRole('main')
        .locator('article')
        .first()
        .getByRole('link', { name: /مشاهده و سفارش/ })
        .click();
      await page.waitForURL(/\/store\/[a-z0-9-]+$/);
      await page.getByRole('heading', { level: 1, name: byPrice[0] }).waitFor();
      expect(await page.title()).toBe(`${byPrice[0]} | ویترین`);

      // Another billing cycle: the address and the total follow.
      const order = page.getByRole('region', { name: 'سفارش' });
      const total = order.getByText('مبلغ قابل پرداخت').locator('xpath=following-sibling::*[1]');
      const monthlyTotal = await textOf(total);
      expect(monthlyTotal).toMatch(/^[۰-۹٬]+ تومان$/);
      await order.getByRole('radio', { name: /^سالانه/ }).click();
      await expect.poll(() => param(page, 'cycle')).toBe('annual');
      await expect.poll(() => textOf(total)).not.toBe(monthlyTotal);
      expect(await textOf(total)).toMatch(/^[۰-۹٬]+ تومان$/);

      // A website builder needs a theme and a domain: the order box asks for both first
      // (the whole checkout is in checkout.test.ts).
      await order.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
      await order.getByText('قالب سایت را انتخاب کنید').waitFor();
      await order.getByText('نام دامنه را وارد کنید').waitFor();
      expect(await page.getByText('با موفقیت انجام شد').count()).toBe(0);

      // The plan's themes, one category of them.
      await page.getByRole('link', { name: /همهٔ قالب‌ها/ }).click();
      await page.waitForURL(/\/store\/[a-z0-9-]+\/themes$/);
      await page.getByRole('heading', { level: 1, name: `قالب‌های ${byPrice[0]}` }).waitFor();
      await page.getByRole('main').locator('article :is(h2, h3)').first().waitFor();
      const everyTheme = await cardTitles(page);
      const categories = page.getByRole('radiogroup', { name: 'دستهٔ قالب‌ها' });
      const category = categories.locator('label').nth(1);
      const [, categoryName = '', countText = ''] =
        /^(.+) \(([۰-۹]+)\)$/.exec(await textOf(category)) ?? [];
      const themesInCategory = Number(
        countText.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))),
      );
      await category.click();
      await expect.poll(() => param(page, 'category')).not.toBeNull();
      await expect.poll(async () => (await cardTitles(page)).length).toBe(themesInCategory);
      expect(await cardTitles(page)).not.toEqual(everyTheme);
      for (const card of await page.getByRole('main').locator('article').allInnerTexts()) {
        expect(card).toContain(categoryName);
      }

      // A theme's large preview, as a desktop and as a phone shows it.
      const firstTheme = (await cardTitles(page))[0];
      await page
        .getByRole('main')
        .locator('article')
        .first()
        .getByRole('link', { name: /پیش‌نمایش/ })
        .click();
      await expect.poll(() => param(page, 'preview')).not.toBeNull();
      expect(param(page, 'category')).not.toBeNull();
      const dialog = page.getByRole('dialog', { name: `پیش‌نمایش قالب ${firstTheme}` });
      await dialog.waitFor();
      expect(await imageLoaded(dialog.getByRole('img', { name: /نمای دسکتاپ/ }))).toBe(true);
      await dialog.locator('label', { hasText: 'موبایل' }).click();
      expect(await imageLoaded(dialog.getByRole('img', { name: /نمای موبایل/ }))).toBe(true);
      await dialog.getByRole('button', { name: 'بستن پیش‌نمایش' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(param(page, 'preview')).toBeNull();
      expect(param(page, 'category')).not.toBeNull();

      // An article from the list.
      await nav.getByRole('link', { name: 'مقالات' }).click();
      await page.waitForURL(`${h.server.url}/articles`);
      await page.getByRole('heading', { level: 1, name: 'مقالات و راهنماها' }).waitFor();
      const firstArticle = page.getByRole('main').locator('article').first().getByRole('link');
      const articleTitle = await textOf(firstArticle);
      await firstArticle.click();
      await page.waitForURL(/\/articles\/[a-z0-9-]+$/);
      await page.getByRole('heading', { level: 1, name: articleTitle }).waitFor();
      expect(await page.title()).toBe(`${articleTitle} | ویترین`);
      const readingTime = page
        .getByRole('main')
        .getByText(/دقیقه مطالعه/)
        .first();
      expect(await textOf(readingTime)).toMatch(/^[۰-۹]+ دقیقه مطالعه$/);
      const paragraphs = page.getByRole('main').locator('article p');
      expect(await paragraphs.count()).toBeGreaterThan(2);
      expect((await textOf(paragraphs.first())).length).toBeGreaterThan(40);
    } finally {
      await close();
    }
  });

  test("a theme's demo link opens its product's gallery with the preview shown", async () => {
    const home = await api<HomeData>('/api/app/get-app-home-data', {});
    const theme = home.popularThemes[0];
    expect(theme?.demoUrl).toMatch(/^\/store\/[a-z0-9-]+\/themes\?preview=[a-z0-9-]+$/);
    if (!theme) return;
    const { page, close } = await openPage('/', viewports.phone);
    try {
      await page.getByRole('link', { name: `پیش‌نمایش قالب ${theme.name}` }).click();
      await expect.poll(() => page.url()).toBe(h.server.url + theme.demoUrl);
      const dialog = page.getByRole('dialog', { name: `پیش‌نمایش قالب ${theme.name}` });
      await dialog.waitFor();
      // Full screen on a phone, showing the phone view first.
      const box = await dialog.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(viewports.phone.width - 1);
      expect(await imageLoaded(dialog.getByRole('img', { name: /نمای موبایل/ }))).toBe(true);
      // Opened from a link, closing stays on the gallery.
      await dialog.getByRole('button', { name: 'بستن پیش‌نمایش' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => param(page, 'preview')).toBeNull();
      expect(new URL(page.url()).pathname).toMatch(/\/themes$/);
    } finally {
      await close();
    }
  });

  test('article filters live in the address: search after a pause, category, back and forward', async () => {
    const { page, close } = await openPage('/articles', viewports.desktop);
    try {
      await page.getByRole('main').locator('article :is(h2, h3)').first().waitFor();
      const everyArticle = await cardTitles(page);

      await page.getByLabel('جست‌وجو در مقاله‌ها').fill('دامنه');
      await expect.poll(() => param(page, 'q')).toBe('دامنه');
      await expect.poll(() => cardTitles(page)).not.toEqual(everyArticle);
      const found = await cardTitles(page);
      expect(found.length).toBeGreaterThan(0);

      await page.getByLabel('جست‌وجو در مقاله‌ها').fill('عبارتی-که-در-هیچ-مقاله-نیست');
      await page.getByText('مقاله‌ای پیدا نشد').waitFor();
      await page.getByRole('button', { name: 'پاک کردن فیلترها' }).click();
      await expect.poll(() => page.url()).toBe(`${h.server.url}/articles`);
      await expect.poll(() => cardTitles(page)).toEqual(everyArticle);

      await page.goBack();
      await expect.poll(() => param(page, 'q')).toBe('عبارتی-که-در-هیچ-مقاله-نیست');
      await page.goBack();
      await expect.poll(() => param(page, 'q')).toBe('دامنه');
      await expect.poll(() => cardTitles(page)).toEqual(found);
      expect(await page.getByLabel('جست‌وجو در مقاله‌ها').inputValue()).toBe('دامنه');

      const categories = page.getByRole('radiogroup', { name: 'دستهٔ مقاله‌ها' });
      await categories.locator('label').nth(1).click();
      await expect.poll(() => param(page, 'category')).not.toBeNull();
      expect(param(page, 'q')).toBe('دامنه');
      await page.goBack();
      await expect.poll(() => param(page, 'category')).toBeNull();
      await page.goForward();
      await expect.poll(() => param(page, 'category')).not.toBeNull();
    } finally {
      await close();
    }
  });
});

describe('what is not there', () => {
  const cases = [
    {
      name: 'an unknown product',
      path: '/store/no-such-product',
      heading: 'محصولی با این نشانی پیدا نشد',
      way: 'بازگشت به فروشگاه',
    },
    {
      name: 'an unknown article',
      path: '/articles/no-such-article',
      heading: 'مقاله‌ای با این نشانی پیدا نشد',
      way: 'همهٔ مقاله‌ها',
    },
    {
      name: "an unknown product's themes",
      path: '/store/no-such-product/themes',
      heading: 'محصولی با این نشانی پیدا نشد',
      way: 'بازگشت به فروشگاه',
    },
  ];
  for (const { name, path, heading, way } of cases) {
    test(`${name} shows a not-found page, without an error toast`, async () => {
      const { page, close } = await openPage(path, viewports.phone);
      try {
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByRole('main').getByRole('link', { name: way }).waitFor();
        // The page says it; a toast repeating it (or one per retry) would be noise.
        await page.waitForTimeout(500);
        expect(await page.getByRole('alert').count()).toBe(0);
      } finally {
        await close();
      }
    });
  }

  test('an unknown group in the store address says so and offers to clear the filters', async () => {
    const { page, close } = await openPage(
      '/store?group=no-such-group&sort=newest',
      viewports.phone,
    );
    try {
      await page.getByRole('heading', { name: 'این فیلترها درست نیستند' }).waitFor();
      await page.getByRole('button', { name: 'پاک کردن فیلترها' }).click();
      await expect.poll(() => param(page, 'group')).toBeNull();
      // Clearing the filters keeps the chosen order.
      expect(param(page, 'sort')).toBe('newest');
      await page.getByRole('main').locator('article :is(h2, h3)').first().waitFor();
    } finally {
      await close();
    }
  });

  test('a price range upside down gets the server’s message and a way out', async () => {
    const { page, close } = await openPage('/store?min=900000&max=100000', viewports.desktop);
    try {
      await page.getByText('کمینهٔ قیمت نباید از بیشینهٔ آن بیشتر باشد').waitFor();
      await page.getByRole('button', { name: 'پاک کردن فیلترها' }).click();
      await expect.poll(() => page.url()).toBe(`${h.server.url}/store`);
      await page.getByRole('main').locator('article :is(h2, h3)').first().waitFor();
    } finally {
      await close();
    }
  });
});

describe('every catalog page at phone and desktop width', () => {
  async function catalogPages() {
    const server = h.server;
    const home = await api<HomeData>('/api/app/get-app-home-data', {}, server);
    const theme = home.popularThemes[0];
    const demo = new URL(theme?.demoUrl ?? '/', server.url);
    const productSlug = demo.pathname.split('/')[2];
    // The article page is shown with a table and code in its body when one has them.
    const articles = await api<{ items: Array<{ slug: string }> }>(
      '/api/information/get-informations',
      { pageSize: 100 },
      server,
    );
    let articleSlug = articles.items[0]?.slug;
    for (const { slug } of articles.items) {
      const article = await api<{ bodyHtml: string }>(
        '/api/information/get-information',
        { slug },
        server,
      );
      if (article.bodyHtml.includes('<table') && article.bodyHtml.includes('<code')) {
        articleSlug = slug;
        break;
      }
    }
    return {
      home: '/',
      store: '/store?group=website-builder&sort=price-asc',
      product: `/store/${productSlug}?cycle=annual`,
      themes: `/store/${productSlug}/themes`,
      'theme-preview': demo.pathname + demo.search,
      articles: '/articles',
      article: `/articles/${articleSlug}`,
    };
  }

  for (const [viewportName, viewport] of Object.entries(viewports)) {
    test(`on ${viewportName}: nothing overflows sideways, digits are Persian, images load`, async () => {
      const server = h.server;
      const pages = await catalogPages();
      for (const [pageName, path] of Object.entries(pages)) {
        const { page, failed, close } = await openPage(path, viewport, server);
        try {
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.getByRole('main').locator('[aria-busy="true"]').first().waitFor({
            state: 'detached',
          });
          if (pageName === 'theme-preview') {
            const dialog = page.getByRole('dialog');
            await dialog.waitFor();
            expect(await imageLoaded(dialog.locator('img'))).toBe(true);
          } else {
            await settle(page);
          }
          expect(await horizontalOverflow(page), `${pageName} overflows`).toBeLessThanOrEqual(0);
          expect(await latinDigitsInText(page), `${pageName} shows Latin digits`).toEqual([]);
          expect(await brokenImages(page), `${pageName} has broken images; ${failed}`).toEqual([]);
          await page.waitForTimeout(200);
          await saveScreenshot(page, `catalog-${pageName}-${viewportName}`);
        } finally {
          await close();
        }
      }
    });
  }
});
