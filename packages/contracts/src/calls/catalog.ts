import { z } from 'zod';
import { defineCall } from '../call';
import {
  BILLING_CYCLES,
  PRODUCT_SORTS,
  SEARCH_QUERY_MAX_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from '../constants';
import { text, timestamp } from '../fields';
import { listPaging, listResult } from '../list';

// Spec §7 "other calls": home, articles, store, product themes. Public and cacheable: the
// server answers them with an ETag and a short Cache-Control (docs/decisions/0010).

const SLUG_MESSAGE = 'شناسه باید از حروف کوچک لاتین، رقم و خط تیره ساخته شده باشد';

export const slug = z
  .string()
  .trim()
  .max(SLUG_MAX_LENGTH)
  .regex(SLUG_PATTERN, { message: SLUG_MESSAGE });
export const entityId = z.uuid({ message: 'شناسه معتبر نیست' });
/** An amount in Rial (API.md): a non-negative integer. */
export const rial = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const billingCycle = z.enum(BILLING_CYCLES);
/** A search box's text; an empty or blank query means no search. */
const searchQuery = text({ min: 0, max: SEARCH_QUERY_MAX_LENGTH }).optional();

const facet = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });

export const productPrice = z.object({
  cycle: billingCycle,
  /** What the customer pays for this cycle now: the sale price when on sale. */
  price: rial,
  /** The price before the sale; equal to `price` when not on sale. */
  regularPrice: rial,
});

export const productCard = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  iconUrl: z.string(),
  group: z.object({ slug: z.string(), name: z.string() }),
  badge: z.string().nullable(),
  onSale: z.boolean(),
  needsDomain: z.boolean(),
  needsTheme: z.boolean(),
  /** The shortest cycle on offer: what the card shows, and what sorting and price filters use. */
  startingPrice: productPrice,
});

export const themeCard = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  tags: z.array(z.string()),
  /** Preview images: the desktop view first, then the phone view. */
  previewUrls: z.array(z.string()),
  /** Where the theme can be tried: the app's own demo viewer. */
  demoUrl: z.string(),
  isFree: z.boolean(),
  /** The one-time price of a paid theme; null when free. */
  price: rial.nullable(),
});

export const articleCard = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  authorName: z.string(),
  publishedAt: timestamp,
  readingMinutes: z.number().int(),
});

/** Everything the home page shows, in one answer. */
export const getAppHomeData = defineCall({
  path: '/api/app/get-app-home-data',
  summary: 'دادهٔ صفحهٔ اصلی: معرفی، گروه‌ها، محصولات ویژه، قالب‌های محبوب، تازه‌ترین مقاله‌ها',
  tag: 'content',
  access: 'public',
  request: z.strictObject({}),
  response: z.object({
    hero: z.object({
      title: z.string(),
      subtitle: z.string(),
      primaryAction: z.object({ label: z.string(), href: z.string() }),
      secondaryAction: z.object({ label: z.string(), href: z.string() }),
    }),
    groups: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        summary: z.string(),
        iconUrl: z.string(),
        productCount: z.number().int(),
        startingPrice: productPrice.nullable(),
      }),
    ),
    featuredProducts: z.array(productCard),
    popularThemes: z.array(themeCard),
    latestArticles: z.array(articleCard),
    counters: z.object({
      customers: z.number().int(),
      activeServices: z.number().int(),
      themes: z.number().int(),
      articles: z.number().int(),
    }),
  }),
});

/** Published articles, newest first, by category and search text. */
export const getInformations = defineCall({
  path: '/api/information/get-informations',
  summary: 'فهرست مقاله‌ها با صفحه‌بندی، دسته و جست‌وجو',
  tag: 'content',
  access: 'public',
  request: z.strictObject({
    ...listPaging,
    category: slug.optional(),
    q: searchQuery,
  }),
  response: listResult(articleCard).extend({
    /** Every category with its number of published articles, for the filter. */
    categories: z.array(facet),
  }),
});

