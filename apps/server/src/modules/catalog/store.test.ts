import { BILLING_CYCLES } from '@vitrin/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { domainTlds, productGroups, productPrices, products, themes } from '../../schema';
import { postJson, setupTestApp } from '../../test/test-app';
import * as store from './store.service';

const t = setupTestApp({ seedDemoData: true });

interface Card {
  id: string;
  slug: string;
  name: string;
  group: { slug: string; name: string };
  onSale: boolean;
  startingPrice: { cycle: string; price: number; regularPrice: number };
}
interface ProductList {
  items: Card[];
  total: number;
  page: number;
  pageSize: number;
  groups: Array<{ slug: string; name: string; count: number }>;
  priceRange: { min: number; max: number };
}

async function call<T>(path: string, body: unknown, status = 200): Promise<T> {
  const response = await postJson(t.app, path, body);
  expect(response.statusCode, response.body).toBe(status);
  const envelope = response.json();
  return (status === 200 ? envelope.data : envelope.error) as T;
}

const listProducts = (body: object = {}) =>
  call<ProductList>('/api/store/get-products', { pageSize: 100, ...body });

async function activeProductSlugs(): Promise<string[]> {
  const rows = await t.app.db
    .select({ slug: products.slug })
    .from(products)
    .where(eq(products.status, 'active'));
  return rows.map((row) => row.slug).sort();
}

