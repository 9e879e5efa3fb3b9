import {
  createCatalogGroup,
  createCatalogProduct,
  getCatalogProduct,
  listCatalogGroups,
  listCatalogProducts,
  setCatalogProductPrices,
  setCatalogProductPublished,
  updateCatalogGroup,
  updateCatalogProduct,
} from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { productGroups, products } from '../../schema';
import { ok, refused, type SignedInUser, send } from '../../test/api-kit';
import { auditRowsOf, createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;
let hostingGroupId: string;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  const [group] = await t.app.db
    .select({ id: productGroups.id })
    .from(productGroups)
    .where(eq(productGroups.slug, 'shared-hosting'));
  hostingGroupId = group?.id ?? '';
});

let slugCounter = 0;
function freshSlug(stem: string): string {
  slugCounter += 1;
  return `${stem}-${slugCounter}`;
}

async function newProduct(extra: Partial<Record<string, unknown>> = {}) {
  return ok(
    t.app,
    '/api/admin/catalog/create-product',
    {
      groupId: hostingGroupId,
      slug: freshSlug('host-test'),
      name: 'هاست آزمایشی',
      summary: 'هاستی برای آزمون کنسول',
      iconUrl: '/media/demo/groups/shared-hosting.svg',
      ...extra,
    },
    admin.token,
  );
}

/** The public store, as a visitor sees it (through the cache). */
async function storeProduct(slug: string) {
  return send(t.app, '/api/store/get-product', { slug });
}

