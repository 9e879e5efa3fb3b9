import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { articles, contentBlocks, services, themes, users } from '../../schema';
import { postJson, setupTestApp } from '../../test/test-app';
import { sanitizeArticleHtml } from './article-html';

const t = setupTestApp({ seedDemoData: true });

async function call<T>(path: string, body: unknown, status = 200): Promise<T> {
  const response = await postJson(t.app, path, body);
  expect(response.statusCode, response.body).toBe(status);
  const envelope = response.json();
  return (status === 200 ? envelope.data : envelope.error) as T;
}

interface ArticleCard {
  id: string;
  slug: string;
  title: string;
  category: { slug: string; name: string };
  publishedAt: string;
  readingMinutes: number;
}
interface ArticleList {
  items: ArticleCard[];
  total: number;
  categories: Array<{ slug: string; name: string; count: number }>;
}

const listArticles = (body: object = {}) =>
  call<ArticleList>('/api/information/get-informations', { pageSize: 100, ...body });

async function publicArticleSlugs(): Promise<string[]> {
  const now = Date.now();
  const rows = await t.app.db.select().from(articles);
  return rows
    .filter((row) => row.status === 'published' && (row.publishedAt?.getTime() ?? now + 1) <= now)
    .map((row) => row.slug);
}

describe('get-app-home-data', () => {
  test('answers the hero, groups, featured products, popular themes, articles and counters', async () => {
    const home = await call<{
      hero: { title: string; primaryAction: { href: string } };
      groups: Array<{
        slug: string;
        productCount: number;
        startingPrice: { price: number } | null;
      }>;
      featuredProducts: Array<{ slug: string }>;
      popularThemes: Array<{ slug: string; demoUrl: string }>;
      latestArticles: ArticleCard[];
      counters: { customers: number; activeServices: number; themes: number; articles: number };
    }>('/api/app/get-app-home-data', {});
    const [hero] = await t.app.db
      .select()
      .from(contentBlocks)
      .where(eq(contentBlocks.key, 'home-hero'));
    expect(home.hero).toEqual(hero?.value);
    expect(home.groups.length).toBeGreaterThanOrEqual(5);
    for (const group of home.groups) {
      expect(group.productCount).toBeGreaterThan(0);
      expect(group.startingPrice?.price).toBeGreaterThan(0);
    }
    expect(home.featuredProducts.length).toBeGreaterThanOrEqual(4);
    expect(home.popularThemes).toHaveLength(8);
    for (const theme of home.popularThemes) {
      expect(theme.demoUrl).toMatch(/^\/store\/builder-[a-z-]+\/themes\?preview=[a-z0-9-]+$/);
    }
    const latest = (await listArticles()).items.slice(0, 4);
    expect(home.latestArticles).toEqual(latest);

    const customers = await t.app.db.select().from(users).where(eq(users.role, 'customer'));
    const activeThemes = await t.app.db.select().from(themes).where(eq(themes.status, 'active'));
    const active = await t.app.db.select().from(services).where(eq(services.status, 'active'));
    expect(active.length).toBeGreaterThan(0);
    expect(home.counters).toEqual({
      customers: customers.length,
      activeServices: active.length,
      themes: activeThemes.length,
      articles: (await publicArticleSlugs()).length,
    });
  });

  test('a group shows the cheapest headline price of its plans', async () => {
    const home = await call<{
      groups: Array<{ slug: string; startingPrice: { price: number } | null }>;
    }>('/api/app/get-app-home-data', {});
    const vps = await call<{ items: Array<{ startingPrice: { price: number } }> }>(
      '/api/store/get-products',
      { group: 'vps', sort: 'price-asc' },
    );
    expect(home.groups.find((group) => group.slug === 'vps')?.startingPrice?.price).toBe(
      vps.items[0]?.startingPrice.price,
    );
  });

  test('takes no input', async () => {
    await call('/api/app/get-app-home-data', { page: 1 }, 400);
  });
});