describe('get-products', () => {
  test('lists every active product once, hidden ones never', async () => {
    const list = await listProducts();
    const hidden = await t.app.db
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.status, 'hidden'));
    expect(hidden.length).toBeGreaterThan(0);
    expect(list.items.map((item) => item.slug).sort()).toEqual(await activeProductSlugs());
    expect(list.total).toBe(list.items.length);
    for (const { slug } of hidden) expect(list.items.map((item) => item.slug)).not.toContain(slug);
  });

  test('the card price is the shortest cycle on offer, at its sale price when on sale', async () => {
    const list = await listProducts();
    const prices = await t.app.db.select().from(productPrices);
    for (const item of list.items) {
      const own = prices
        .filter((row) => row.productId === item.id)
        .sort((a, b) => BILLING_CYCLES.indexOf(a.cycle) - BILLING_CYCLES.indexOf(b.cycle));
      const shortest = own[0];
      expect(item.startingPrice).toEqual({
        cycle: shortest?.cycle,
        price: shortest?.salePriceRial ?? shortest?.priceRial,
        regularPrice: shortest?.priceRial,
      });
      expect(item.onSale).toBe(own.some((row) => row.salePriceRial !== null));
    }
  });

  test('sorts by popularity by default, and by price or newest when asked', async () => {
    const popular = await listProducts();
    const rows = await t.app.db.select().from(products).where(eq(products.status, 'active'));
    const popularity = new Map(rows.map((row) => [row.slug, row.popularity]));
    const byPopularity = popular.items.map((item) => popularity.get(item.slug) ?? 0);
    expect(byPopularity).toEqual([...byPopularity].sort((a, b) => b - a));

    const cheapest = (await listProducts({ sort: 'price-asc' })).items.map(
      (item) => item.startingPrice.price,
    );
    expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
    const dearest = (await listProducts({ sort: 'price-desc' })).items.map(
      (item) => item.startingPrice.price,
    );
    expect(dearest).toEqual([...cheapest].reverse());

    const created = new Map(rows.map((row) => [row.slug, row.createdAt.getTime()]));
    const newest = (await listProducts({ sort: 'newest' })).items.map(
      (item) => created.get(item.slug) ?? 0,
    );
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  test('filters by group, with every group and its count alongside', async () => {
    const all = await listProducts();
    const list = await listProducts({ group: 'vps' });
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((item) => item.group.slug === 'vps')).toBe(true);
    expect(list.groups.find((group) => group.slug === 'vps')?.count).toBe(list.total);
    expect(list.groups.reduce((sum, group) => sum + group.count, 0)).toBe(all.total);
    // The price range covers the chosen group only.
    const prices = list.items.map((item) => item.startingPrice.price);
    expect(list.priceRange).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
  });

  test('filters by a price range on the card price, both ends included', async () => {
    const all = await listProducts({ sort: 'price-asc' });
    const middle = all.items[Math.floor(all.items.length / 2)]?.startingPrice.price ?? 0;
    const upper = all.items.at(-2)?.startingPrice.price ?? 0;
    const list = await listProducts({ minPrice: middle, maxPrice: upper });
    const expected = all.items.filter(
      (item) => item.startingPrice.price >= middle && item.startingPrice.price <= upper,
    );
    expect(list.items.map((item) => item.slug).sort()).toEqual(
      expected.map((item) => item.slug).sort(),
    );
    expect(list.total).toBe(expected.length);
  });

  test('pages without gaps or repeats', async () => {
    const all = await listProducts();
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 4); page++) {
      const list = await listProducts({ page, pageSize: 4 });
      expect(list.total).toBe(all.total);
      expect(list.page).toBe(page);
      seen.push(...list.items.map((item) => item.slug));
    }
    expect(seen).toEqual(all.items.map((item) => item.slug));
    const past = await listProducts({ page: 99, pageSize: 4 });
    expect(past.items).toEqual([]);
  });

  describe('Persian search', () => {
    const slugsFor = async (q: string, body: object = {}) =>
      (await listProducts({ q, ...body })).items.map((item) => item.slug);
    const builderSlugs = ['builder-business', 'builder-pro', 'builder-shop', 'builder-starter'];

    test('Arabic ي and ك find Persian ی and ک', async () => {
      expect(await slugsFor('سايت ساز')).toEqual(await slugsFor('سایت ساز'));
      expect((await slugsFor('سايت ساز')).slice(0, 4).sort()).toEqual(builderSlugs);
      expect(await slugsFor('كسب و كار', { group: 'website-builder' })).toContain(
        'builder-business',
      );
    });

    test('ZWNJ, a space or nothing between the parts of a word are the same', async () => {
      const withZwnj = await slugsFor('سایت‌ساز');
      expect(withZwnj.slice(0, 4).sort()).toEqual(builderSlugs);
      expect(await slugsFor('سایت ساز')).toEqual(withZwnj);
      // Written as one word it must appear as one word; as two, the two may stand apart.
      const joined = await slugsFor('سایتساز');
      expect(joined.slice(0, 4).sort()).toEqual(builderSlugs);
      expect(withZwnj).toEqual(expect.arrayContaining(joined));
      expect(await slugsFor('حرفه ای')).toEqual(expect.arrayContaining(['builder-pro', 'wp-pro']));
    });

    test('tatweel and diacritics are ignored', async () => {
      const vps = await slugsFor('سرور مجازی');
      expect(vps.length).toBeGreaterThan(0);
      expect(await slugsFor('ســرور مَجازی')).toEqual(vps);
    });

    test('Persian and Latin digits match each other', async () => {
      expect(await slugsFor('لینوکس ۵')).toContain('host-linux-5g');
      expect(await slugsFor('لینوکس 5')).toEqual(await slugsFor('لینوکس ۵'));
      expect((await slugsFor('سرور ۸ هسته'))[0]).toBe('vps-8core');
    });

    test('products named by the query come first, then those that mention it', async () => {
      const found = await slugsFor('هاست وردپرس');
      expect(found.slice(0, 3).sort()).toEqual(['wp-business', 'wp-pro', 'wp-start']);
      expect(found.length).toBeGreaterThan(3);
    });

    test('every word must match; a search can be combined with a group', async () => {
      expect(await slugsFor('وردپرس', { group: 'vps' })).toEqual([]);
      expect(await slugsFor('هاست زیردریایی')).toEqual([]);
    });

    test('a blank query means no search', async () => {
      expect((await listProducts({ q: '   ' })).total).toBe((await listProducts()).total);
    });
  });

  test("a small catalog's price ranges and pages, cut from its kept list, are what the database answers", async () => {
    // The kept list (KEPT_LIST_MAX_PRODUCTS) against the per-call query it stands in for.
    const ranges = [
      {},
      { minPrice: 2_000_000 },
      { maxPrice: 5_900_000 },
      { minPrice: 1_290_000, maxPrice: 8_900_000 },
      { minPrice: 999_999_999 },
    ];
    let compared = 0;
    for (const group of [undefined, 'shared-hosting', 'website-builder']) {
      for (const sort of ['popular', 'newest', 'price-asc', 'price-desc'] as const) {
        for (const range of ranges) {
          for (const page of [1, 2, 9]) {
            const input = { group, sort, page, pageSize: 4, ...range };
            const kept = await store.listProducts(t.app.db, input);
            const queried = await store.listProducts(t.app.db, input, undefined, {
              keptListMaxProducts: 0,
            });
            expect(kept, JSON.stringify(input)).toEqual(queried);
            if (kept.items.length > 0) compared += 1;
          }
        }
      }
    }
    expect(compared).toBeGreaterThanOrEqual(60);
  });

  test('an unknown group is 404 in the envelope', async () => {
    const error = await call<{ code: string; message: string }>(
      '/api/store/get-products',
      { group: 'no-such-group' },
      404,
    );
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('این گروه محصول پیدا نشد');
  });

  test.each([
    ['a minimum above the maximum', { minPrice: 20, maxPrice: 10 }, 'minPrice'],
    ['a negative price', { minPrice: -1 }, 'minPrice'],
    ['a fractional price', { maxPrice: 1.5 }, 'maxPrice'],
    ['an unknown sort', { sort: 'cheap' }, 'sort'],
    ['a group that is not a slug', { group: 'Hosting Plans' }, 'group'],
    ['page zero', { page: 0 }, 'page'],
    ['a page size over 100', { pageSize: 101 }, 'pageSize'],
    ['a query over 100 characters', { q: 'ه'.repeat(101) }, 'q'],
    ['a query with control characters', { q: 'هاست\u0000' }, 'q'],
    ['an unknown field', { color: 'red' }, undefined],
  ])('%s is 400 VALIDATION', async (_name, body, field) => {
    const error = await call<{ code: string; fields?: Record<string, string> }>(
      '/api/store/get-products',
      body,
      400,
    );
    expect(error.code).toBe('VALIDATION');
    if (field) expect(Object.keys(error.fields ?? {})).toContain(field);
  });
});

