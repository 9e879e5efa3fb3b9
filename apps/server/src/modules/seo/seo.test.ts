import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { articles, products } from '../../schema';
import { createTestApp, type TestApp } from '../../test/test-app';

const INDEX_HTML = `<!doctype html>
<html lang="fa" dir="rtl">
  <head>
    <meta charset="UTF-8" />
    <title>ویترین</title>
    <meta
      name="description"
      content="توضیح پیش‌فرض"
    />
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
beforeAll(async () => {
  const webDistDir = mkdtempSync(path.join(tmpdir(), 'vitrin-web-'));
  writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({
    seedDemoData: true,
    webDistDir,
    publicUrl: 'https://vitrin.example',
  });
});
afterAll(() => t.close());

const page = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
}

describe('page meta in the HTML', () => {
  test("a product page carries the product's title, description and Open Graph tags", async () => {
    const [product] = await t.app.db.select().from(products).where(eq(products.slug, 'wp-pro'));
    const response = await page('/store/wp-pro');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<title>${product?.name} | ویترین</title>`);
    expect(meta(html, 'name', 'description')).toBe(product?.summary);
    expect(meta(html, 'property', 'og:title')).toBe(`${product?.name} | ویترین`);
    expect(meta(html, 'property', 'og:type')).toBe('product');
    expect(meta(html, 'property', 'og:url')).toBe('https://vitrin.example/store/wp-pro');
    expect(meta(html, 'property', 'og:image')).toBe(`https://vitrin.example${product?.iconUrl}`);
    expect(html).toContain('<link rel="canonical" href="https://vitrin.example/store/wp-pro" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  test("an article page carries the article's title and summary", async () => {
    const [article] = await t.app.db
      .select()
      .from(articles)
      .where(eq(articles.slug, 'speed-up-wordpress'));
    const html = (await page('/articles/speed-up-wordpress')).body;
    expect(html).toContain(`<title>${article?.title} | ویترین</title>`);
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(meta(html, 'property', 'og:description')).toBe(article?.summary);
  });

  test('a theme gallery and the list pages have their own titles', async () => {
    expect((await page('/store/builder-pro/themes')).body).toMatch(
      /<title>قالب‌های [^<]+ \| ویترین<\/title>/,
    );
    expect((await page('/store')).body).toContain('<title>فروشگاه | ویترین</title>');
    expect((await page('/domains?q=sara')).body).toContain('<title>جست‌وجوی دامنه | ویترین</title>');
    expect((await page('/articles?category=hosting')).body).toContain(
      '<title>مقاله‌ها | ویترین</title>',
    );
  });

  test('an unknown product or article still gets the app, with status 404', async () => {
    for (const url of ['/store/no-such-product', '/articles/no-such-article']) {
      const response = await page(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
    const [draft] = await t.app.db.select().from(articles).where(eq(articles.status, 'draft'));
    expect((await page(`/articles/${draft?.slug}`)).statusCode).toBe(404);
  });

  test('text from the catalog is escaped in the HTML', async () => {
    await t.app.db
      .update(products)
      .set({ summary: 'خلاصه "با" <script>alert(1)</script> & علامت' })
      .where(eq(products.slug, 'vps-2core'));
    await t.app.catalogCache.invalidate();
    const html = (await page('/store/vps-2core')).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(meta(html, 'name', 'description')).toBe(
      'خلاصه &quot;با&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; علامت',
    );
  });

  test('other app pages get the plain index.html', async () => {
    const response = await page('/account');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });
});

describe('robots.txt and sitemap.xml', () => {
  test('robots.txt allows the site, keeps crawlers off the API and private pages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Disallow: /account');
    expect(response.body).toContain('Sitemap: https://vitrin.example/sitemap.xml');
  });

  test('sitemap.xml lists active products, builder theme galleries and public articles', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toContain('https://vitrin.example/store/wp-pro');
    expect(locations).toContain('https://vitrin.example/store/builder-pro/themes');
    expect(locations).not.toContain('https://vitrin.example/store/wp-pro/themes');
    expect(locations).toContain('https://vitrin.example/articles/speed-up-wordpress');
    expect(locations).toContain('https://vitrin.example/download');
    expect(locations).toContain('https://vitrin.example/domains');
    const hidden = await t.app.db.select().from(products).where(eq(products.status, 'hidden'));
    const drafts = await t.app.db.select().from(articles).where(eq(articles.status, 'draft'));
    for (const row of hidden)
      expect(locations).not.toContain(`https://vitrin.example/store/${row.slug}`);
    for (const row of drafts) {
      expect(locations).not.toContain(`https://vitrin.example/articles/${row.slug}`);
    }
    expect(response.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });
});
