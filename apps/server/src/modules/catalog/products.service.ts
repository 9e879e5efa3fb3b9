import {
  type AdminProductView,
  BILLING_CYCLES,
  type CallParsed,
  type CallResult,
  type createCatalogProduct,
  type listCatalogProducts,
  type setCatalogProductPrices,
  type updateCatalogProduct,
} from '@vitrin/contracts';
import { searchableText } from '@vitrin/fa';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { listTotal } from '../../lib/list-total';
import { matchesSearchQuery, titleMatchFirst } from '../../lib/search-sql';
import { changedFields, writeAudit } from '../audit';
import { type Actor, checkSlugFree, fieldError, withSlugConflict } from './catalog-write';
import { isPlanLimitKey, limitCell, normalizePlanLimits } from './plan-limits';
import {
  groupFeatures,
  productFeatureValues,
  productGroups,
  productPrices,
  products,
} from './schema';
import { headlineOfProduct } from './store.service';

// Products in the staff console (issue 8): every product, published or not; a new product is
// hidden until it has prices and an admin publishes it.

const PRODUCT_NOT_FOUND = 'این محصول پیدا نشد';
const GROUP_NOT_FOUND = 'این گروه محصول پیدا نشد';
const FEATURE_NOT_IN_GROUP = 'هر امکان باید یکی از سطرهای جدول امکانات گروه این محصول باشد';
const FEATURE_TWICE = 'برای هر سطر جدول امکانات فقط یک مقدار بفرستید';
const NO_PRICES_TO_PUBLISH =
  'محصول بدون قیمت منتشر نمی‌شود؛ نخست دست‌کم یک دورهٔ پرداخت با قیمت برایش تعیین کنید';
const PUBLISHED_NEEDS_PRICES =
  'محصول منتشرشده دست‌کم یک دورهٔ پرداخت می‌خواهد؛ برای حذف همهٔ قیمت‌ها نخست آن را از فروش خارج کنید';

type FeatureInput = CallParsed<typeof createCatalogProduct>['features'][number];

const cycleRank = (column: typeof productPrices.cycle) =>
  sql<number>`array_position(array[${sql.join(
    BILLING_CYCLES.map((cycle) => sql`${cycle}`),
    sql`, `,
  )}]::text[], ${column})`;

