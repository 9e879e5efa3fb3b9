import {
  createCatalogArticle,
  getCatalogArticle,
  listCatalogArticles,
  updateCatalogArticle,
} from '@vitrin/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import { ok, refused, type SignedInUser, send } from '../../test/api-kit';
import { auditRowsOf, createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { sanitizeEditorHtml } from './article-html';

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
});

let slugCounter = 0;
function freshSlug(): string {
  slugCounter += 1;
  return `console-article-${slugCounter}`;
}

const draftBody = (extra: Record<string, unknown> = {}) => ({
  slug: freshSlug(),
  title: 'راهنمای آزمایشی کنسول',
  summary: 'خلاصهٔ مقالهٔ آزمایشی',
  coverUrl: '/media/demo/articles/speed-up-wordpress.svg',
  bodyHtml: '<h2>مقدمه</h2><p>متن مقاله</p>',
  category: 'hosting',
  ...extra,
});

function publicArticle(slug: string) {
  return send(t.app, '/api/information/get-information', { slug });
}

async function publicSlugs(): Promise<string[]> {
  const list = await send(t.app, '/api/information/get-informations', { pageSize: 100 });
  return list.json().data.items.map((item: { slug: string }) => item.slug);
}

describe('the article body allow-list', () => {
  test('script, event handlers, javascript: links, style and frames are removed', () => {
    const dirty = [
      '<h2 onclick="steal()">عنوان</h2>',
      '<script>alert(1)</script>',
      '<p style="color:red" onmouseover="x()">متن <strong>پررنگ</strong> <em>کج</em> <u>زیرخط</u> <s>خط‌خورده</s></p>',
      '<a href="javascript:alert(1)">بد</a>',
      '<a href="JaVaScRiPt:alert(1)">بد</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<style>body{display:none}</style>',
      '<img src="https://evil.example/pixel.png" onerror="x()">',
      '<img src="/media/uploads/cover.png" alt="تصویر" onerror="x()">',
      '<form action="/x"><input name="a"></form>',
      '<h1>سرتیتر</h1><h5>ریز</h5>',
      '<object data="x"></object><embed src="x">',
      '<svg><script>alert(1)</script></svg>',
    ].join('');
    const clean = sanitizeEditorHtml(dirty);
    expect(clean).not.toMatch(/<script|onclick|onmouseover|onerror|javascript:|style|<iframe/i);
    expect(clean).not.toMatch(/<form|<input|<object|<embed|<svg|<h1|<h5|evil\.example/i);
    expect(clean).toContain('<h2>عنوان</h2>');
    expect(clean).toContain(
      '<p>متن <strong>پررنگ</strong> <em>کج</em> <u>زیرخط</u> <s>خط‌خورده</s></p>',
    );
    expect(clean).toContain('<img src="/media/uploads/cover.png" alt="تصویر" />');
    expect(clean).toContain('<a>بد</a>');
  });

  test('external links get rel="noopener noreferrer nofollow"; only http, https, mailto and our own paths', () => {
    const clean = sanitizeEditorHtml(
      [
        '<a href="https://example.com" rel="opener" target="_top">بیرونی</a>',
        '<a href="mailto:info@example.com">نامه</a>',
        '<a href="/store">فروشگاه</a>',
        '<a href="data:text/html;base64,PHNjcmlwdD4=">داده</a>',
        '<a href="//evil.example/x">بی‌پروتکل</a>',
        '<a href="tel:+98912">تلفن</a>',
      ].join(''),
    );
    expect(clean).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow">بیرونی</a>',
    );
    expect(clean).toContain(
      '<a href="mailto:info@example.com" rel="noopener noreferrer nofollow">نامه</a>',
    );
    expect(clean).toContain('<a href="/store">فروشگاه</a>');
    expect(clean).not.toMatch(/data:|evil\.example|tel:|target/);
  });

  test('lists, quotes, code and plain tables are kept', () => {
    const html =
      '<blockquote>نقل</blockquote><ul><li>یک</li></ul><ol><li>دو</li></ol><pre><code>npm i</code></pre><hr /><p>خط<br />دوم</p><table><thead><tr><th colspan="2">سر</th></tr></thead><tbody><tr><td>۱</td><td>۲</td></tr></tbody></table>';
    expect(sanitizeEditorHtml(html)).toBe(html);
  });
});

