import type { PlanLimits } from '@vitrin/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// The catalog (issue 4): product groups, products with prices per billing cycle and a feature
// table per group, themes for the website-builder products, and articles. Every row that can
// be searched keeps `search_text` (packages/fa searchableText), written by the code that
// writes the row.

export const productStatuses = ['active', 'hidden'] as const;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const productGroups = pgTable('product_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  summary: text('summary').notNull(),
  iconUrl: text('icon_url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/** The rows of a group's comparison table; each plan of the group has a value per row. */
export const groupFeatures = pgTable(
  'group_features',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => productGroups.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * When set, the row states a limit (a PlanLimitKey): each plan's cell is drawn from that
     * plan's `limits`, never typed (issue 35 item 4).
     */
    limitKey: text('limit_key'),
  },
  (table) => [index('group_features_group_idx').on(table.groupId)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => productGroups.id),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    summary: text('summary').notNull(),
    /** Plain text; paragraphs separated by blank lines. */
    description: text('description').notNull(),
    iconUrl: text('icon_url').notNull(),
    setupFeeRial: bigint('setup_fee_rial', { mode: 'number' }).notNull().default(0),
    needsDomain: boolean('needs_domain').notNull().default(false),
    needsTheme: boolean('needs_theme').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    badge: text('badge'),
    /** Orders placed, or a seeded figure: what "popular" sorts by. */
    popularity: integer('popularity').notNull().default(0),
    status: text('status', { enum: productStatuses }).notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    /** Sold without VAT (issue 21): its order lines freeze a 0% rate. */
    vatExempt: boolean('vat_exempt').notNull().default(false),
    /**
     * The tax organisation's 13-digit goods-and-services id (شناسه کالا/خدمت, `sstid`) its
     * invoices carry (issue 39); null: the tax-system settings' default.
     */
    taxServiceId: text('tax_service_id'),
    /**
     * The plan's limits (packages/contracts plan-limits.ts): the one source of the store's limit
     * cells, the panel package and the usage bars (issue 35 item 4).
     */
    limits: jsonb('limits').$type<PlanLimits>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('products_group_idx').on(table.groupId),
    // Trigram indexes: the search's `ilike '%word%'` (lib/search-sql.ts) is answered from them
    // rather than by reading every row (decision 0030).
    index('products_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    // A store search reads its page in the list's own order and stops once the page is full,
    // rather than ranking every match (decision 0030): the active products by popularity and by
    // date, and the titles (the first part of `search_text`) by trigram for the title matches
    // that come first.
    index('products_active_popular_idx')
      .on(table.popularity.desc().nullsFirst(), table.sortOrder, table.id)
      .where(sql`${table.status} = 'active'`),
    index('products_active_newest_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id)
      .where(sql`${table.status} = 'active'`),
    // The staff's product list, most recently changed first (decision 0031).
    index('products_updated_idx').on(table.updatedAt.desc().nullsFirst(), table.id),
    index('products_title_trgm_idx').using(
      'gin',
      sql`split_part(${table.searchText}, ' ', 1) gin_trgm_ops`,
    ),
    check('products_status_check', sql`${table.status} in ('active', 'hidden')`),
    check('products_setup_fee_check', sql`${table.setupFeeRial} >= 0`),
  ],
);

/** A product's price for one billing cycle; a cycle without a row is not on offer. */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    cycle: text('cycle', { enum: ['monthly', 'quarterly', 'semiannual', 'annual'] }).notNull(),
    priceRial: bigint('price_rial', { mode: 'number' }).notNull(),
    salePriceRial: bigint('sale_price_rial', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.cycle] }),
    check(
      'product_prices_cycle_check',
      sql`${table.cycle} in ('monthly', 'quarterly', 'semiannual', 'annual')`,
    ),
    check('product_prices_price_check', sql`${table.priceRial} > 0`),
    check(
      'product_prices_sale_check',
      sql`${table.salePriceRial} is null or (${table.salePriceRial} > 0 and ${table.salePriceRial} < ${table.priceRial})`,
    ),
  ],
);

export const productFeatureValues = pgTable(
  'product_feature_values',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    featureId: uuid('feature_id')
      .notNull()
      .references(() => groupFeatures.id, { onDelete: 'cascade' }),
    /** "۲۰ گیگابایت"; null when the row is a plain yes/no. */
    value: text('value'),
    included: boolean('included').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.productId, table.featureId] })],
);

export const themeCategories = pgTable('theme_categories', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const themes = pgTable(
  'themes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    categorySlug: text('category_slug')
      .notNull()
      .references(() => themeCategories.slug),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    previewUrls: text('preview_urls').array().notNull().default(sql`'{}'::text[]`),
    isFree: boolean('is_free').notNull().default(true),
    priceRial: bigint('price_rial', { mode: 'number' }),
    popularity: integer('popularity').notNull().default(0),
    status: text('status', { enum: productStatuses }).notNull().default('active'),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('themes_category_idx').on(table.categorySlug),
    index('themes_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    check(
      'themes_price_check',
      sql`(${table.isFree} and ${table.priceRial} is null) or (not ${table.isFree} and ${table.priceRial} > 0)`,
    ),
  ],
);

/** Which website-builder products offer which themes. */
export const productThemes = pgTable(
  'product_themes',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    themeId: uuid('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.themeId] }),
    index('product_themes_theme_idx').on(table.themeId),
  ],
);