describe('get-informations', () => {
  test('lists only published articles, newest first, never drafts', async () => {
    const list = await listArticles();
    expect(list.items.map((item) => item.slug).sort()).toEqual((await publicArticleSlugs()).sort());
    const drafts = await t.app.db.select().from(articles).where(eq(articles.status, 'draft'));
    expect(drafts.length).toBeGreaterThan(0);
    const dates = list.items.map((item) => Date.parse(item.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(list.items.every((item) => item.readingMinutes >= 1)).toBe(true);
  });

  test('an article published for a later date stays hidden until then', async () => {
    const [draft] = await t.app.db.select().from(articles).where(eq(articles.status, 'draft'));
    const tomorrow = new Date(Date.now() + 86_400_000);
    await t.app.db
      .update(articles)
      .set({ status: 'published', publishedAt: tomorrow })
      .where(eq(articles.id, draft?.id ?? ''));
    await t.app.catalogCache.invalidate();
    try {
      expect((await listArticles()).items.map((item) => item.slug)).not.toContain(draft?.slug);
      await call('/api/information/get-information', { slug: draft?.slug }, 404);
    } finally {
      await t.app.db
        .update(articles)
        .set({ status: 'draft', publishedAt: null })
        .where(eq(articles.id, draft?.id ?? ''));
      await t.app.catalogCache.invalidate();
    }
  });

  test('filters by category, with each category and its count', async () => {
    const all = await listArticles();
    const hosting = await listArticles({ category: 'hosting' });
    expect(hosting.total).toBeGreaterThan(0);
    expect(hosting.items.every((item) => item.category.slug === 'hosting')).toBe(true);
    expect(hosting.categories.find((category) => category.slug === 'hosting')?.count).toBe(
      hosting.total,
    );
    expect(all.categories.reduce((sum, category) => sum + category.count, 0)).toBe(all.total);
  });

  test('searches Persian text however it is typed, titles first', async () => {
    const slugs = async (q: string) => (await listArticles({ q })).items.map((item) => item.slug);
    const ssl = await slugs('گواهی SSL');
    expect(ssl[0]).toBe('ssl-certificate-explained');
    expect(await slugs('گواهي ssl')).toEqual(ssl);
    const wordpress = await slugs('وردپرس');
    expect(wordpress).toEqual(
      expect.arrayContaining(['speed-up-wordpress', 'wordpress-backup-restore']),
    );
    expect(await slugs('ورد‌پرس')).toEqual(await slugs('ورد پرس'));
    expect(await slugs('زیردریایی اتمی')).toEqual([]);
  });

  test('pages', async () => {
    const all = await listArticles();
    const second = await listArticles({ page: 2, pageSize: 5 });
    expect(second.items).toEqual(all.items.slice(5, 10));
    expect(second.total).toBe(all.total);
  });

  test('an unknown category is 404; a bad one is 400', async () => {
    const error = await call<{ code: string; message: string }>(
      '/api/information/get-informations',
      { category: 'no-such-category' },
      404,
    );
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'این دستهٔ مقاله پیدا نشد' });
    await call('/api/information/get-informations', { category: 'Not A Slug' }, 400);
    await call('/api/information/get-informations', { pageSize: 0 }, 400);
  });
});

describe('get-information', () => {
  test('answers a published article with its sanitised body and related articles', async () => {
    const article = await call<
      ArticleCard & { bodyHtml: string; related: ArticleCard[]; updatedAt: string }
    >('/api/information/get-information', { slug: 'speed-up-wordpress' });
    expect(article.title.length).toBeGreaterThan(5);
    expect(article.bodyHtml).toContain('<h2>');
    expect(article.bodyHtml).not.toMatch(/<script|on\w+=/i);
    expect(article.related.map((item) => item.slug)).not.toContain('speed-up-wordpress');
    for (const item of article.related) expect(item.category.slug).toBe(article.category.slug);
  });

  test('a body that somehow holds a script is sanitised again on the way out', async () => {
    await t.app.db
      .update(articles)
      .set({
        bodyHtml:
          '<p onclick="steal()">سلام</p><script>steal()</script><img src="https://evil.example/x.png">',
      })
      .where(eq(articles.slug, 'choose-domain-name'));
    await t.app.catalogCache.invalidate();
    const article = await call<{ bodyHtml: string }>('/api/information/get-information', {
      slug: 'choose-domain-name',
    });
    expect(article.bodyHtml).toBe('<p>سلام</p>');
  });

  test('a draft or unknown slug is 404', async () => {
    const [draft] = await t.app.db.select().from(articles).where(eq(articles.status, 'draft'));
    const error = await call<{ code: string; message: string }>(
      '/api/information/get-information',
      { slug: draft?.slug },
      404,
    );
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'این مقاله پیدا نشد' });
    await call('/api/information/get-information', { slug: 'no-such-article' }, 404);
    await call('/api/information/get-information', {}, 400);
  });
});

describe('sanitizeArticleHtml', () => {
  test.each([
    ['a script', '<p>متن</p><script>alert(1)</script>', '<p>متن</p>'],
    ['an event handler', '<p onmouseover="x()">متن</p>', '<p>متن</p>'],
    ['a javascript link', '<a href="javascript:alert(1)">پیوند</a>', '<a>پیوند</a>'],
    ['a style', '<p style="color:red">متن</p><style>p{}</style>', '<p>متن</p>'],
    ['an iframe', '<iframe src="https://x.example"></iframe><p>متن</p>', '<p>متن</p>'],
    ['an image from another site', '<img src="https://x.example/a.png"><p>متن</p>', '<p>متن</p>'],
  ])('removes %s', (_name, html, clean) => {
    expect(sanitizeArticleHtml(html)).toBe(clean);
  });

  test('keeps structure, own images, and marks outside links', () => {
    expect(sanitizeArticleHtml('<h2>عنوان</h2><ul><li>یک</li></ul>')).toBe(
      '<h2>عنوان</h2><ul><li>یک</li></ul>',
    );
    expect(sanitizeArticleHtml('<img src="/media/a.svg" alt="الف">')).toBe(
      '<img src="/media/a.svg" alt="الف" loading="lazy" />',
    );
    expect(sanitizeArticleHtml('<a href="https://example.com">بیرون</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">بیرون</a>',
    );
    expect(sanitizeArticleHtml('<a href="/store" target="_top">فروشگاه</a>')).toBe(
      '<a href="/store">فروشگاه</a>',
    );
  });
});