interface ProductDetail extends Card {
  description: string;
  setupFee: number;
  cycles: Array<{
    cycle: string;
    price: number;
    regularPrice: number;
    monthlyPrice: number;
    savingPercent: number;
  }>;
  features: Array<{ label: string; value: string | null; included: boolean }>;
  comparison: {
    products: Array<{ id: string; slug: string }>;
    rows: Array<{ label: string; values: Array<{ value: string | null; included: boolean }> }>;
  };
  themeCount: number;
  related: Card[];
}

describe('get-product', () => {
  test('answers the same product by slug and by id', async () => {
    const bySlug = await call<ProductDetail>('/api/store/get-product', { slug: 'wp-pro' });
    const byId = await call<ProductDetail>('/api/store/get-product', { id: bySlug.id });
    expect(byId).toEqual(bySlug);
    expect(bySlug.group.slug).toBe('wordpress-hosting');
    expect(bySlug.description.length).toBeGreaterThan(50);
  });

  test('lists its cycles shortest first, with the monthly price and the saving', async () => {
    const product = await call<ProductDetail>('/api/store/get-product', {
      slug: 'builder-business',
    });
    expect(product.cycles.map((cycle) => cycle.cycle)).toEqual([...BILLING_CYCLES]);
    const [monthly, , , annual] = product.cycles;
    expect(monthly?.savingPercent).toBe(0);
    expect(monthly?.monthlyPrice).toBe(monthly?.price);
    expect(annual?.monthlyPrice).toBe(Math.round((annual?.price ?? 0) / 12));
    expect(annual?.savingPercent).toBeGreaterThan(0);
    expect(product.startingPrice.cycle).toBe('monthly');
  });

  test('offers only the cycles that have a price', async () => {
    const domain = await call<ProductDetail>('/api/store/get-product', { slug: 'domain-ir' });
    expect(domain.cycles.map((cycle) => cycle.cycle)).toEqual(['annual']);
    expect(domain.startingPrice.cycle).toBe('annual');
  });

  test("a domain's page shows one yearly price: its TLD's registration price, never on sale", async () => {
    const tlds = await t.app.db.select().from(domainTlds);
    for (const slug of ['domain-ir', 'domain-com', 'domain-net']) {
      const domain = await call<ProductDetail>('/api/store/get-product', { slug });
      const tld = tlds.find((row) => row.productId === domain.id);
      expect(tld, slug).toBeDefined();
      const yearly = tld?.registerPriceRial;
      expect(
        domain.cycles.map((cycle) => [cycle.cycle, cycle.price, cycle.regularPrice]),
        slug,
      ).toEqual([['annual', yearly, yearly]]);
      expect(domain.startingPrice, slug).toMatchObject({ price: yearly, regularPrice: yearly });
      expect(domain.onSale, slug).toBe(false);
    }
  });

  test("compares the group's plans feature by feature", async () => {
    const product = await call<ProductDetail>('/api/store/get-product', { slug: 'vps-4core' });
    const plans = product.comparison.products.map((plan) => plan.slug);
    expect(plans).toContain('vps-4core');
    expect(plans.length).toBeGreaterThan(1);
    expect(product.comparison.rows.length).toBeGreaterThanOrEqual(6);
    for (const row of product.comparison.rows) expect(row.values).toHaveLength(plans.length);
    expect(product.features.map((feature) => feature.label)).toEqual(
      product.comparison.rows.map((row) => row.label),
    );
    expect(product.setupFee).toBeGreaterThan(0);
  });

  test('related products leave the product itself out and start with its group', async () => {
    const product = await call<ProductDetail>('/api/store/get-product', { slug: 'host-linux-5g' });
    expect(product.related.length).toBeGreaterThan(0);
    expect(product.related.map((item) => item.slug)).not.toContain('host-linux-5g');
    expect(product.related[0]?.group.slug).toBe('shared-hosting');
  });

  test('a website-builder product counts its themes; hosting has none', async () => {
    const builder = await call<ProductDetail>('/api/store/get-product', { slug: 'builder-pro' });
    const hosting = await call<ProductDetail>('/api/store/get-product', { slug: 'host-linux-1g' });
    expect(builder.themeCount).toBeGreaterThanOrEqual(30);
    expect(hosting.themeCount).toBe(0);
  });

  test.each([
    ['an unknown slug', { slug: 'no-such-product' }],
    ['an unknown id', { id: '00000000-0000-4000-8000-000000000000' }],
  ])('%s is 404 in the envelope', async (_name, body) => {
    const error = await call<{ code: string; message: string }>(
      '/api/store/get-product',
      body,
      404,
    );
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'این محصول پیدا نشد' });
  });

  test('a hidden product is 404, like one that never existed', async () => {
    const [hidden] = await t.app.db
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.status, 'hidden'));
    await call('/api/store/get-product', { slug: hidden?.slug }, 404);
  });

  test.each([
    ['neither id nor slug', {}],
    ['both id and slug', { id: '00000000-0000-4000-8000-000000000000', slug: 'wp-pro' }],
    ['an id that is not a uuid', { id: 'wp-pro' }],
    ['a slug with spaces', { slug: 'wp pro' }],
  ])('%s is 400 VALIDATION', async (_name, body) => {
    const error = await call<{ code: string }>('/api/store/get-product', body, 400);
    expect(error.code).toBe('VALIDATION');
  });
});

