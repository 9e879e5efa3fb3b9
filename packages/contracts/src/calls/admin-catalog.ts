import { z } from 'zod';
import { defineCall } from '../call';
import { SEARCH_QUERY_MAX_LENGTH } from '../constants';
import { dateText, multilineText, text, timestamp } from '../fields';
import { listPaging, listResult } from '../list';
import { PLAN_LIMIT_KEYS, planLimitsSchema } from '../plan-limits';
import { billingCycle, entityId, rial, slug } from './catalog';

// The staff console's catalog calls (issue 8): `/api/admin/catalog/*`; see admin.ts for what
// they share. Reads are for all staff, changes for admins only. Every change refreshes the
// public catalog's caches at once (decision 0010).

/** Whether a product or theme is on sale in the store (`active`) or kept out of it (`hidden`). */
export const CATALOG_STATUSES = ['active', 'hidden'] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];
export const CATALOG_STATUS_LABELS: Record<CatalogStatus, string> = {
  active: 'منتشرشده',
  hidden: 'منتشرنشده',
};

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: 'پیش‌نویس',
  published: 'منتشرشده',
};

/** The largest article body the editor may send, in characters (under the body-size limit). */
export const ARTICLE_BODY_MAX_LENGTH = 100_000;

/** Theme preview images (multipart upload): these types, found from the bytes, at most 2 MB. */
export const CATALOG_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const CATALOG_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The upload of one catalog image (multipart/form-data, one part named `file`); admins only. */
export const CATALOG_IMAGE_UPLOAD_PATH = '/api/admin/catalog/upload-image';
/** Where an uploaded catalog image is served publicly: `/media/uploads/<key>`. */
export const CATALOG_MEDIA_PREFIX = '/media/uploads/';

const MEDIA_PATH_MESSAGE = 'نشانی تصویر باید از پوشهٔ /media/ همین سایت باشد';

/** An image of our own: a path under `/media/` (demo media or an uploaded image). */
export const mediaPath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/media\/(?!.*\.\.)[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/, {
    message: MEDIA_PATH_MESSAGE,
  });

const searchText = text({ min: 0, max: SEARCH_QUERY_MAX_LENGTH }).optional();
const idRequest = z.strictObject({ id: entityId });

// ---------------------------------------------------------------------------------------------
// Groups

export const adminGroupFeature = z.object({
  id: z.string(),
  label: z.string(),
  /** The plan limit this row states: each plan's cell is drawn from its limits (issue 35). */
  limitKey: z.enum(PLAN_LIMIT_KEYS).nullable(),
});

export const adminGroup = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  iconUrl: z.string(),
  sortOrder: z.number().int(),
  /** The rows of the group's comparison table, in order. */
  features: z.array(adminGroupFeature),
  productCount: z.number().int(),
});
export type AdminGroupView = z.infer<typeof adminGroup>;

const featureLabel = text({ max: 80 });
const featureLimitKey = z.enum(PLAN_LIMIT_KEYS).nullable().default(null);
const sortOrder = z.number().int().min(-1_000_000).max(1_000_000);

export const listCatalogGroups = defineCall({
  path: '/api/admin/catalog/list-groups',
  summary: 'گروه‌های محصول با جدول امکانات و تعداد محصولات',
  tag: 'admin',
  access: { permission: 'catalog.read' },
  request: z.strictObject({ ...listPaging }),
  response: listResult(adminGroup),
});

const groupFields = {
  slug,
  name: text({ max: 80 }),
  summary: multilineText({ max: 500 }),
  iconUrl: mediaPath,
  sortOrder: sortOrder.optional(),
};

export const createCatalogGroup = defineCall({
  path: '/api/admin/catalog/create-group',
  summary: 'ساختن گروه محصول با سطرهای جدول امکانات',
  tag: 'admin',
  access: { permission: 'catalog.manage' },
  request: z.strictObject({
    ...groupFields,
    features: z
      .array(z.strictObject({ label: featureLabel, limitKey: featureLimitKey }))
      .max(40)
      .default([]),
  }),
  response: adminGroup,
});