/** One product as the console edits it, or NOT_FOUND. */
export async function findProductById(
  db: Database | Transaction,
  id: string,
): Promise<AdminProductView> {
  const [row] = await db
    .select({ product: products, group: productGroups })
    .from(products)
    .innerJoin(productGroups, eq(productGroups.id, products.groupId))
    .where(eq(products.id, id));
  if (!row) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
  const { product, group } = row;
  const [prices, features] = await Promise.all([
    db
      .select()
      .from(productPrices)
      .where(eq(productPrices.productId, id))
      .orderBy(cycleRank(productPrices.cycle)),
    db
      .select({
        featureId: groupFeatures.id,
        label: groupFeatures.label,
        limitKey: groupFeatures.limitKey,
        value: productFeatureValues.value,
        included: productFeatureValues.included,
      })
      .from(groupFeatures)
      .leftJoin(
        productFeatureValues,
        and(
          eq(productFeatureValues.featureId, groupFeatures.id),
          eq(productFeatureValues.productId, id),
        ),
      )
      .where(eq(groupFeatures.groupId, group.id))
      .orderBy(asc(groupFeatures.sortOrder), asc(groupFeatures.id)),
  ]);
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    group: { id: group.id, slug: group.slug, name: group.name },
    summary: product.summary,
    description: product.description,
    iconUrl: product.iconUrl,
    setupFee: product.setupFeeRial,
    needsDomain: product.needsDomain,
    needsTheme: product.needsTheme,
    vatExempt: product.vatExempt,
    taxServiceId: product.taxServiceId,
    isFeatured: product.isFeatured,
    badge: product.badge,
    sortOrder: product.sortOrder,
    status: product.status,
    prices: prices.map((price) => ({
      cycle: price.cycle,
      price: price.priceRial,
      salePrice: price.salePriceRial,
    })),
    features: features.map((feature) =>
      isPlanLimitKey(feature.limitKey)
        ? {
            featureId: feature.featureId,
            label: feature.label,
            limitKey: feature.limitKey,
            ...limitCell(product.limits, feature.limitKey),
          }
        : {
            featureId: feature.featureId,
            label: feature.label,
            limitKey: null,
            value: feature.value ?? null,
            // A row the product has no value for is shown as not included (as the store does).
            included: feature.included ?? false,
          },
    ),
    limits: normalizePlanLimits(product.limits),
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/**
 * Every product, by group, status and text; the most recently changed first (with a search,
 * those whose name matches first). The page's ids are picked first (through
 * `products_updated_idx`, or the search's trigram index), and only those 20 are given their
 * headline price and cycle count; the total is `listTotal`'s (decision 0031).
 */
export async function listProducts(
  db: Database,
  input: CallParsed<typeof listCatalogProducts>,
): Promise<CallResult<typeof listCatalogProducts>> {
  const where = and(
    input.groupId ? eq(products.groupId, input.groupId) : undefined,
    input.status ? eq(products.status, input.status) : undefined,
    matchesSearchQuery(products.searchText, input.q),
  );
  const order = [
    ...titleMatchFirst(products.searchText, input.q),
    desc(products.updatedAt),
    asc(products.id),
  ];
  const page = db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .as('page');
  // The headline price: the shortest cycle on offer, one probe of the price key per product.
  const headline = headlineOfProduct(db);
  const cycleCount = sql<number>`(select count(*) from ${productPrices} where ${productPrices.productId} = ${products.id})`;
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        iconUrl: products.iconUrl,
        status: products.status,
        isFeatured: products.isFeatured,
        needsTheme: products.needsTheme,
        updatedAt: products.updatedAt,
        groupId: productGroups.id,
        groupSlug: productGroups.slug,
        groupName: productGroups.name,
        cycle: headline.cycle,
        price: headline.price,
        regularPrice: headline.regularPrice,
        cycleCount: cycleCount.mapWith(Number),
      })
      .from(products)
      .innerJoin(page, eq(page.id, products.id))
      .innerJoin(productGroups, eq(productGroups.id, products.groupId))
      .leftJoinLateral(headline, sql`true`)
      .orderBy(...order),
    listTotal(db, db.select({ one: sql`1` }).from(products).where(where)),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      iconUrl: row.iconUrl,
      group: { id: row.groupId, slug: row.groupSlug, name: row.groupName },
      status: row.status,
      isFeatured: row.isFeatured,
      needsTheme: row.needsTheme,
      startingPrice:
        row.cycle === null || row.regularPrice === null
          ? null
          : { cycle: row.cycle, price: row.price, regularPrice: row.regularPrice },
      cycleCount: row.cycleCount,
      updatedAt: row.updatedAt.toISOString(),
    })),
    ...counted,
    page: input.page,
    pageSize: input.pageSize,
  };
}

async function lockProduct(tx: Transaction, id: string) {
  const [product] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!product) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
  return product;
}

async function requireGroup(tx: Transaction, groupId: string) {
  const [group] = await tx.select().from(productGroups).where(eq(productGroups.id, groupId));
  if (!group) throw fieldError('groupId', GROUP_NOT_FOUND);
  return group;
}

/** Replaces a product's feature values; every row must belong to the product's group. */
async function writeFeatureValues(
  tx: Transaction,
  productId: string,
  groupId: string,
  features: readonly FeatureInput[],
): Promise<void> {
  const ids = features.map((feature) => feature.featureId);
  if (new Set(ids).size !== ids.length) throw fieldError('features', FEATURE_TWICE);
  const known =
    ids.length === 0
      ? []
      : await tx
          .select({ id: groupFeatures.id, limitKey: groupFeatures.limitKey })
          .from(groupFeatures)
          .where(and(eq(groupFeatures.groupId, groupId), inArray(groupFeatures.id, ids)));
  if (known.length !== ids.length) throw fieldError('features', FEATURE_NOT_IN_GROUP);
  // A limit row's cell is drawn from the product's limits: a typed value for it is not kept.
  const limitRows = new Set(known.flatMap((row) => (row.limitKey ? [row.id] : [])));
  const typed = features.filter((feature) => !limitRows.has(feature.featureId));
  await tx.delete(productFeatureValues).where(eq(productFeatureValues.productId, productId));
  if (typed.length > 0) {
    await tx.insert(productFeatureValues).values(
      typed.map((feature) => ({
        productId,
        featureId: feature.featureId,
        value: feature.value,
        included: feature.included,
      })),
    );
  }
}