interface ThemeList {
  items: Array<{
    slug: string;
    category: { slug: string };
    isFree: boolean;
    price: number | null;
    previewUrls: string[];
    demoUrl: string;
  }>;
  total: number;
  product: { slug: string };
  categories: Array<{ slug: string; count: number }>;
}

describe('get-product-themes', () => {
  const listThemes = (body: object) =>
    call<ThemeList>('/api/store/get-product-themes', { pageSize: 100, ...body });

  test("lists a builder product's themes with a preview and a demo in its own gallery", async () => {
    const list = await listThemes({ productSlug: 'builder-pro' });
    expect(list.total).toBeGreaterThanOrEqual(30);
    expect(list.product.slug).toBe('builder-pro');
    for (const theme of list.items) {
      expect(theme.previewUrls.length).toBe(2);
      expect(theme.demoUrl).toBe(`/store/builder-pro/themes?preview=${theme.slug}`);
      expect(theme.isFree ? theme.price === null : (theme.price ?? 0) > 0).toBe(true);
    }
    expect(list.categories.reduce((sum, category) => sum + category.count, 0)).toBe(list.total);
  });

  test('the same themes by product id', async () => {
    const bySlug = await listThemes({ productSlug: 'builder-pro' });
    const [row] = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'builder-pro'));
    expect(await listThemes({ productId: row?.id })).toEqual(bySlug);
  });

  test('filters by category, by price and by text', async () => {
    const shop = await listThemes({ productSlug: 'builder-pro', category: 'shop' });
    expect(shop.total).toBeGreaterThan(0);
    expect(shop.items.every((theme) => theme.category.slug === 'shop')).toBe(true);

    const free = await listThemes({ productSlug: 'builder-pro', free: true });
    const paid = await listThemes({ productSlug: 'builder-pro', free: false });
    expect(free.items.every((theme) => theme.isFree)).toBe(true);
    expect(paid.items.every((theme) => !theme.isFree)).toBe(true);
    expect(free.total + paid.total).toBe((await listThemes({ productSlug: 'builder-pro' })).total);

    const [theme] = await t.app.db
      .select()
      .from(themes)
      .where(eq(themes.categorySlug, 'restaurant'));
    const found = await listThemes({ productSlug: 'builder-pro', q: theme?.name ?? '' });
    expect(found.items.map((item) => item.slug)).toContain(theme?.slug);
  });

  test('the starter plan offers only free themes', async () => {
    const list = await listThemes({ productSlug: 'builder-starter' });
    expect(list.total).toBeGreaterThan(0);
    expect(list.items.every((theme) => theme.isFree)).toBe(true);
  });

  test('a product without themes answers an empty list', async () => {
    const list = await listThemes({ productSlug: 'vps-2core' });
    expect(list).toMatchObject({ items: [], total: 0, categories: [] });
  });

  test('an unknown product or category is 404', async () => {
    await call('/api/store/get-product-themes', { productSlug: 'no-such-product' }, 404);
    const error = await call<{ fields: Record<string, string> }>(
      '/api/store/get-product-themes',
      { productSlug: 'builder-pro', category: 'no-such-category' },
      404,
    );
    expect(Object.keys(error.fields)).toEqual(['category']);
  });

  test('neither product id nor slug is 400', async () => {
    await call('/api/store/get-product-themes', { category: 'shop' }, 400);
  });
});

