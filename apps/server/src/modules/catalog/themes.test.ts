import {
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_IMAGE_UPLOAD_PATH,
  createCatalogTheme,
  getCatalogTheme,
  listCatalogThemes,
  setCatalogThemePublished,
  updateCatalogTheme,
} from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { products } from '../../schema';
import { freshAddress, ok, refused, type SignedInUser } from '../../test/api-kit';
import { auditRowsOf, createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { multipartBody, pngOfSize, SAMPLE_FILES } from '../tickets/tickets-test-kit';

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;
let support: SignedInUser;
let builderId: string;
let builderSlug: string;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  support = await createStaff(t.app, 'support');
  const [builder] = await t.app.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(eq(products.needsTheme, true))
    .orderBy(products.sortOrder);
  builderId = builder?.id ?? '';
  builderSlug = builder?.slug ?? '';
});

function uploadImage(token: string | undefined, bytes: Buffer, fileName = 'preview.png') {
  const { payload, contentType } = multipartBody([
    { name: 'file', fileName, contentType: 'image/png', data: bytes },
  ]);
  return t.app.inject({
    method: 'POST',
    url: CATALOG_IMAGE_UPLOAD_PATH,
    remoteAddress: freshAddress(),
    headers: {
      'content-type': contentType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
}

async function uploadedUrl(bytes: Buffer = SAMPLE_FILES.png): Promise<string> {
  const response = await uploadImage(admin.token, bytes);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.url;
}

async function publicThemeSlugs(): Promise<string[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/store/get-product-themes',
    remoteAddress: freshAddress(),
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ productSlug: builderSlug, pageSize: 100 }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items.map((item: { slug: string }) => item.slug);
}

describe('catalog image upload', () => {
  test('admins only: signed out 401, customers and support 403, and nothing is stored', async () => {
    expect((await uploadImage(undefined, SAMPLE_FILES.png)).statusCode).toBe(401);
    const refusedSupport = await uploadImage(support.token, SAMPLE_FILES.png);
    expect(refusedSupport.statusCode).toBe(403);
    expect(refusedSupport.json().error.code).toBe('FORBIDDEN');
  });

  test.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)(
    'a %s is typed from its bytes and served publicly at a stable URL',
    async (kind, type) => {
      // Whatever name and type the sender claims.
      const response = await uploadImage(admin.token, SAMPLE_FILES[kind], 'x.gif');
      expect(response.statusCode, response.body).toBe(200);
      const image = response.json().data;
      expect(image).toEqual({
        url: expect.stringMatching(/^\/media\/uploads\/catalog\/[0-9a-f-]{36}\.(png|jpg|webp)$/),
        contentType: type,
        size: SAMPLE_FILES[kind].length,
      });
      const served = await t.app.inject({ method: 'GET', url: image.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(SAMPLE_FILES[kind])).toBe(true);
      const [row] = await auditRowsOf(t.app, 'media', image.url);
      expect(row).toMatchObject({ action: 'media.upload', actorId: admin.id });
    },
  );

  test.each([
    ['gif', SAMPLE_FILES.gif],
    ['pdf', SAMPLE_FILES.pdf],
    ['html posing as png', SAMPLE_FILES.text],
  ])('a %s is refused with 415', async (_kind, bytes) => {
    const response = await uploadImage(admin.token, bytes);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('فقط تصویر JPG، PNG یا WebP پذیرفته می‌شود');
  });

  test('an image over 2 MB is refused with 413; exactly 2 MB is taken', async () => {
    const over = await uploadImage(admin.token, pngOfSize(CATALOG_IMAGE_MAX_BYTES + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json().error.message).toBe('حجم تصویر حداکثر ۲ مگابایت است');
    const exact = await uploadImage(admin.token, pngOfSize(CATALOG_IMAGE_MAX_BYTES));
    expect(exact.statusCode, exact.body).toBe(200);
  });

  test('a name never issued, or a path trick, is 404', async () => {
    for (const url of [
      '/media/uploads/catalog/00000000-0000-4000-8000-000000000000.png',
      '/media/uploads/catalog/..%2F..%2Fetc%2Fpasswd',
      '/media/uploads/catalog/x.svg',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('themes in the staff console', () => {
  test('reads and changes are for admins only', async () => {
    const theme = await ok(
      t.app,
      '/api/admin/catalog/create-theme',
      {
        slug: 'refusal-theme',
        name: 'قالب آزمون',
        category: 'shop',
        previewUrls: ['/media/demo/themes/x-desktop.svg'],
      },
      admin.token,
    );
    await expectStaffOnly(t.app, listCatalogThemes, {});
    await expectStaffOnly(t.app, getCatalogTheme, { id: theme.id });
    await expectStaffOnly(t.app, createCatalogTheme, {
      slug: 'refused-theme',
      name: 'x',
      category: 'shop',
      previewUrls: ['/media/x.png'],
    });
    await expectStaffOnly(t.app, updateCatalogTheme, { id: theme.id, name: 'y' });
    await expectStaffOnly(t.app, setCatalogThemePublished, { id: theme.id, published: true });
    await ok(t.app, '/api/admin/catalog/list-themes', {}, admin.token);
    // One theme for its form, hidden or not, with the categories the form offers.
    const one = await ok(t.app, '/api/admin/catalog/get-theme', { id: theme.id }, admin.token);
    expect(one.theme).toEqual(theme);
    expect(one.categories.map((category) => category.slug)).toContain('shop');
    const unknown = await refused(
      t.app,
      '/api/admin/catalog/get-theme',
      { id: '00000000-0000-4000-8000-000000000000' },
      admin.token,
      404,
    );
    expect(unknown.code).toBe('NOT_FOUND');
  });

  test('a theme with uploaded previews is hidden until published, then offered at once', async () => {
    const desktop = await uploadedUrl();
    const phone = await uploadedUrl(SAMPLE_FILES.webp);
    const theme = await ok(
      t.app,
      '/api/admin/catalog/create-theme',
      {
        slug: 'flower-shop',
        name: 'گل‌فروشی',
        category: 'shop',
        tags: ['گل', 'فروشگاه'],
        previewUrls: [desktop, phone],
        price: 25_000_000,
        productIds: [builderId],
      },
      admin.token,
    );
    expect(theme).toMatchObject({
      status: 'hidden',
      isFree: false,
      price: 25_000_000,
      productIds: [builderId],
      previewUrls: [desktop, phone],
    });
    const [created] = await auditRowsOf(t.app, 'theme', theme.id);
    expect(created).toMatchObject({ action: 'theme.create', after: { slug: 'flower-shop' } });
    expect(await publicThemeSlugs()).not.toContain('flower-shop');

    await ok(
      t.app,
      '/api/admin/catalog/set-theme-published',
      { id: theme.id, published: true },
      admin.token,
    );
    expect(await publicThemeSlugs()).toContain('flower-shop');
    const [published] = await auditRowsOf(t.app, 'theme', theme.id);
    expect(published).toMatchObject({
      action: 'theme.publish',
      before: { status: 'hidden' },
      after: { status: 'active' },
    });

    const free = await ok(
      t.app,
      '/api/admin/catalog/update-theme',
      { id: theme.id, price: null, name: 'گل‌فروشی رایگان' },
      admin.token,
    );
    expect(free).toMatchObject({ isFree: true, price: null, name: 'گل‌فروشی رایگان' });
    const [updated] = await auditRowsOf(t.app, 'theme', theme.id);
    expect(updated).toMatchObject({
      action: 'theme.update',
      before: { price: 25_000_000, isFree: false, name: 'گل‌فروشی' },
      after: { price: null, isFree: true, name: 'گل‌فروشی رایگان' },
    });
    const found = await ok(
      t.app,
      '/api/admin/catalog/list-themes',
      { q: 'گل فروشی رایگان' },
      admin.token,
    );
    expect(found.items.map((item) => item.id)).toEqual([theme.id]);

    await ok(
      t.app,
      '/api/admin/catalog/set-theme-published',
      { id: theme.id, published: false },
      admin.token,
    );
    expect(await publicThemeSlugs()).not.toContain('flower-shop');
    const [unpublished] = await auditRowsOf(t.app, 'theme', theme.id);
    expect(unpublished).toMatchObject({
      action: 'theme.unpublish',
      before: { status: 'active' },
      after: { status: 'hidden' },
    });
  });

  test('bad input: foreign previews, non-builder products, unknown categories, duplicate slugs', async () => {
    const preview = await refused(
      t.app,
      '/api/admin/catalog/create-theme',
      {
        slug: 'bad-theme',
        name: 'x',
        category: 'shop',
        previewUrls: ['https://evil.example/x.png'],
      },
      admin.token,
      400,
    );
    expect(preview.fields?.['previewUrls.0']).toBeDefined();
    const [hosting] = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.needsTheme, false));
    const notBuilder = await refused(
      t.app,
      '/api/admin/catalog/create-theme',
      {
        slug: 'bad-theme',
        name: 'x',
        category: 'shop',
        previewUrls: ['/media/x.png'],
        productIds: [hosting?.id],
      },
      admin.token,
      400,
    );
    expect(notBuilder.fields?.productIds).toBeDefined();
    const category = await refused(
      t.app,
      '/api/admin/catalog/create-theme',
      { slug: 'bad-theme', name: 'x', category: 'no-such', previewUrls: ['/media/x.png'] },
      admin.token,
      400,
    );
    expect(category.fields?.category).toBeDefined();
    const list = await ok(t.app, '/api/admin/catalog/list-themes', { pageSize: 1 }, admin.token);
    const existing = list.items[0];
    const duplicate = await refused(
      t.app,
      '/api/admin/catalog/create-theme',
      {
        slug: existing?.slug,
        name: 'x',
        category: 'shop',
        previewUrls: ['/media/x.png'],
      },
      admin.token,
      409,
    );
    expect(duplicate.fields?.slug).toBeDefined();
    const none = await ok(t.app, '/api/admin/catalog/list-themes', { q: 'bad-theme' }, admin.token);
    expect(none.total).toBe(0);
  });
});