/** Rewrites `search_text` from the product's name, summary, group, description and values. */
export async function refreshProductSearchText(tx: Transaction, productId: string): Promise<void> {
  const [row] = await tx
    .select({ product: products, groupName: productGroups.name })
    .from(products)
    .innerJoin(productGroups, eq(productGroups.id, products.groupId))
    .where(eq(products.id, productId));
  if (!row) return;
  const values = await tx
    .select({ value: productFeatureValues.value })
    .from(productFeatureValues)
    .where(eq(productFeatureValues.productId, productId));
  const limitRows = await tx
    .select({ limitKey: groupFeatures.limitKey })
    .from(groupFeatures)
    .where(eq(groupFeatures.groupId, row.product.groupId));
  const limitTexts = limitRows.flatMap(({ limitKey }) =>
    isPlanLimitKey(limitKey) ? [limitCell(row.product.limits, limitKey).value] : [],
  );
  await tx
    .update(products)
    .set({
      searchText: searchableText(
        row.product.name,
        row.product.summary,
        row.groupName,
        row.product.description,
        ...values.map((value) => value.value),
        ...limitTexts,
      ),
    })
    .where(eq(products.id, productId));
}

/** What the audit log keeps of a product: its editable fields and feature values. */
function auditSnapshot(view: AdminProductView) {
  return {
    groupId: view.group.id,
    slug: view.slug,
    name: view.name,
    summary: view.summary,
    description: view.description,
    iconUrl: view.iconUrl,
    setupFee: view.setupFee,
    needsDomain: view.needsDomain,
    needsTheme: view.needsTheme,
    vatExempt: view.vatExempt,
    taxServiceId: view.taxServiceId,
    isFeatured: view.isFeatured,
    badge: view.badge,
    sortOrder: view.sortOrder,
    features: view.features.map(({ featureId, value, included }) => ({
      featureId,
      value,
      included,
    })),
    limits: view.limits,
  };
}

/** A new product, hidden from the store until it has prices and is published. */
export async function createProduct(
  db: Database,
  actor: Actor,
  input: CallParsed<typeof createCatalogProduct>,
): Promise<AdminProductView> {
  return withSlugConflict(() =>
    db.transaction(async (tx) => {
      await requireGroup(tx, input.groupId);
      await checkSlugFree(tx, products, input.slug);
      const [row] = await tx
        .insert(products)
        .values({
          groupId: input.groupId,
          slug: input.slug,
          name: input.name,
          summary: input.summary,
          description: input.description,
          iconUrl: input.iconUrl,
          setupFeeRial: input.setupFee,
          needsDomain: input.needsDomain,
          needsTheme: input.needsTheme,
          vatExempt: input.vatExempt,
          taxServiceId: input.taxServiceId,
          isFeatured: input.isFeatured,
          badge: input.badge,
          sortOrder: input.sortOrder,
          limits: normalizePlanLimits(input.limits),
          status: 'hidden',
        })
        .returning({ id: products.id });
      if (!row) throw new Error('product insert returned no row');
      await writeFeatureValues(tx, row.id, input.groupId, input.features);
      await refreshProductSearchText(tx, row.id);
      const view = await findProductById(tx, row.id);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'product.create',
        entityType: 'product',
        entityId: row.id,
        after: { ...auditSnapshot(view), status: view.status },
        ipAddress: actor.ipAddress,
      });
      return view;
    }),
  );
}

/**
 * Changes the fields sent. Moving a product to another group drops its values for the old
 * group's rows (they mean nothing in the new table) unless new values are sent with it.
 */