describe('caching', () => {
  test('answers carry an ETag and a short Cache-Control; a matching If-None-Match is 304', async () => {
    const first = await postJson(t.app, '/api/store/get-products', { group: 'domains' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60');

    const again = await postJson(
      t.app,
      '/api/store/get-products',
      { group: 'domains' },
      {
        'if-none-match': etag,
      },
    );
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const other = await postJson(
      t.app,
      '/api/store/get-products',
      { group: 'vps' },
      {
        'if-none-match': etag,
      },
    );
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  test('a change to the catalog shows after invalidate, not before', async () => {
    const before = await listProducts({ group: 'domains' });
    const target = before.items[0];
    await t.app.db
      .update(products)
      .set({ name: 'دامنهٔ تغییرکرده' })
      .where(and(eq(products.id, target?.id ?? '')));
    expect((await listProducts({ group: 'domains' })).items[0]?.name).toBe(target?.name);

    await t.app.catalogCache.invalidate();
    expect((await listProducts({ group: 'domains' })).items[0]?.name).toBe('دامنهٔ تغییرکرده');
    await t.app.db
      .update(products)
      .set({ name: target?.name ?? '' })
      .where(eq(products.id, target?.id ?? ''));
    await t.app.catalogCache.invalidate();
  });

  test('errors are not cached', async () => {
    await call('/api/store/get-products', { group: 'late-group' }, 404);
    await t.app.db.insert(productGroups).values({
      slug: 'late-group',
      name: 'گروه تازه',
      summary: 'گروهی که بعد از پرسش ساخته شد',
      iconUrl: '/media/demo/groups/vps.svg',
    });
    expect((await listProducts({ group: 'late-group' })).total).toBe(0);
    await t.app.db.delete(productGroups).where(eq(productGroups.slug, 'late-group'));
    await t.app.catalogCache.invalidate();
  });
});