export const updateCatalogGroup = defineCall({
  path: '/api/admin/catalog/update-group',
  summary:
    'ویرایش گروه محصول؛ فهرست امکانات، وقتی فرستاده شود، جای فهرست پیشین را می‌گیرد (سطر بدون شناسه تازه است، سطر نیامده حذف می‌شود)',
  tag: 'admin',
  access: { permission: 'catalog.manage' },
  request: z.strictObject({
    id: entityId,
    slug: groupFields.slug.optional(),
    name: groupFields.name.optional(),
    summary: groupFields.summary.optional(),
    iconUrl: groupFields.iconUrl.optional(),
    sortOrder: groupFields.sortOrder,
    features: z
      .array(
        z.strictObject({ id: entityId.optional(), label: featureLabel, limitKey: featureLimitKey }),
      )
      .max(40)
      .optional(),
  }),
  response: adminGroup,
});

// ---------------------------------------------------------------------------------------------
// Products

export const adminProductRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  iconUrl: z.string(),
  group: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  status: z.enum(CATALOG_STATUSES),
  isFeatured: z.boolean(),
  /** A website builder, which customers buy with a theme (themes are offered by these). */
  needsTheme: z.boolean(),
  /** The shortest cycle on offer at its regular and current price; null with no prices. */
  startingPrice: z.object({ cycle: billingCycle, price: rial, regularPrice: rial }).nullable(),
  cycleCount: z.number().int(),
  updatedAt: timestamp,
});

export const adminProductPrice = z.object({
  cycle: billingCycle,
  price: rial,
  salePrice: rial.nullable(),
});

export const adminProduct = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  group: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  summary: z.string(),
  description: z.string(),
  iconUrl: z.string(),
  setupFee: rial,
  needsDomain: z.boolean(),
  needsTheme: z.boolean(),
  /** Sold without VAT (issue 21): its order lines freeze a 0% rate. */
  vatExempt: z.boolean(),
  /**
   * The tax organisation's goods-and-services id (شناسه کالا/خدمت, 13 digits) its invoices
   * carry (issue 39); null: the tax-system settings' default.
   */
  taxServiceId: z.string().nullable(),
  isFeatured: z.boolean(),
  badge: z.string().nullable(),
  sortOrder: z.number().int(),
  status: z.enum(CATALOG_STATUSES),
  /** Every cycle on offer, shortest first. */
  prices: z.array(adminProductPrice),
  /**
   * One value per row of the group's comparison table, in the group's order. A row with a
   * `limitKey` shows the value drawn from `limits` (read-only here).
   */
  features: z.array(
    z.object({
      featureId: z.string(),
      label: z.string(),
      limitKey: z.enum(PLAN_LIMIT_KEYS).nullable(),
      value: z.string().nullable(),
      included: z.boolean(),
    }),
  ),
  /** The plan's limits: the one source of its limit cells, panel package and usage bars. */
  limits: planLimitsSchema,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type AdminProductView = z.infer<typeof adminProduct>;

export const listCatalogProducts = defineCall({
  path: '/api/admin/catalog/list-products',
  summary: 'همهٔ محصولات، منتشرشده یا نه، با گروه، وضعیت، جست‌وجو و صفحه‌بندی',
  tag: 'admin',
  access: { permission: 'catalog.read' },
  request: z.strictObject({
    ...listPaging,
    groupId: entityId.optional(),
    status: z.enum(CATALOG_STATUSES).optional(),
    q: searchText,
  }),
  response: listResult(adminProductRow),
});

export const getCatalogProduct = defineCall({
  path: '/api/admin/catalog/get-product',
  summary: 'یک محصول با قیمت‌ها و مقدار امکانات، منتشرشده یا نه',
  tag: 'admin',
  access: { permission: 'catalog.read' },
  request: idRequest,
  response: adminProduct,
});

const productFeatureInput = z.strictObject({
  featureId: entityId,
  /** «۲۰ گیگابایت»; null (or absent) for a plain yes/no row. */
  value: text({ max: 120 }).nullable().default(null),
  included: z.boolean().default(true),
});