/** One published article with its body (sanitised HTML) and a few related ones. */
export const getInformation = defineCall({
  path: '/api/information/get-information',
  summary: 'یک مقاله با متن کامل',
  tag: 'content',
  access: 'public',
  request: z.strictObject({ slug }),
  response: articleCard.extend({
    bodyHtml: z.string(),
    updatedAt: timestamp,
    related: z.array(articleCard),
  }),
});

/** The store: products paged, by group, price range and text, in the order asked for. */
export const getProducts = defineCall({
  path: '/api/store/get-products',
  summary: 'فهرست محصولات با گروه، بازهٔ قیمت، جست‌وجو و مرتب‌سازی',
  tag: 'store',
  access: 'public',
  request: z
    .strictObject({
      ...listPaging,
      group: slug.optional(),
      q: searchQuery,
      /** Bounds on `startingPrice.price`, in Rial. */
      minPrice: rial.optional(),
      maxPrice: rial.optional(),
      sort: z.enum(PRODUCT_SORTS).default('popular'),
    })
    .refine(
      (input) =>
        input.minPrice === undefined ||
        input.maxPrice === undefined ||
        input.minPrice <= input.maxPrice,
      { message: 'کمینهٔ قیمت نباید از بیشینهٔ آن بیشتر باشد', path: ['minPrice'] },
    ),
  /**
   * With `q`, `total` is exact up to 1,000 products; past that (or when PostgreSQL expects
   * well over that) it is PostgreSQL's estimate and `totalIsEstimate` is true (decision 0030).
   */
  response: listResult(productCard).extend({
    groups: z.array(facet),
    /** The lowest and highest starting price in the chosen group, for the price filter. */
    priceRange: z.object({ min: rial, max: rial }),
  }),
});

const exactlyOne = (fields: [string, string]) => (input: Record<string, unknown>) =>
  (input[fields[0]] === undefined) !== (input[fields[1]] === undefined);

/** One product by id or by slug, with its cycles, features, comparison and related products. */
export const getProduct = defineCall({
  path: '/api/store/get-product',
  summary: 'یک محصول با دوره‌های پرداخت، امکانات و محصولات مرتبط',
  tag: 'store',
  access: 'public',
  request: z
    .strictObject({ id: entityId.optional(), slug: slug.optional() })
    .refine(exactlyOne(['id', 'slug']), {
      message: 'شناسه یا نامک محصول را (فقط یکی) بفرستید',
      path: ['id'],
    }),
  response: productCard.extend({
    description: z.string(),
    setupFee: rial,
    /** Every cycle on offer, shortest first; a cycle missing here cannot be ordered. */
    cycles: z.array(
      productPrice.extend({
        /** What one month costs on this cycle, for comparing cycles. */
        monthlyPrice: rial,
        /** How much cheaper per month than the shortest cycle, in whole percent. */
        savingPercent: z.number().int(),
      }),
    ),
    features: z.array(
      z.object({ label: z.string(), value: z.string().nullable(), included: z.boolean() }),
    ),
    /** The group's plans side by side: one row per feature, one value per plan. */
    comparison: z.object({
      products: z.array(
        z.object({
          id: z.string(),
          slug: z.string(),
          name: z.string(),
          startingPrice: productPrice,
        }),
      ),
      rows: z.array(
        z.object({
          label: z.string(),
          values: z.array(z.object({ value: z.string().nullable(), included: z.boolean() })),
        }),
      ),
    }),
    themeCount: z.number().int(),
    related: z.array(productCard),
  }),
});

/** The themes (site templates) a website-builder product offers. */
export const getProductThemes = defineCall({
  path: '/api/store/get-product-themes',
  summary: 'قالب‌های یک محصول سایت‌ساز با دسته و جست‌وجو',
  tag: 'store',
  access: 'public',
  request: z
    .strictObject({
      ...listPaging,
      productId: entityId.optional(),
      productSlug: slug.optional(),
      category: slug.optional(),
      q: searchQuery,
      free: z.boolean().optional(),
    })
    .refine(exactlyOne(['productId', 'productSlug']), {
      message: 'شناسه یا نامک محصول را (فقط یکی) بفرستید',
      path: ['productId'],
    }),
  response: listResult(themeCard).extend({
    product: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
    categories: z.array(facet),
  }),
});