describe('products in the staff console', () => {
  test('reads and changes are for admins only', async () => {
    const product = await newProduct();
    await expectStaffOnly(t.app, listCatalogProducts, {});
    await expectStaffOnly(t.app, getCatalogProduct, { id: product.id });
    await expectStaffOnly(t.app, createCatalogProduct, {
      groupId: hostingGroupId,
      slug: freshSlug('refused'),
      name: 'x',
      summary: 'y',
      iconUrl: '/media/x.svg',
    });
    await expectStaffOnly(t.app, updateCatalogProduct, { id: product.id, name: 'نام تازه' });
    await expectStaffOnly(t.app, setCatalogProductPrices, {
      id: product.id,
      prices: [{ cycle: 'monthly', price: 1_000_000 }],
    });
    await expectStaffOnly(t.app, setCatalogProductPublished, { id: product.id, published: true });
    // Admins read them; support was refused above (the role matrix, decision 0017).
    await ok(t.app, '/api/admin/catalog/list-products', {}, admin.token);
    await ok(t.app, '/api/admin/catalog/get-product', { id: product.id }, admin.token);
    // Nothing the refused calls sent was written.
    const unchanged = await ok(
      t.app,
      '/api/admin/catalog/get-product',
      { id: product.id },
      admin.token,
    );
    expect(unchanged).toMatchObject({ name: 'هاست آزمایشی', status: 'hidden', prices: [] });
  });

  test('the list holds hidden products too, filtered by group, status and text', async () => {
    const hidden = await newProduct({ name: 'هاست پنهان کنسول' });
    const all = await ok(t.app, '/api/admin/catalog/list-products', { pageSize: 100 }, admin.token);
    expect(all.total).toBeGreaterThan(10);
    // Each row says whether it is a website builder (the theme form offers only those).
    const builders = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.needsTheme, true));
    expect(builders.length).toBeGreaterThan(0);
    expect(all.items.filter((item) => item.needsTheme).map((item) => item.id)).toEqual(
      expect.arrayContaining(builders.map((builder) => builder.id)),
    );
    expect(all.items.filter((item) => item.needsTheme)).toHaveLength(builders.length);
    const seededHidden = await t.app.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 'hidden'));
    const hiddenList = await ok(
      t.app,
      '/api/admin/catalog/list-products',
      { status: 'hidden', pageSize: 100 },
      admin.token,
    );
    expect(hiddenList.items.every((item) => item.status === 'hidden')).toBe(true);
    expect(hiddenList.total).toBe(seededHidden.length);
    const found = await ok(
      t.app,
      '/api/admin/catalog/list-products',
      { q: 'پنهان کنسول', groupId: hostingGroupId },
      admin.token,
    );
    expect(found.items.map((item) => item.id)).toEqual([hidden.id]);
    expect(found.items[0]).toMatchObject({
      group: { slug: 'shared-hosting' },
      needsTheme: false,
      startingPrice: null,
      cycleCount: 0,
    });
    const paged = await ok(
      t.app,
      '/api/admin/catalog/list-products',
      { page: 2, pageSize: 5 },
      admin.token,
    );
    expect(paged.items).toHaveLength(5);
    expect(paged.items[0]?.id).toBe(all.items[5]?.id);
  });

  test('a new product is hidden with its feature values; the store shows it once priced and published', async () => {
    const groups = await ok(t.app, '/api/admin/catalog/list-groups', {}, admin.token);
    const hosting = groups.items.find((group) => group.id === hostingGroupId);
    const [disk, bandwidth] = hosting?.features ?? [];
    expect(disk?.limitKey).toBe('diskMb');
    const ssl = hosting?.features.find((feature) => feature.limitKey === null);
    const product = await newProduct({
      setupFee: 500_000,
      // The disk row states a limit: its cell is the product's limit; a typed value is not kept.
      limits: { diskMb: 5 * 1024 },
      features: [
        { featureId: disk?.id, value: '۹۹ گیگابایت' },
        { featureId: ssl?.id, value: 'رایگان' },
      ],
    });
    expect(product).toMatchObject({ status: 'hidden', setupFee: 500_000, prices: [] });
    expect(product.limits).toEqual({ diskMb: 5 * 1024 });
    expect(product.features[0]).toMatchObject({
      limitKey: 'diskMb',
      value: '۵ گیگابایت',
      included: true,
    });
    // No bandwidth limit on the plan: the row says it is not included.
    expect(product.features[1]).toMatchObject({
      featureId: bandwidth?.id,
      value: null,
      included: false,
    });
    expect(product.features.find((feature) => feature.featureId === ssl?.id)).toMatchObject({
      value: 'رایگان',
      included: true,
    });
    expect(product.features).toHaveLength(hosting?.features.length ?? 0);
    const [created] = await auditRowsOf(t.app, 'product', product.id);
    expect(created).toMatchObject({
      action: 'product.create',
      actorId: admin.id,
      after: { slug: product.slug, status: 'hidden', setupFee: 500_000 },
    });

    expect((await storeProduct(product.slug)).statusCode).toBe(404);
    const unpriced = await refused(
      t.app,
      '/api/admin/catalog/set-product-published',
      { id: product.id, published: true },
      admin.token,
      409,
    );
    expect(unpriced.code).toBe('CONFLICT');

    const priced = await ok(
      t.app,
      '/api/admin/catalog/set-product-prices',
      {
        id: product.id,
        prices: [
          { cycle: 'annual', price: 10_000_000, salePrice: 8_000_000 },
          { cycle: 'monthly', price: 1_000_000 },
        ],
      },
      admin.token,
    );
    expect(priced.prices).toEqual([
      { cycle: 'monthly', price: 1_000_000, salePrice: null },
      { cycle: 'annual', price: 10_000_000, salePrice: 8_000_000 },
    ]);
    const [pricesRow] = await auditRowsOf(t.app, 'product', product.id);
    expect(pricesRow).toMatchObject({
      action: 'product.prices',
      before: { prices: [] },
      after: { prices: priced.prices },
    });
    // Still hidden: the store keeps not knowing it.
    expect((await storeProduct(product.slug)).statusCode).toBe(404);

    const published = await ok(
      t.app,
      '/api/admin/catalog/set-product-published',
      { id: product.id, published: true },
      admin.token,
    );
    expect(published.status).toBe('active');
    const [publishRow] = await auditRowsOf(t.app, 'product', product.id);
    expect(publishRow).toMatchObject({
      action: 'product.publish',
      before: { status: 'hidden' },
      after: { status: 'active' },
    });
    const shown = await storeProduct(product.slug);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({
      name: 'هاست آزمایشی',
      setupFee: 500_000,
      startingPrice: { cycle: 'monthly', price: 1_000_000 },
    });
    expect(shown.json().data.features[0]).toEqual({
      label: disk?.label,
      value: '۵ گیگابایت',
      included: true,
    });

    // Staff change the limit: the store's cell follows (issue 35: one source).
    const raised = await ok(
      t.app,
      '/api/admin/catalog/update-product',
      { id: product.id, limits: { diskMb: 10 * 1024, bandwidthMb: null } },
      admin.token,
    );
    expect(raised.limits).toEqual({ diskMb: 10 * 1024, bandwidthMb: null });
    const [limitsRow] = await auditRowsOf(t.app, 'product', product.id);
    expect(limitsRow).toMatchObject({
      action: 'product.update',
      after: { limits: { diskMb: 10 * 1024, bandwidthMb: null } },
    });
    const reshown = (await storeProduct(product.slug)).json().data;
    expect(reshown.features.slice(0, 2)).toEqual([
      { label: disk?.label, value: '۱۰ گیگابایت', included: true },
      { label: bandwidth?.label, value: 'نامحدود', included: true },
    ]);

    // A published product keeps at least one cycle.
    const emptied = await refused(
      t.app,
      '/api/admin/catalog/set-product-prices',
      { id: product.id, prices: [] },
      admin.token,
      409,
    );
    expect(emptied.fields?.prices).toBeDefined();

    await ok(
      t.app,
      '/api/admin/catalog/set-product-published',
      { id: product.id, published: false },
      admin.token,
    );
    expect((await storeProduct(product.slug)).statusCode).toBe(404);
    const [unpublishRow] = await auditRowsOf(t.app, 'product', product.id);
    expect(unpublishRow).toMatchObject({
      action: 'product.unpublish',
      before: { status: 'active' },
      after: { status: 'hidden' },
    });
  });

  test('an edit shows in the public store at once, cached answer or not', async () => {
    const target = (
      await ok(t.app, '/api/admin/catalog/list-products', { status: 'active' }, admin.token)
    ).items[0];
    if (!target) throw new Error('the demo catalog has active products');
    const before = await storeProduct(target.slug);
    expect(before.json().data.name).toBe(target.name);
    // Asked twice: the second answer comes from the cache.
    await storeProduct(target.slug);

    const updated = await ok(
      t.app,
      '/api/admin/catalog/update-product',
      { id: target.id, name: 'نام تازه در فروشگاه', summary: 'خلاصهٔ تازه' },
      admin.token,
    );
    expect(updated.name).toBe('نام تازه در فروشگاه');
    expect((await storeProduct(target.slug)).json().data).toMatchObject({
      name: 'نام تازه در فروشگاه',
      summary: 'خلاصهٔ تازه',
    });
    const list = await send(t.app, '/api/store/get-products', { q: 'نام تازه در فروشگاه' });
    expect(list.json().data.items.map((item: { id: string }) => item.id)).toContain(target.id);

    const [row] = await auditRowsOf(t.app, 'product', target.id);
    expect(row?.action).toBe('product.update');
    expect(row?.before).toEqual({ name: target.name, summary: expect.any(String) });
    expect(row?.after).toEqual({ name: 'نام تازه در فروشگاه', summary: 'خلاصهٔ تازه' });

    // A new price shows at once too.
    const prices = await ok(
      t.app,
      '/api/admin/catalog/set-product-prices',
      { id: target.id, prices: [{ cycle: 'monthly', price: 1_230_000 }] },
      admin.token,
    );
    expect(prices.prices).toHaveLength(1);
    expect((await storeProduct(target.slug)).json().data.startingPrice).toMatchObject({
      cycle: 'monthly',
      price: 1_230_000,
    });
  });

  test('an update that changes nothing writes no audit row', async () => {
    const product = await newProduct();
    await ok(
      t.app,
      '/api/admin/catalog/update-product',
      { id: product.id, name: product.name },
      admin.token,
    );
    expect((await auditRowsOf(t.app, 'product', product.id)).map((row) => row.action)).toEqual([
      'product.create',
    ]);
  });

  test('a slug is unique, lower-case latin: a duplicate is a CONFLICT on the slug field', async () => {
    const first = await newProduct();
    const second = await newProduct();
    const duplicate = await refused(
      t.app,
      '/api/admin/catalog/update-product',
      { id: second.id, slug: first.slug },
      admin.token,
      409,
    );
    expect(duplicate.code).toBe('CONFLICT');
    expect(duplicate.fields?.slug).toMatch(/نامک/);
    const created = await refused(
      t.app,
      '/api/admin/catalog/create-product',
      {
        groupId: hostingGroupId,
        slug: first.slug,
        name: 'x',
        summary: 'y',
        iconUrl: '/media/x.svg',
      },
      admin.token,
      409,
    );
    expect(created.fields?.slug).toBeDefined();
    const bad = await refused(
      t.app,
      '/api/admin/catalog/update-product',
      { id: second.id, slug: 'Host_Plan' },
      admin.token,
      400,
    );
    expect(bad.code).toBe('VALIDATION');
    expect(bad.fields?.slug).toBeDefined();
    // Only one audit row each: the refusals wrote nothing.
    expect(await auditRowsOf(t.app, 'product', second.id)).toHaveLength(1);
  });

  test('two admins creating the same slug at once: one product, the other a CONFLICT', async () => {
    const slug = freshSlug('race');
    const body = {
      groupId: hostingGroupId,
      slug,
      name: 'هاست هم‌زمان',
      summary: 'آزمون هم‌زمانی',
      iconUrl: '/media/demo/groups/shared-hosting.svg',
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        send(t.app, '/api/admin/catalog/create-product', body, admin.token),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((item) => item.statusCode === 409)) {
      expect(answer.json().error.fields.slug).toBeDefined();
    }
    const rows = await t.app.db.select().from(products).where(eq(products.slug, slug));
    expect(rows).toHaveLength(1);
    expect(await auditRowsOf(t.app, 'product', rows[0]?.id ?? '')).toHaveLength(1);
  });

  test('bad input answers Persian field errors and changes nothing', async () => {
    const product = await newProduct();
    const sale = await refused(
      t.app,
      '/api/admin/catalog/set-product-prices',
      { id: product.id, prices: [{ cycle: 'monthly', price: 1000, salePrice: 2000 }] },
      admin.token,
      400,
    );
    expect(sale.fields?.['prices.0.salePrice']).toMatch(/حراج/);
    const twice = await refused(
      t.app,
      '/api/admin/catalog/set-product-prices',
      {
        id: product.id,
        prices: [
          { cycle: 'monthly', price: 1000 },
          { cycle: 'monthly', price: 2000 },
        ],
      },
      admin.token,
      400,
    );
    expect(twice.fields?.prices).toBeDefined();
    const icon = await refused(
      t.app,
      '/api/admin/catalog/update-product',
      { id: product.id, iconUrl: 'https://evil.example/x.png' },
      admin.token,
      400,
    );
    expect(icon.fields?.iconUrl).toMatch(/media/);
    const group = await refused(
      t.app,
      '/api/admin/catalog/update-product',
      { id: product.id, groupId: crypto.randomUUID() },
      admin.token,
      400,
    );
    expect(group.fields?.groupId).toBeDefined();
    const otherGroupFeature = await t.app.db
      .select({ id: productGroups.id })
      .from(productGroups)
      .where(eq(productGroups.slug, 'vps'));
    const groups = await ok(t.app, '/api/admin/catalog/list-groups', {}, admin.token);
    const foreign = groups.items.find((item) => item.id === otherGroupFeature[0]?.id)?.features[0];
    const feature = await refused(
      t.app,
      '/api/admin/catalog/update-product',
      { id: product.id, features: [{ featureId: foreign?.id }] },
      admin.token,
      400,
    );
    expect(feature.fields?.features).toBeDefined();
    await refused(
      t.app,
      '/api/admin/catalog/get-product',
      { id: crypto.randomUUID() },
      admin.token,
      404,
    );
    const after = await ok(
      t.app,
      '/api/admin/catalog/get-product',
      { id: product.id },
      admin.token,
    );
    expect(after).toEqual(product);
  });

  test('moving a product to another group drops its old feature values', async () => {
    const groups = await ok(t.app, '/api/admin/catalog/list-groups', {}, admin.token);
    const hosting = groups.items.find((group) => group.id === hostingGroupId);
    const vps = groups.items.find((group) => group.slug === 'vps');
    if (!hosting || !vps) throw new Error('demo groups');
    const product = await newProduct({
      features: [{ featureId: hosting.features[0]?.id, value: '۱۰ گیگابایت' }],
    });
    const moved = await ok(
      t.app,
      '/api/admin/catalog/update-product',
      { id: product.id, groupId: vps.id },
      admin.token,
    );
    expect(moved.group.slug).toBe('vps');
    expect(moved.features.map((feature) => feature.featureId)).toEqual(
      vps.features.map((feature) => feature.id),
    );
    expect(moved.features.every((feature) => feature.value === null)).toBe(true);
    const [row] = await auditRowsOf(t.app, 'product', product.id);
    expect(row?.after).toMatchObject({ groupId: vps.id });
  });
});