const productFields = {
  groupId: entityId,
  slug,
  name: text({ max: 120 }),
  summary: text({ max: 300 }),
  /** Plain text; paragraphs separated by blank lines. */
  description: multilineText({ min: 0, max: 5000 }),
  iconUrl: mediaPath,
  setupFee: rial,
  needsDomain: z.boolean(),
  needsTheme: z.boolean(),
  vatExempt: z.boolean(),
  taxServiceId: z
    .string()
    .trim()
    .regex(/^\d{13}$/, 'شناسهٔ کالا/خدمت سیزده رقم است')
    .nullable(),
  isFeatured: z.boolean(),
  badge: text({ max: 40 }).nullable(),
  sortOrder,
  /**
   * Values for rows of the group's table; a row left out is shown as not included. A value sent
   * for a limit row is ignored: that row is drawn from `limits`.
   */
  features: z.array(productFeatureInput).max(40),
  limits: planLimitsSchema,
};

export const createCatalogProduct = defineCall({
  path: '/api/admin/catalog/create-product',
  summary: 'ساختن محصول (منتشرنشده تا قیمت بگیرد و منتشر شود)',
  tag: 'admin',
  access: { permission: 'catalog.manage' },
  request: z.strictObject({
    groupId: productFields.groupId,
    slug: productFields.slug,
    name: productFields.name,
    summary: productFields.summary,
    description: productFields.description.default(''),
    iconUrl: productFields.iconUrl,
    setupFee: productFields.setupFee.default(0),
    needsDomain: productFields.needsDomain.default(false),
    needsTheme: productFields.needsTheme.default(false),
    vatExempt: productFields.vatExempt.default(false),
    taxServiceId: productFields.taxServiceId.default(null),
    isFeatured: productFields.isFeatured.default(false),
    badge: productFields.badge.default(null),
    sortOrder: productFields.sortOrder.default(0),
    features: productFields.features.default([]),
    limits: productFields.limits.default({}),
  }),
  response: adminProduct,
});

export const updateCatalogProduct = defineCall({
  path: '/api/admin/catalog/update-product',
  summary: 'ویرایش محصول: فقط فیلدهای فرستاده‌شده تغییر می‌کنند',
  tag: 'admin',
  access: { permission: 'catalog.manage' },
  request: z.strictObject({
    id: entityId,
    groupId: productFields.groupId.optional(),
    slug: productFields.slug.optional(),
    name: productFields.name.optional(),
    summary: productFields.summary.optional(),
    description: productFields.description.optional(),
    iconUrl: productFields.iconUrl.optional(),
    setupFee: productFields.setupFee.optional(),
    needsDomain: productFields.needsDomain.optional(),
    needsTheme: productFields.needsTheme.optional(),
    vatExempt: productFields.vatExempt.optional(),
    taxServiceId: productFields.taxServiceId.optional(),
    isFeatured: productFields.isFeatured.optional(),
    badge: productFields.badge.optional(),
    sortOrder: productFields.sortOrder.optional(),
    features: productFields.features.optional(),
    limits: productFields.limits.optional(),
  }),
  response: adminProduct,
});

const SALE_PRICE_MESSAGE = 'قیمت حراج باید کمتر از قیمت اصلی باشد';
const DUPLICATE_CYCLE_MESSAGE = 'هر دورهٔ پرداخت فقط یک بار';

export const setCatalogProductPrices = defineCall({
  path: '/api/admin/catalog/set-product-prices',
  summary:
    'دوره‌هایی که محصول با آن‌ها فروخته می‌شود، با قیمت و قیمت حراج (ریال)؛ دورهٔ نیامده از فروش خارج می‌شود',
  tag: 'admin',
  access: { permission: 'catalog.manage' },
  request: z
    .strictObject({
      id: entityId,
      prices: z
        .array(
          z
            .strictObject({
              cycle: billingCycle,
              price: rial.min(1),
              salePrice: rial.min(1).nullable().default(null),
            })
            .refine((row) => row.salePrice === null || row.salePrice < row.price, {
              message: SALE_PRICE_MESSAGE,
              path: ['salePrice'],
            }),
        )
        .max(4),
    })
    .refine((input) => new Set(input.prices.map((row) => row.cycle)).size === input.prices.length, {
      message: DUPLICATE_CYCLE_MESSAGE,
      path: ['prices'],
    }),
  response: adminProduct,
});