describe('articles in the staff console', () => {
  test('reads and changes are for admins only', async () => {
    const article = await ok(t.app, '/api/admin/catalog/create-article', draftBody(), admin.token);
    await expectStaffOnly(t.app, listCatalogArticles, {});
    await expectStaffOnly(t.app, getCatalogArticle, { id: article.id });
    await expectStaffOnly(t.app, createCatalogArticle, draftBody());
    await expectStaffOnly(t.app, updateCatalogArticle, { id: article.id, title: 'عنوان تازه' });
    await ok(t.app, '/api/admin/catalog/list-articles', {}, admin.token);
    await ok(t.app, '/api/admin/catalog/get-article', { id: article.id }, admin.token);
    const after = await ok(
      t.app,
      '/api/admin/catalog/get-article',
      { id: article.id },
      admin.token,
    );
    expect(after).toEqual(article);
  });

  test('a draft is saved sanitised and never shown to the public; the list shows drafts', async () => {
    const article = await ok(
      t.app,
      '/api/admin/catalog/create-article',
      draftBody({
        bodyHtml: '<p onclick="x()">سلام</p><script>alert(1)</script><iframe src="x"></iframe>',
      }),
      admin.token,
    );
    expect(article).toMatchObject({
      status: 'draft',
      publishedAt: null,
      bodyHtml: '<p>سلام</p>',
      authorName: 'علی مدیر',
      category: { slug: 'hosting', name: 'میزبانی وب' },
    });
    const [row] = await auditRowsOf(t.app, 'article', article.id);
    expect(row).toMatchObject({
      action: 'article.create',
      actorId: admin.id,
      after: { slug: article.slug, status: 'draft', bodyHtml: '<p>سلام</p>' },
    });
    const drafts = await ok(
      t.app,
      '/api/admin/catalog/list-articles',
      { status: 'draft', pageSize: 100 },
      admin.token,
    );
    expect(drafts.items.map((item) => item.id)).toContain(article.id);
    expect(drafts.items.every((item) => item.status === 'draft')).toBe(true);
    expect(drafts.categories.length).toBeGreaterThan(0);
    expect((await publicArticle(article.slug)).statusCode).toBe(404);
    expect(await publicSlugs()).not.toContain(article.slug);
  });

  test('publishing shows the article at once; a Jalali publish date is kept; back to draft hides it', async () => {
    const article = await ok(t.app, '/api/admin/catalog/create-article', draftBody(), admin.token);
    // Cache the public answers while it is a draft.
    expect((await publicArticle(article.slug)).statusCode).toBe(404);
    const listed = await publicSlugs();
    expect(listed).not.toContain(article.slug);

    const published = await ok(
      t.app,
      '/api/admin/catalog/update-article',
      { id: article.id, status: 'published', publishAt: '۱۴۰۵/۰۸/۰۱' },
      admin.token,
    );
    // 1 Aban 1405 at 00:00 in Tehran.
    expect(published).toMatchObject({
      status: 'published',
      publishedAt: '2026-10-22T20:30:00.000Z',
    });
    const shown = await publicArticle(article.slug);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ title: 'راهنمای آزمایشی کنسول' });
    expect(await publicSlugs()).toContain(article.slug);
    const [row] = await auditRowsOf(t.app, 'article', article.id);
    expect(row).toMatchObject({
      action: 'article.update',
      before: { status: 'draft', publishedAt: null },
      after: { status: 'published', publishedAt: '2026-10-22T20:30:00.000Z' },
    });

    const edited = await ok(
      t.app,
      '/api/admin/catalog/update-article',
      { id: article.id, title: 'عنوان ویرایش‌شده' },
      admin.token,
    );
    expect(edited.publishedAt).toBe('2026-10-22T20:30:00.000Z');
    expect((await publicArticle(article.slug)).json().data.title).toBe('عنوان ویرایش‌شده');

    await ok(
      t.app,
      '/api/admin/catalog/update-article',
      { id: article.id, status: 'draft' },
      admin.token,
    );
    expect((await publicArticle(article.slug)).statusCode).toBe(404);
    expect(await publicSlugs()).not.toContain(article.slug);
  });

  test('a published article without a date is dated now; a later date schedules it', async () => {
    const before = Date.now();
    const now = await ok(
      t.app,
      '/api/admin/catalog/create-article',
      draftBody({ status: 'published' }),
      admin.token,
    );
    expect(new Date(now.publishedAt ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await publicArticle(now.slug)).statusCode).toBe(200);

    const later = await ok(
      t.app,
      '/api/admin/catalog/create-article',
      draftBody({ status: 'published', publishAt: '2099-01-01T00:00:00Z' }),
      admin.token,
    );
    expect(later.publishedAt).toBe('2099-01-01T00:00:00.000Z');
    expect((await publicArticle(later.slug)).statusCode).toBe(404);

    // Clearing the date of a published article dates it now rather than leaving it undated.
    const cleared = await ok(
      t.app,
      '/api/admin/catalog/update-article',
      { id: later.id, publishAt: null },
      admin.token,
    );
    expect(new Date(cleared.publishedAt ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await publicArticle(later.slug)).statusCode).toBe(200);
  });

  test('an invalid publish date answers 400 INVALID_DATE on the publishAt field and saves nothing', async () => {
    const article = await ok(t.app, '/api/admin/catalog/create-article', draftBody(), admin.token);
    for (const publishAt of ['۱۴۰۵/۱۳/۴۰', '1405/02/31x', 'فردا']) {
      const error = await refused(
        t.app,
        '/api/admin/catalog/update-article',
        { id: article.id, status: 'published', publishAt },
        admin.token,
        400,
      );
      expect(error.code).toBe('INVALID_DATE');
      expect(error.fields?.publishAt).toBeDefined();
    }
    const created = await refused(
      t.app,
      '/api/admin/catalog/create-article',
      draftBody({ publishAt: '1405/00/01' }),
      admin.token,
      400,
    );
    expect(created.code).toBe('INVALID_DATE');
    expect(created.fields?.publishAt).toBeDefined();
    const unchanged = await ok(
      t.app,
      '/api/admin/catalog/get-article',
      { id: article.id },
      admin.token,
    );
    expect(unchanged).toEqual(article);
    expect(await auditRowsOf(t.app, 'article', article.id)).toHaveLength(1);
  });

  test('slug duplicates, unknown categories, foreign covers and empty bodies are field errors', async () => {
    const first = await ok(t.app, '/api/admin/catalog/create-article', draftBody(), admin.token);
    const second = await ok(t.app, '/api/admin/catalog/create-article', draftBody(), admin.token);
    const duplicate = await refused(
      t.app,
      '/api/admin/catalog/update-article',
      { id: second.id, slug: first.slug },
      admin.token,
      409,
    );
    expect(duplicate.fields?.slug).toBeDefined();
    const category = await refused(
      t.app,
      '/api/admin/catalog/update-article',
      { id: second.id, category: 'no-such-category' },
      admin.token,
      400,
    );
    expect(category.fields?.category).toMatch(/دسته/);
    const cover = await refused(
      t.app,
      '/api/admin/catalog/update-article',
      { id: second.id, coverUrl: 'javascript:alert(1)' },
      admin.token,
      400,
    );
    expect(cover.fields?.coverUrl).toBeDefined();
    const empty = await refused(
      t.app,
      '/api/admin/catalog/update-article',
      { id: second.id, bodyHtml: '<script>alert(1)</script>' },
      admin.token,
      400,
    );
    expect(empty.fields?.bodyHtml).toBeDefined();
    await refused(
      t.app,
      '/api/admin/catalog/get-article',
      { id: crypto.randomUUID() },
      admin.token,
      404,
    );
    expect(await auditRowsOf(t.app, 'article', second.id)).toHaveLength(1);
  });

  test('the list finds articles by text and category, drafts and published together', async () => {
    const article = await ok(
      t.app,
      '/api/admin/catalog/create-article',
      draftBody({ title: 'زرافه‌های کنسول', category: 'security' }),
      admin.token,
    );
    const found = await ok(
      t.app,
      '/api/admin/catalog/list-articles',
      { q: 'زرافه', category: 'security' },
      admin.token,
    );
    expect(found.items.map((item) => item.id)).toEqual([article.id]);
    const all = await ok(t.app, '/api/admin/catalog/list-articles', { pageSize: 100 }, admin.token);
    expect(new Set(all.items.map((item) => item.status))).toEqual(new Set(['draft', 'published']));
  });
});