describe('product groups in the staff console', () => {
  test('reads and changes are for admins only', async () => {
    await expectStaffOnly(t.app, listCatalogGroups, {});
    await expectStaffOnly(t.app, createCatalogGroup, {
      slug: freshSlug('refused-group'),
      name: 'گروه',
      summary: 'خلاصه',
      iconUrl: '/media/x.svg',
    });
    await expectStaffOnly(t.app, updateCatalogGroup, { id: hostingGroupId, name: 'x' });
    await ok(t.app, '/api/admin/catalog/list-groups', {}, admin.token);
  });

  test('a group is created with its feature table, edited, and the store shows it at once', async () => {
    const group = await ok(
      t.app,
      '/api/admin/catalog/create-group',
      {
        slug: 'cloud-storage',
        name: 'فضای ابری',
        summary: 'فضای ذخیره‌سازی ابری',
        iconUrl: '/media/demo/groups/vps.svg',
        features: [{ label: 'فضا' }, { label: 'پهنای باند' }, { label: 'پشتیبان' }],
      },
      admin.token,
    );
    expect(group.features.map((feature) => feature.label)).toEqual([
      'فضا',
      'پهنای باند',
      'پشتیبان',
    ]);
    expect(group.productCount).toBe(0);
    const [created] = await auditRowsOf(t.app, 'product-group', group.id);
    expect(created).toMatchObject({ action: 'group.create', after: { slug: 'cloud-storage' } });
    const duplicate = await refused(
      t.app,
      '/api/admin/catalog/create-group',
      { slug: 'cloud-storage', name: 'x', summary: 'y', iconUrl: '/media/x.svg' },
      admin.token,
      409,
    );
    expect(duplicate.fields?.slug).toBeDefined();

    // A product in it, priced and published, with a value for the first row.
    const [space, bandwidth] = group.features;
    const product = await newProduct({
      groupId: group.id,
      features: [
        { featureId: space?.id, value: '۱۰۰ گیگابایت' },
        { featureId: bandwidth?.id, value: 'نامحدود' },
      ],
    });
    await ok(
      t.app,
      '/api/admin/catalog/set-product-prices',
      { id: product.id, prices: [{ cycle: 'monthly', price: 900_000 }] },
      admin.token,
    );
    await ok(
      t.app,
      '/api/admin/catalog/set-product-published',
      { id: product.id, published: true },
      admin.token,
    );
    const home = await send(t.app, '/api/app/get-app-home-data', {});
    expect(
      home.json().data.groups.find((item: { slug: string }) => item.slug === 'cloud-storage'),
    ).toMatchObject({ name: 'فضای ابری', productCount: 1 });

    // Rename, reorder the table, drop a row, add one.
    const updated = await ok(
      t.app,
      '/api/admin/catalog/update-group',
      {
        id: group.id,
        name: 'فضای ابری حرفه‌ای',
        features: [
          { id: bandwidth?.id, label: 'ترافیک ماهانه' },
          { id: space?.id, label: 'فضا' },
          { label: 'رمزنگاری' },
        ],
      },
      admin.token,
    );
    expect(updated.features.map((feature) => feature.label)).toEqual([
      'ترافیک ماهانه',
      'فضا',
      'رمزنگاری',
    ]);
    expect(updated.features[0]?.id).toBe(bandwidth?.id);
    const [row] = await auditRowsOf(t.app, 'product-group', group.id);
    expect(row).toMatchObject({
      action: 'group.update',
      before: { name: 'فضای ابری' },
      after: { name: 'فضای ابری حرفه‌ای' },
    });
    const detail = await send(t.app, '/api/store/get-product', { slug: product.slug });
    expect(detail.json().data.group.name).toBe('فضای ابری حرفه‌ای');
    // In the table's new order; the new row has no value for this product yet.
    expect(detail.json().data.features.map((feature: { label: string }) => feature.label)).toEqual([
      'ترافیک ماهانه',
      'فضا',
    ]);
    // The kept rows kept their values.
    expect(detail.json().data.features[0]).toMatchObject({ value: 'نامحدود', included: true });
    // The product is found by the group's new name.
    const search = await send(t.app, '/api/store/get-products', { q: 'ابری حرفه‌ای' });
    expect(search.json().data.items.map((item: { id: string }) => item.id)).toContain(product.id);

    const foreign = await refused(
      t.app,
      '/api/admin/catalog/update-group',
      { id: group.id, features: [{ id: crypto.randomUUID(), label: 'x' }] },
      admin.token,
      400,
    );
    expect(foreign.fields?.features).toBeDefined();
  });
});