export async function updateProduct(
  db: Database,
  actor: Actor,
  input: CallParsed<typeof updateCatalogProduct>,
): Promise<{ view: AdminProductView; changed: boolean }> {
  return withSlugConflict(() =>
    db.transaction(async (tx) => {
      const current = await lockProduct(tx, input.id);
      const before = auditSnapshot(await findProductById(tx, input.id));
      const groupId = input.groupId ?? current.groupId;
      if (input.groupId !== undefined && input.groupId !== current.groupId) {
        await requireGroup(tx, input.groupId);
      }
      if (input.slug !== undefined && input.slug !== current.slug) {
        await checkSlugFree(tx, products, input.slug, current.id);
      }
      const { id: _id, features, setupFee, limits, ...fields } = input;
      const columns = Object.fromEntries(
        Object.entries({
          ...fields,
          setupFeeRial: setupFee,
          limits: limits === undefined ? undefined : normalizePlanLimits(limits),
        }).filter(([, value]) => value !== undefined),
      ) as Partial<typeof products.$inferInsert>;
      if (Object.keys(columns).length > 0) {
        await tx.update(products).set(columns).where(eq(products.id, current.id));
      }
      if (features !== undefined) {
        await writeFeatureValues(tx, current.id, groupId, features);
      } else if (groupId !== current.groupId) {
        await tx.delete(productFeatureValues).where(eq(productFeatureValues.productId, current.id));
      }
      const after = auditSnapshot(await findProductById(tx, current.id));
      const diff = changedFields(before, after);
      if (Object.keys(diff.after).length === 0) {
        // Nothing changed: no audit row, and the store's caches stay as they are.
        return { view: await findProductById(tx, current.id), changed: false };
      }
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, current.id));
      await refreshProductSearchText(tx, current.id);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'product.update',
        entityType: 'product',
        entityId: current.id,
        before: diff.before,
        after: diff.after,
        ipAddress: actor.ipAddress,
      });
      return { view: await findProductById(tx, current.id), changed: true };
    }),
  );
}

/** Replaces the cycles a product is sold for; a published product keeps at least one. */
export async function setProductPrices(
  db: Database,
  actor: Actor,
  input: CallParsed<typeof setCatalogProductPrices>,
): Promise<AdminProductView> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, input.id);
    if (product.status === 'active' && input.prices.length === 0) {
      throw new AppError('CONFLICT', PUBLISHED_NEEDS_PRICES, {
        fields: { prices: PUBLISHED_NEEDS_PRICES },
      });
    }
    const before = (await findProductById(tx, product.id)).prices;
    await tx.delete(productPrices).where(eq(productPrices.productId, product.id));
    if (input.prices.length > 0) {
      await tx.insert(productPrices).values(
        input.prices.map((row) => ({
          productId: product.id,
          cycle: row.cycle,
          priceRial: row.price,
          salePriceRial: row.salePrice,
        })),
      );
    }
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, product.id));
    const view = await findProductById(tx, product.id);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'product.prices',
      entityType: 'product',
      entityId: product.id,
      before: { prices: before },
      after: { prices: view.prices },
      ipAddress: actor.ipAddress,
    });
    return view;
  });
}

/** Puts a product on sale in the store or takes it out; publishing needs a price. */
export async function setProductPublished(
  db: Database,
  actor: Actor,
  input: { id: string; published: boolean },
): Promise<{ view: AdminProductView; changed: boolean }> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, input.id);
    const status = input.published ? 'active' : 'hidden';
    if (product.status === status) {
      return { view: await findProductById(tx, product.id), changed: false };
    }
    if (input.published) {
      const [prices] = await tx
        .select({ total: count() })
        .from(productPrices)
        .where(eq(productPrices.productId, product.id));
      if ((prices?.total ?? 0) === 0) throw new AppError('CONFLICT', NO_PRICES_TO_PUBLISH);
    }
    await tx
      .update(products)
      .set({ status, updatedAt: new Date() })
      .where(eq(products.id, product.id));
    await writeAudit(tx, {
      actorId: actor.id,
      action: input.published ? 'product.publish' : 'product.unpublish',
      entityType: 'product',
      entityId: product.id,
      before: { status: product.status },
      after: { status },
      ipAddress: actor.ipAddress,
    });
    return { view: await findProductById(tx, product.id), changed: true };
  });
}

/**
 * A product sold by the year only, at this price (issue 38: a TLD's product follows the TLD's
 * registration price, so the store shows what the cart charges). The caller invalidates the
 * catalog cache after its transaction.
 */
export async function setYearlyPrice(
  tx: Transaction,
  productId: string,
  priceRial: number,
): Promise<void> {
  await tx.delete(productPrices).where(eq(productPrices.productId, productId));
  await tx.insert(productPrices).values({ productId, cycle: 'annual', priceRial });
}