export const setCatalogProductPublished = defineCall({
  path: '/api/admin/catalog/set-product-published',
  summary: 'انتشار محصول در فروشگاه یا خارج کردن آن (محصول بی‌قیمت منتشر نمی‌شود)',
  tag: 'admin',
  access: { permission: 'catalog.manage' },
  request: z.strictObject({ id: entityId, published: z.boolean() }),
  response: adminProduct,
});

// ---------------------------------------------------------------------------------------------
// Articles

export const adminArticleRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  authorName: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  /** Null for a draft never given a date; later than now for a scheduled article. */
  publishedAt: timestamp.nullable(),
  updatedAt: timestamp,
});

export const adminArticle = adminArticleRow.extend({
  summary: z.string(),
  coverUrl: z.string(),
  /** Sanitised when saved: what the public page will show. */
  bodyHtml: z.string(),
  readingMinutes: z.number().int(),
  createdAt: timestamp,
});
export type AdminArticleView = z.infer<typeof adminArticle>;

export const listCatalogArticles = defineCall({
  path: '/api/admin/catalog/list-articles',
  summary: 'همهٔ مقاله‌ها، پیش‌نویس یا منتشرشده، تازه‌ترین ویرایش نخست',
  tag: 'admin',
  access: { permission: 'articles.read' },
  request: z.strictObject({
    ...listPaging,
    status: z.enum(ARTICLE_STATUSES).optional(),
    category: slug.optional(),
    q: searchText,
  }),
  response: listResult(adminArticleRow).extend({
    /** Every article category, for the filter and the editor. */
    categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  }),
});

export const getCatalogArticle = defineCall({
  path: '/api/admin/catalog/get-article',
  summary: 'یک مقاله با متن کامل، پیش‌نویس یا منتشرشده',
  tag: 'admin',
  access: { permission: 'articles.read' },
  request: idRequest,
  response: adminArticle,
});

const articleFields = {
  slug,
  title: text({ max: 200 }),
  summary: multilineText({ max: 600 }),
  coverUrl: mediaPath,
  /** HTML from the editor; the server keeps only its allow-list of tags and attributes. */
  bodyHtml: multilineText({ max: ARTICLE_BODY_MAX_LENGTH }),
  category: slug,
  authorName: text({ max: 80 }),
  status: z.enum(ARTICLE_STATUSES),
  /**
   * Jalali `۱۴۰۵/۰۲/۱۰` or ISO text (spec §5). A published article without one is dated now;
   * a later date schedules it.
   */
  publishAt: dateText().nullable(),
};

export const createCatalogArticle = defineCall({
  path: '/api/admin/catalog/create-article',
  summary: 'نوشتن مقاله: پیش‌نویس، یا منتشرشده با تاریخ انتشار (شمسی یا ISO)',
  tag: 'admin',
  access: { permission: 'articles.manage' },
  request: z.strictObject({
    ...articleFields,
    authorName: articleFields.authorName.optional(),
    status: articleFields.status.default('draft'),
    publishAt: articleFields.publishAt.optional(),
  }),
  response: adminArticle,
});

export const updateCatalogArticle = defineCall({
  path: '/api/admin/catalog/update-article',
  summary: 'ویرایش مقاله، انتشار یا بازگرداندن به پیش‌نویس',
  tag: 'admin',
  access: { permission: 'articles.manage' },
  request: z.strictObject({
    id: entityId,
    slug: articleFields.slug.optional(),
    title: articleFields.title.optional(),
    summary: articleFields.summary.optional(),
    coverUrl: articleFields.coverUrl.optional(),
    bodyHtml: articleFields.bodyHtml.optional(),
    category: articleFields.category.optional(),
    authorName: articleFields.authorName.optional(),
    status: articleFields.status.optional(),
    publishAt: articleFields.publishAt.optional(),
  }),
  response: adminArticle,
});

