import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { verifyPassword } from '../modules/auth/password';
import { createTestApp, type TestApp } from '../test/test-app';
import { HOME_HERO_KEY } from './demo-catalog/home';
import {
  articles,
  contentBlocks,
  groupFeatures,
  productFeatureValues,
  productGroups,
  productPrices,
  products,
  productThemes,
  themes,
  users,
} from './schema/index';
import { demoAccounts, seedDemoData } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemoData: true });
});
afterAll(() => t.close());

test('the first start of an empty database fills it with the demo accounts', async () => {
  const rows = await t.app.db.select().from(users);
  expect(rows.map((row) => row.mobile).sort()).toEqual(
    demoAccounts.map((account) => account.mobile).sort(),
  );
  expect(rows.find((row) => row.role === 'admin')?.firstName).toBe('علی');
});

test('demo passwords are stored hashed and verify', async () => {
  const customer = demoAccounts[0];
  const [row] = await t.app.db.select().from(users).where(eq(users.mobile, customer.mobile));
  expect(row?.passwordHash).toMatch(/^scrypt\$/);
  expect(row?.passwordHash).not.toContain(customer.password);
  expect(await verifyPassword(customer.password, row?.passwordHash ?? '')).toBe(true);
  expect(await verifyPassword('wrong-password', row?.passwordHash ?? '')).toBe(false);
});

test('seeding again adds nothing twice', async () => {
  expect(await seedDemoData(t.app.db)).toEqual([]);
  const [row] = await t.app.db.select({ total: count() }).from(users);
  expect(row?.total).toBe(demoAccounts.length);
});

test('the demo catalog fills the store, the theme gallery and the articles', async () => {
  const db = t.app.db;
  const groups = await db.select().from(productGroups);
  const productRows = await db.select().from(products);
  const themeRows = await db.select().from(themes);
  const articleRows = await db.select().from(articles);

  expect(groups.length).toBeGreaterThanOrEqual(5);
  expect(productRows.filter((row) => row.status === 'active').length).toBeGreaterThanOrEqual(15);
  expect(productRows.some((row) => row.status === 'hidden')).toBe(true);
  expect(themeRows.length).toBeGreaterThanOrEqual(30);
  expect(themeRows.some((row) => row.isFree) && themeRows.some((row) => !row.isFree)).toBe(true);
  expect(articleRows.filter((row) => row.status === 'published').length).toBeGreaterThanOrEqual(12);
  expect(articleRows.some((row) => row.status === 'draft' && row.publishedAt === null)).toBe(true);
  const now = Date.now();
  for (const row of articleRows) {
    if (row.publishedAt) expect(row.publishedAt.getTime()).toBeLessThanOrEqual(now);
  }
});

test('every demo product has a price and a value for each row of its group table', async () => {
  const db = t.app.db;
  const productRows = await db.select().from(products);
  const prices = await db.select().from(productPrices);
  const features = await db.select().from(groupFeatures);
  const values = await db.select().from(productFeatureValues);

  for (const product of productRows) {
    expect(
      prices.some((price) => price.productId === product.id),
      product.slug,
    ).toBe(true);
    const rows = features.filter((feature) => feature.groupId === product.groupId);
    expect(rows.length, product.slug).toBeGreaterThanOrEqual(6);
    for (const feature of rows) {
      const value = values.find(
        (cell) => cell.productId === product.id && cell.featureId === feature.id,
      );
      expect(value, `${product.slug}: ${feature.label}`).toBeDefined();
    }
  }
});

test('every website-builder plan offers themes, the cheapest only the free ones', async () => {
  const db = t.app.db;
  const builders = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .innerJoin(productGroups, eq(products.groupId, productGroups.id))
    .where(eq(productGroups.slug, 'website-builder'));
  const offers = await db
    .select({ productId: productThemes.productId, isFree: themes.isFree })
    .from(productThemes)
    .innerJoin(themes, eq(productThemes.themeId, themes.id));

  expect(builders.length).toBeGreaterThan(0);
  for (const builder of builders) {
    expect(
      offers.some((offer) => offer.productId === builder.id),
      builder.slug,
    ).toBe(true);
  }
  const starter = builders.find((builder) => builder.slug === 'builder-starter');
  const starterOffers = offers.filter((offer) => offer.productId === starter?.id);
  expect(starterOffers.length).toBeGreaterThan(0);
  expect(starterOffers.every((offer) => offer.isFree)).toBe(true);
});

test('every image the demo catalog names is a file the web app ships', async () => {
  const db = t.app.db;
  const urls = [
    ...(await db.select({ url: productGroups.iconUrl }).from(productGroups)).map((row) => row.url),
    ...(await db.select({ url: products.iconUrl }).from(products)).map((row) => row.url),
    ...(await db.select({ urls: themes.previewUrls }).from(themes)).flatMap((row) => row.urls),
    ...(await db.select({ url: articles.coverUrl }).from(articles)).map((row) => row.url),
    ...(await db.select({ body: articles.bodyHtml }).from(articles)).flatMap((row) =>
      [...row.body.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1] ?? ''),
    ),
  ];

  expect(urls.length).toBeGreaterThan(100);
  const missing = urls.filter(
    (url) =>
      !url.startsWith('/media/demo/') ||
      !existsSync(fileURLToPath(new URL(`../../../web/public${url}`, import.meta.url))),
  );
  expect(missing).toEqual([]);
});

test('the home page hero is seeded', async () => {
  const [row] = await t.app.db
    .select()
    .from(contentBlocks)
    .where(eq(contentBlocks.key, HOME_HERO_KEY));
  expect(row?.value).toMatchObject({
    title: expect.any(String),
    subtitle: expect.any(String),
    primaryAction: { label: expect.any(String), href: '/store' },
    secondaryAction: { label: expect.any(String), href: '/articles' },
  });
});