// ---------------------------------------------------------------------------------------------
// Themes

/** The answer of `CATALOG_IMAGE_UPLOAD_PATH` (multipart): where the image is now served. */
export const uploadedCatalogImage = z.object({
  /** `/media/uploads/catalog/<random>.<ext>`: use it as a preview, cover or icon path. */
  url: z.string(),
  contentType: z.enum(CATALOG_IMAGE_TYPES),
  size: z.number().int(),
});

export const adminTheme = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  tags: z.array(z.string()),
  /** The desktop preview first, then the phone one. */
  previewUrls: z.array(z.string()),
  isFree: z.boolean(),
  /** The one-time price of a paid theme in Rial; null when free. */
  price: rial.nullable(),
  popularity: z.number().int(),
  status: z.enum(CATALOG_STATUSES),
  /** The website-builder products that offer it. */
  productIds: z.array(z.string()),
  createdAt: timestamp,
});
export type AdminThemeView = z.infer<typeof adminTheme>;

/** The theme categories a theme's form offers. */
export const themeCategoryChoice = z.object({ slug: z.string(), name: z.string() });

export const getCatalogTheme = defineCall({
  path: '/api/admin/catalog/get-theme',
  summary: 'یک قالب، منتشرشده یا نه، با دسته‌هایی که فرمش پیشنهاد می‌دهد',
  tag: 'admin',
  access: { permission: 'catalog.read' },
  request: idRequest,
  response: z.object({ theme: adminTheme, categories: z.array(themeCategoryChoice) }),
});

export const listCatalogThemes = defineCall({
  path: '/api/admin/catalog/list-themes',
  summary: 'همهٔ قالب‌ها، منتشرشده یا نه، با دسته، وضعیت و جست‌وجو',
  tag: 'admin',
  access: { permission: 'catalog.read' },
  request: z.strictObject({
    ...listPaging,
    status: z.enum(CATALOG_STATUSES).optional(),
    category: slug.optional(),
    q: searchText,
  }),
  response: listResult(adminTheme).extend({ categories: z.array(themeCategoryChoice) }),
});

const themeFields = {
  slug,
  name: text({ max: 80 }),
  category: slug,
  tags: z.array(text({ max: 40 })).max(12),
  previewUrls: z.array(mediaPath).min(1).max(4),
  /** Null for a free theme. */
  price: rial.min(1).nullable(),
  productIds: z.array(entityId).max(50),
};

export const createCatalogTheme = defineCall({
  path: '/api/admin/catalog/create-theme',
  summary: 'ساختن قالب (منتشرنشده تا منتشر شود) با تصویرهای پیش‌نمایش بارگذاری‌شده',
  tag: 'admin',
  access: { permission: 'catalog.manage' },
  request: z.strictObject({
    ...themeFields,
    tags: themeFields.tags.default([]),
    price: themeFields.price.default(null),
    productIds: themeFields.productIds.default([]),
  }),
  response: adminTheme,
});

export const updateCatalogTheme = defineCall({
  path: '/api/admin/catalog/update-theme',
  summary: 'ویرایش قالب: فقط فیلدهای فرستاده‌شده تغییر می‌کنند',
  tag: 'admin',
  access: { permission: 'catalog.manage' },
  request: z.strictObject({
    id: entityId,
    slug: themeFields.slug.optional(),
    name: themeFields.name.optional(),
    category: themeFields.category.optional(),
    tags: themeFields.tags.optional(),
    previewUrls: themeFields.previewUrls.optional(),
    price: themeFields.price.optional(),
    productIds: themeFields.productIds.optional(),
  }),
  response: adminTheme,
});

export const setCatalogThemePublished = defineCall({
  path: '/api/admin/catalog/set-theme-published',
  summary: 'انتشار قالب یا خارج کردن آن از فهرست قالب‌ها',
  tag: 'admin',
  access: { permission: 'catalog.manage' },
  request: z.strictObject({ id: entityId, published: z.boolean() }),
  response: adminTheme,
});
