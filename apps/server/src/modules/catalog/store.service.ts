import {
  BILLING_CYCLE_MONTHS,
  BILLING_CYCLES,
  type BillingCycle,
  type CallParsed,
  type CallResult,
  type getProduct,
  type getProducts,
  type getProductThemes,
  type productCard,
  type themeCard,
} from '@vitrin/contracts';
import { searchTokens } from '@vitrin/fa';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lte,
  ne,
  not,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { countRows, type ListTotal } from '../../lib/list-total';
import {
  holdsEveryToken,
  holdsToken,
  matchesSearchQuery,
  searchTitle,
  titleMatchFirst,
  trigramIndexable,
} from '../../lib/search-sql';
import { isPlanLimitKey, limitCell } from './plan-limits';
import {
  groupFeatures,
  productFeatureValues,
  productGroups,
  productPrices,
  products,
  productThemes,
  themeCategories,
  themes,
} from './schema';
import { drawSearchSample, estimateSearch, type SearchSample, sampleBytes } from './search-sample';

type ProductCard = z.output<typeof productCard>;
type ThemeCard = z.output<typeof themeCard>;

const RELATED_COUNT = 4;

const PRODUCT_NOT_FOUND = 'این محصول پیدا نشد';
const GROUP_NOT_FOUND = 'این گروه محصول پیدا نشد';
const THEME_CATEGORY_NOT_FOUND = 'این دستهٔ قالب پیدا نشد';

/** Shortest cycle first: 1 for monthly … 4 for annual. */
const cycleRank = sql<number>`array_position(array[${sql.join(
  BILLING_CYCLES.map((cycle) => sql`${cycle}`),
  sql`, `,
)}]::text[], ${productPrices.cycle})`;

/**
 * Each product's headline price: its shortest cycle on offer. The store card shows it, and
 * sorting and the price filter use its effective (sale or regular) price. Used as the CTE of
 * the facets' aggregates, which read every product's price anyway.
 */
function headlinePrices(db: Database) {
  return db.$with('headline').as(
    db
      .selectDistinctOn([productPrices.productId], {
        productId: productPrices.productId,
        cycle: productPrices.cycle,
        regularPrice: productPrices.priceRial,
        price: sql<number>`coalesce(${productPrices.salePriceRial}, ${productPrices.priceRial})`
          .mapWith(Number)
          .as('effective_price'),
      })
      .from(productPrices)
      .orderBy(productPrices.productId, cycleRank),
  );
}

/**
 * The same headline price as a lateral subquery of one product: one probe of the price key
 * per product the other conditions keep, where the CTE sorted every price of the catalog on
 * each call (issue 24).
 */
export function headlineOfProduct(db: Database) {
  return db
    .select({
      cycle: productPrices.cycle,
      regularPrice: productPrices.priceRial,
      price: sql<number>`coalesce(${productPrices.salePriceRial}, ${productPrices.priceRial})`
        .mapWith(Number)
        .as('effective_price'),
    })
    .from(productPrices)
    .where(eq(productPrices.productId, products.id))
    .orderBy(cycleRank)
    .limit(1)
    .as('headline');
}

type Headline = ReturnType<typeof headlineOfProduct>;

// A scalar subquery, not `exists`: PostgreSQL may answer an `exists` for every row it expects
// (before the page's limit) by hashing every sale price of the catalog first (18 ms at 100,000
// products, decision 0030); this one is a probe of the price key for each card shown.
const onSale = sql<boolean>`coalesce((select bool_or(${productPrices.salePriceRial} is not null) from ${productPrices} where ${productPrices.productId} = ${products.id}), false)`;

/** The same price as the sample of a search reads it (`search-sample.ts`), for `products`' row. */
const productHeadlinePrice = sql`(select coalesce(${productPrices.salePriceRial}, ${productPrices.priceRial}) from ${productPrices} where ${productPrices.productId} = ${products.id} order by ${cycleRank} limit 1)`;

/** What a store card shows, with its headline price from `headline`. */
function productCardColumns(headline: Headline) {
  return {
    id: products.id,
    slug: products.slug,
    name: products.name,
    summary: products.summary,
    iconUrl: products.iconUrl,
    badge: products.badge,
    needsDomain: products.needsDomain,
    needsTheme: products.needsTheme,
    groupSlug: productGroups.slug,
    groupName: productGroups.name,
    cycle: headline.cycle,
    price: headline.price,
    regularPrice: headline.regularPrice,
    onSale,
  };
}

interface CardQueryOptions {
  where: (headline: Headline) => SQL | undefined;
  orderBy: (headline: Headline) => SQL[];
}

/** The card fields of active products matching `where`, in `order`, with the total. */
function productCardsQuery(db: Database, options: CardQueryOptions) {
  const headline = headlineOfProduct(db);
  return db
    .select({
      ...productCardColumns(headline),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(products)
    .innerJoin(productGroups, eq(productGroups.id, products.groupId))
    .innerJoinLateral(headline, sql`true`)
    .where(and(eq(products.status, 'active'), options.where(headline)))
    .orderBy(...options.orderBy(headline), asc(products.id))
    .$dynamic();
}

type ProductCardRow = Awaited<ReturnType<typeof productCardsQuery>>[number];

function toProductCards(rows: Array<Omit<ProductCardRow, 'total'> & { total?: number }>): {
  items: ProductCard[];
  total: number;
} {
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      summary: row.summary,
      iconUrl: row.iconUrl,
      group: { slug: row.groupSlug, name: row.groupName },
      badge: row.badge,
      onSale: row.onSale,
      needsDomain: row.needsDomain,
      needsTheme: row.needsTheme,
      startingPrice: { cycle: row.cycle, price: row.price, regularPrice: row.regularPrice },
    })),
  };
}

/** The card fields of products matching `where`, in `order`, with the total before paging. */
async function selectProductCards(
  db: Database,
  options: {
    where: (headline: Headline) => SQL | undefined;
    orderBy: (headline: Headline) => SQL[];
    limit: number;
    offset: number;
  },
): Promise<{ items: ProductCard[]; total: number }> {
  const rows = await productCardsQuery(db, options).limit(options.limit).offset(options.offset);
  return toProductCards(rows);
}

function productOrder(sort: CallParsed<typeof getProducts>['sort'], price: SQLWrapper): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(products.createdAt)];
    case 'price-asc':
      return [asc(price)];
    case 'price-desc':
      return [desc(price)];
    default:
      return [desc(products.popularity), asc(products.sortOrder)];
  }
}

/** Keeps what many answers share (see `listProducts`); the routes pass the catalog cache. */
export type Memo = <T>(
  key: string,
  compute: () => Promise<T>,
  /** What the value weighs in bytes, about, for the cache's budget. */
  weigh?: (value: T) => number,
) => Promise<T>;
const noMemo: Memo = (_key, compute) => compute();

/** The groups with their product counts, and the price range of a group (or of all). */
async function storeFacets(db: Database, groupSlug: string | undefined) {
  const groups = await db
    .select({
      id: productGroups.id,
      slug: productGroups.slug,
      name: productGroups.name,
      count: sql<number>`count(${products.id})`.mapWith(Number),
    })
    .from(productGroups)
    .leftJoin(products, and(eq(products.groupId, productGroups.id), eq(products.status, 'active')))
    .groupBy(productGroups.id)
    .orderBy(asc(productGroups.sortOrder), asc(productGroups.slug));
  const group = groupSlug ? groups.find((row) => row.slug === groupSlug) : undefined;
  if (groupSlug && !group) {
    throw new AppError('NOT_FOUND', GROUP_NOT_FOUND, { fields: { group: GROUP_NOT_FOUND } });
  }
  const headline = headlinePrices(db);
  const [range] = await db
    .with(headline)
    .select({
      min: sql<number>`coalesce(min(${headline.price}), 0)`.mapWith(Number),
      max: sql<number>`coalesce(max(${headline.price}), 0)`.mapWith(Number),
    })
    .from(products)
    .innerJoin(headline, eq(headline.productId, products.id))
    .where(and(eq(products.status, 'active'), group ? eq(products.groupId, group.id) : undefined));
  return { groups, groupId: group?.id, priceRange: { min: range?.min ?? 0, max: range?.max ?? 0 } };
}

type ProductSort = CallParsed<typeof getProducts>['sort'];
type PreparedProductList = ReturnType<ReturnType<typeof productCardsQuery>['prepare']>;

const preparedProductLists = new WeakMap<Database, Map<string, PreparedProductList>>();

/**
 * The store list without a text query, built once per shape (sort and which filters are set)
 * and prepared by name: a new price filter then costs no query building here and no parse or
 * plan in PostgreSQL (issue 24). A list with a text query is built each time instead, so its
 * plan is chosen for its own patterns (the trigram index cannot serve one of two letters).
 */
function preparedProductList(
  db: Database,
  shape: { sort: ProductSort; group: boolean; minPrice: boolean; maxPrice: boolean },
): PreparedProductList {
  const name = [
    'store-products',
    shape.sort,
    shape.group ? 'group' : '',
    shape.minPrice ? 'min' : '',
    shape.maxPrice ? 'max' : '',
  ].join(' ');
  let byName = preparedProductLists.get(db);
  if (!byName) {
    byName = new Map();
    preparedProductLists.set(db, byName);
  }
  let prepared = byName.get(name);
  if (!prepared) {
    prepared = productCardsQuery(db, {
      where: ({ price }) =>
        and(
          shape.group ? eq(products.groupId, sql.placeholder('groupId')) : undefined,
          shape.minPrice ? gte(price, sql.placeholder('minPrice')) : undefined,
          shape.maxPrice ? lte(price, sql.placeholder('maxPrice')) : undefined,
        ),
      orderBy: ({ price }) => productOrder(shape.sort, price),
    })
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
    byName.set(name, prepared);
  }
  return prepared;
}

/**
 * Up to this many active products in a group (or in all), the group's whole list is read once
 * per sort and kept in `memo`; a price range and a page are then cut from it here. The catalog
 * of a store is small and changes rarely, and each new price filter cost a query before
 * (issue 24). A larger catalog is asked per call instead.
 */
export const KEPT_LIST_MAX_PRODUCTS = 500;

/** The filters, order and page of a store list, as the list readers take them. */
interface ProductPageInput {
  groupId: string | undefined;
  sort: ProductSort;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  limit: number;
  offset: number;
}

/** The store list without a text query: from the kept list of its group, or one query. */
async function productListWithoutSearch(
  db: Database,
  memo: Memo,
  input: ProductPageInput,
  keptListMaxProducts = KEPT_LIST_MAX_PRODUCTS,
): Promise<{ items: ProductCard[]; total: number; totalIsEstimate?: boolean }> {
  const group = input.groupId !== undefined;
  const kept = await memo(`store-list ${input.groupId ?? ''} ${input.sort}`, async () => {
    const rows = await preparedProductList(db, {
      sort: input.sort,
      group,
      minPrice: false,
      maxPrice: false,
    }).execute({ groupId: input.groupId, limit: keptListMaxProducts + 1, offset: 0 });
    return { rows: rows.length > keptListMaxProducts ? null : rows };
  });
  if (kept.rows) {
    const { minPrice, maxPrice } = input;
    const inRange = kept.rows.filter(
      (row) =>
        (minPrice === undefined || row.price >= minPrice) &&
        (maxPrice === undefined || row.price <= maxPrice),
    );
    const page = inRange.slice(input.offset, input.offset + input.limit);
    // As the query's `count(*) over ()` does: a page past the end has no row to carry a total.
    return { items: toProductCards(page).items, total: page.length > 0 ? inRange.length : 0 };
  }
  return toProductCards(
    await preparedProductList(db, {
      sort: input.sort,
      group,
      minPrice: input.minPrice !== undefined,
      maxPrice: input.maxPrice !== undefined,
    }).execute({
      groupId: input.groupId,
      minPrice: input.minPrice,
      maxPrice: input.maxPrice,
      limit: input.limit,
      offset: input.offset,
    }),
  );
}

/**
 * A store search's total is exact up to this many products. Past it, by the search sample's
 * estimate (`search-sample.ts`), the total is that estimate (`totalIsEstimate`): counting is
 * reading, and a word that half the catalog holds cost a read of every match on each search
 * (decision 0030).
 */
export const SEARCH_EXACT_TOTAL_LIMIT = 1_000;

/**
 * A part of a search page is read in the list's order (an index in it), stopping once the page
 * is full, while that reads fewer rows than this many times the part's matches; otherwise its
 * matches are read from the trigram index and sorted. A row read either way cost about the
 * same at 100,000 products (decision 0030), and the trigram index has its own cost of reading
 * the words' trigrams, so reading in order is taken a little beyond the even point.
 */
const ORDERED_READ_RATIO = 2;

/** A key of the list's order, as a search page's statement selects and sorts it. */
interface OrderKey {
  value: SQLWrapper;
  name: string;
  descending: boolean;
}

/** The list's order (`productOrder`) for a search page's statement; the id breaks ties. */
function searchOrderKeys(sort: ProductSort): OrderKey[] {
  switch (sort) {
    case 'newest':
      return [{ value: products.createdAt, name: 'created_at', descending: true }];
    case 'price-asc':
      return [{ value: productHeadlinePrice, name: 'price', descending: false }];
    case 'price-desc':
      return [{ value: productHeadlinePrice, name: 'price', descending: true }];
    default:
      return [
        { value: products.popularity, name: 'popularity', descending: true },
        { value: products.sortOrder, name: 'sort_order', descending: false },
      ];
  }
}

/** `key as name, …` for a select list. */
function selectKeys(keys: OrderKey[]): SQL {
  return sql.join(
    keys.map((key) => sql`${key.value} as ${sql.identifier(key.name)}`),
    sql`, `,
  );
}

/** `part, key desc, …, id` (each name of `from`, when given) for an order by. */
function orderByKeys(keys: OrderKey[], options: { from?: string; part: boolean }): SQL {
  const name = (column: string) =>
    options.from
      ? sql`${sql.identifier(options.from)}.${sql.identifier(column)}`
      : sql.identifier(column);
  return sql.join(
    [
      ...(options.part ? [name('part')] : []),
      ...keys.map((key) => sql`${name(key.name)} ${key.descending ? sql`desc` : sql`asc`}`),
      name('id'),
    ],
    sql`, `,
  );
}

/**
 * "`column` holds every word". `indexed`: each word with a trigram in the form the trigram
 * index serves (`like`), so PostgreSQL reads the products that have all of their trigrams
 * (one bitmap, cheaper than checking each product a single word gives: decision 0030);
 * otherwise, and for words too short for a trigram, a check of each row read (`strpos`).
 */
function holdsWords(column: SQLWrapper, words: string[], options: { indexed: boolean }): SQL {
  const liked = options.indexed ? words.filter(trigramIndexable) : [];
  return and(
    ...liked.map((word) => holdsToken(column, word)),
    holdsEveryToken(
      column,
      words.filter((word) => !liked.includes(word)),
    ),
  ) as SQL;
}

/**
 * Whether a part of a search page (`matches` products of `population`, estimated) is read in
 * the list's order: while that reads fewer rows than ORDERED_READ_RATIO times its matches,
 * and only for an order an index holds (not a price) and words the trigram index could serve
 * instead.
 */
function readInOrder(options: {
  need: number;
  population: number;
  matches: number;
  sort: ProductSort;
  words: string[];
}): boolean {
  const { need, population, matches } = options;
  if (options.sort === 'price-asc' || options.sort === 'price-desc') return false;
  if (!options.words.some(trigramIndexable)) return true;
  const read = matches >= need ? (need * population) / matches : population;
  return read <= ORDERED_READ_RATIO * matches;
}

/**
 * A store search's page and total, in the list's order with the products whose title holds
 * every word first. The search sample (`search-sample.ts`, kept with the catalog's answers)
 * estimates how many products hold the words together, with no statement sent, and that picks
 * one statement of two:
 *
 * - when fewer than SEARCH_EXACT_TOTAL_LIMIT products may match, every match is read from the
 *   trigram index, ranked and counted (`count(*) over ()`): the total is exact;
 * - otherwise the title matches and the others are the two parts of a `union all`, each read in
 *   the list's order (`products_active_popular_idx`, `…_newest_idx`) and stopping after the
 *   page, or, when the sample says a part is too sparse for that, from the trigram indexes
 *   and sorted; the total is the sample's estimate.
 *
 * Either way the cards (headline price, group, sale) are read for the page's products only.
 */
async function searchProductCards(
  db: Database,
  sample: SearchSample,
  input: ProductPageInput & { words: string[] },
): Promise<{ items: ProductCard[] } & ListTotal> {
  const words = [...new Set(input.words)];
  const { limit, offset } = input;
  const filters = and(
    eq(products.status, 'active'),
    input.groupId ? eq(products.groupId, input.groupId) : undefined,
    input.minPrice === undefined ? undefined : sql`${productHeadlinePrice} >= ${input.minPrice}`,
    input.maxPrice === undefined ? undefined : sql`${productHeadlinePrice} <= ${input.maxPrice}`,
  );
  const estimate = estimateSearch(
    sample,
    words,
    (row) =>
      (input.groupId === undefined || row.groupId === input.groupId) &&
      (input.minPrice === undefined || (row.price !== null && row.price >= input.minPrice)) &&
      (input.maxPrice === undefined || (row.price !== null && row.price <= input.maxPrice)),
  );
  const text = products.searchText;
  const title = searchTitle(products.searchText);
  const keys = searchOrderKeys(input.sort);
  const inTitle = holdsEveryToken(title, words) as SQL;

  if (estimate.matchesAtLeast <= SEARCH_EXACT_TOTAL_LIMIT) {
    const matches = and(filters, holdsWords(text, words, { indexed: true }));
    const { items, total } = await cardsOfPage(
      db,
      sql`select ${products.id} as id, count(*) over () as total,
          case when ${inTitle} then 0 else 1 end as part, ${selectKeys(keys)}
        from ${products} where ${matches}
        order by ${orderByKeys(keys, { part: true })} limit ${limit} offset ${offset}`,
      { keys, counted: true },
    );
    // A page past the end has no row to carry the count. (The cards' join to a price drops no
    // product: an active product always has one, products.service.ts.)
    if (items.length === 0 && offset > 0) {
      return {
        items,
        total: await countRows(db, sql`select 1 from ${products} where ${matches}`),
        totalIsEstimate: false,
      };
    }
    return { items, total: total ?? 0, totalIsEstimate: false };
  }

  const need = offset + limit;
  const inOrder = (matches: number) =>
    readInOrder({ need, population: sample.population, matches, sort: input.sort, words });
  const titleInOrder = inOrder(estimate.titleMatches);
  const othersInOrder = inOrder(estimate.matches - estimate.titleMatches);
  const titled = searchPart({
    name: 'titled',
    part: 0,
    where: and(filters, holdsWords(title, words, { indexed: !titleInOrder })) as SQL,
    inOrder: titleInOrder,
    keys,
    need,
  });
  const others = searchPart({
    name: 'others',
    part: 1,
    // Only when the title matches do not fill the pages up to this one: a condition of no row,
    // which PostgreSQL checks once, before it reads anything of this part.
    where: and(
      sql`(select count(*) from titled) < ${need}`,
      filters,
      holdsWords(text, words, { indexed: !othersInOrder }),
      not(inTitle),
    ) as SQL,
    inOrder: othersInOrder,
    keys,
    need,
  });
  const { items } = await cardsOfPage(
    db,
    sql`with ${sql.join([...titled.with, sql`titled as materialized (${titled.rows})`, ...others.with], sql`, `)}
      select * from titled union all (${others.rows})
      order by ${orderByKeys(keys, { part: true })} limit ${limit} offset ${offset}`,
    { keys, counted: false },
  );
  // A page that is not full is the last: what it and the pages before hold is the total.
  if (items.length < limit && (items.length > 0 || offset === 0)) {
    return { items, total: offset + items.length, totalIsEstimate: false };
  }
  return {
    items,
    total: Math.max(SEARCH_EXACT_TOTAL_LIMIT + 1, estimate.matches),
    totalIsEstimate: true,
  };
}

/**
 * One part of a search page: its first `need` products in the list's order (`keys`), with
 * `part` for the order of the parts. Read in the list's order from an index (`inOrder`), or as
 * every match first (`with`: its own statement part, `materialized`, which PostgreSQL cannot
 * merge with the order and the limit; merged, it would walk the list's index until the part
 * was full, reading the whole catalog for a sparse part) and then sorted.
 */
function searchPart(options: {
  name: string;
  part: number;
  where: SQL;
  inOrder: boolean;
  keys: OrderKey[];
  need: number;
}): { with: SQL[]; rows: SQL } {
  const columns = sql`${products.id} as id, ${options.part}::int as part, ${selectKeys(options.keys)}`;
  const ordered = sql`order by ${orderByKeys(options.keys, { part: false })} limit ${options.need}`;
  if (options.inOrder) {
    return {
      with: [],
      rows: sql`select ${columns} from ${products} where ${options.where} ${ordered}`,
    };
  }
  const found = sql.identifier(`${options.name}_found`);
  return {
    with: [
      sql`${found} as materialized (select ${columns} from ${products} where ${options.where})`,
    ],
    rows: sql`select * from ${found} ${ordered}`,
  };
}

/**
 * The cards of a search page: `page` selects the page's product ids with the list's order keys
 * (`keys`, and `part`), and a `total` when it counts; the cards are read for those only.
 */
async function cardsOfPage(
  db: Database,
  page: SQL,
  options: { keys: OrderKey[]; counted: boolean },
): Promise<{ items: ProductCard[]; total: number | undefined }> {
  const headline = headlineOfProduct(db);
  const rows = await db
    .select({
      ...productCardColumns(headline),
      total: (options.counted ? sql`page.total` : sql`null`).mapWith(Number),
    })
    .from(sql`(${page}) as page`)
    .innerJoin(products, eq(products.id, sql`page.id`))
    .innerJoin(productGroups, eq(productGroups.id, products.groupId))
    .innerJoinLateral(headline, sql`true`)
    .orderBy(orderByKeys(options.keys, { from: 'page', part: true }));
  return { items: toProductCards(rows).items, total: rows[0]?.total ?? undefined };
}

/**
 * The store list: active products by group, price range and text, paged and sorted. The
 * facets depend on the group only, so `memo` lets every search and page of a group share them,
 * and a small catalog's list too (`KEPT_LIST_MAX_PRODUCTS`): a new price filter or page then
 * costs no query, and a new search one.
 */
export async function listProducts(
  db: Database,
  input: CallParsed<typeof getProducts>,
  memo: Memo = noMemo,
  options: { keptListMaxProducts?: number } = {},
): Promise<CallResult<typeof getProducts>> {
  const { groups, groupId, priceRange } = await memo(`store-facets ${input.group ?? ''}`, () =>
    storeFacets(db, input.group),
  );
  const words = input.q ? searchTokens(input.q) : [];
  const page = {
    groupId,
    sort: input.sort,
    minPrice: input.minPrice,
    maxPrice: input.maxPrice,
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  };
  const { items, total, totalIsEstimate } =
    words.length > 0
      ? await searchProductCards(
          db,
          await memo(
            'store-search-sample',
            () =>
              drawSearchSample(
                db,
                groups.reduce((sum, group) => sum + group.count, 0),
                productHeadlinePrice,
              ),
            sampleBytes,
          ),
          { ...page, words },
        )
      : await productListWithoutSearch(db, memo, page, options.keptListMaxProducts);
  return {
    items,
    total,
    ...(totalIsEstimate ? { totalIsEstimate } : {}),
    page: input.page,
    pageSize: input.pageSize,
    groups: groups.map(({ slug, name, count }) => ({ slug, name, count })),
    priceRange,
  };
}

async function findActiveProduct(
  db: Database,
  by: { id?: string | undefined; slug?: string | undefined },
) {
  const [row] = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.status, 'active'),
        by.id !== undefined ? eq(products.id, by.id) : eq(products.slug, by.slug ?? ''),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
  return row;
}

/** One active product with its cycles, features, the group's comparison and related products. */
export async function getProductDetail(
  db: Database,
  input: CallParsed<typeof getProduct>,
): Promise<CallResult<typeof getProduct>> {
  const product = await findActiveProduct(db, input);

  const [card, prices, features, comparison, themeCount, related] = await Promise.all([
    selectProductCards(db, {
      where: () => eq(products.id, product.id),
      orderBy: () => [],
      limit: 1,
      offset: 0,
    }),
    db
      .select()
      .from(productPrices)
      .where(eq(productPrices.productId, product.id))
      .orderBy(cycleRank),
    db
      .select({
        id: groupFeatures.id,
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
          eq(productFeatureValues.productId, product.id),
        ),
      )
      .where(eq(groupFeatures.groupId, product.groupId))
      .orderBy(asc(groupFeatures.sortOrder), asc(groupFeatures.id)),
    groupComparison(db, product.groupId),
    countProductThemes(db, product.id),
    relatedProducts(db, product),
  ]);
  const base = card.items[0];
  if (!base) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);

  const shortest = prices[0];
  const shortestMonthly = shortest
    ? effectivePrice(shortest) / BILLING_CYCLE_MONTHS[shortest.cycle]
    : 0;
  return {
    ...base,
    description: product.description,
    setupFee: product.setupFeeRial,
    cycles: prices.map((row) => {
      const price = effectivePrice(row);
      const monthlyPrice = Math.round(price / BILLING_CYCLE_MONTHS[row.cycle]);
      const saving =
        shortestMonthly > 0 ? 1 - price / BILLING_CYCLE_MONTHS[row.cycle] / shortestMonthly : 0;
      return {
        cycle: row.cycle,
        price,
        regularPrice: row.priceRial,
        monthlyPrice,
        savingPercent: Math.max(0, Math.floor(saving * 100 + 1e-9)),
      };
    }),
    // A row that states a limit is drawn from the plan's limits; others need a typed value.
    features: features.flatMap(({ label, limitKey, value, included }) =>
      isPlanLimitKey(limitKey)
        ? [{ label, ...limitCell(product.limits, limitKey) }]
        : included === null
          ? []
          : [{ label, value, included }],
    ),
    comparison,
    themeCount,
    related,
  };
}

function effectivePrice(row: { priceRial: number; salePriceRial: number | null }): number {
  return row.salePriceRial ?? row.priceRial;
}

/** Every active plan of a group side by side, one row per feature of the group. */
async function groupComparison(
  db: Database,
  groupId: string,
): Promise<CallResult<typeof getProduct>['comparison']> {
  const plans = await selectProductCards(db, {
    where: () => eq(products.groupId, groupId),
    orderBy: () => [asc(products.sortOrder)],
    limit: 50,
    offset: 0,
  });
  const featureRows = await db
    .select({ id: groupFeatures.id, label: groupFeatures.label, limitKey: groupFeatures.limitKey })
    .from(groupFeatures)
    .where(eq(groupFeatures.groupId, groupId))
    .orderBy(asc(groupFeatures.sortOrder), asc(groupFeatures.id));
  const planIds = plans.items.map((plan) => plan.id);
  const values =
    planIds.length === 0
      ? []
      : await db
          .select()
          .from(productFeatureValues)
          .where(inArray(productFeatureValues.productId, planIds));
  const cells = new Map(values.map((row) => [`${row.productId} ${row.featureId}`, row] as const));
  const limitsOf = new Map(
    planIds.length === 0
      ? []
      : (
          await db
            .select({ id: products.id, limits: products.limits })
            .from(products)
            .where(inArray(products.id, planIds))
        ).map((row) => [row.id, row.limits] as const),
  );
  return {
    products: plans.items.map(({ id, slug, name, startingPrice }) => ({
      id,
      slug,
      name,
      startingPrice,
    })),
    rows: featureRows.map((feature) => ({
      label: feature.label,
      values: planIds.map((planId) => {
        if (isPlanLimitKey(feature.limitKey)) {
          return limitCell(limitsOf.get(planId) ?? {}, feature.limitKey);
        }
        const cell = cells.get(`${planId} ${feature.id}`);
        return { value: cell?.value ?? null, included: cell?.included ?? false };
      }),
    })),
  };
}

async function countProductThemes(db: Database, productId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(productThemes)
    .innerJoin(themes, eq(themes.id, productThemes.themeId))
    .where(and(eq(productThemes.productId, productId), eq(themes.status, 'active')));
  return row?.total ?? 0;
}

/** The group's other plans first, then the most popular products of other groups. */
async function relatedProducts(
  db: Database,
  product: { id: string; groupId: string },
): Promise<ProductCard[]> {
  const { items } = await selectProductCards(db, {
    where: () => ne(products.id, product.id),
    orderBy: () => [
      sql`case when ${products.groupId} = ${product.groupId} then 0 else 1 end`,
      desc(products.popularity),
    ],
    limit: RELATED_COUNT,
    offset: 0,
  });
  return items;
}

/** The most popular active products marked as featured, for the home page. */
export async function featuredProducts(db: Database, limit: number): Promise<ProductCard[]> {
  const { items } = await selectProductCards(db, {
    where: () => eq(products.isFeatured, true),
    orderBy: () => [asc(products.sortOrder), desc(products.popularity)],
    limit,
    offset: 0,
  });
  return items;
}

/** Each product group with its number of active products and its lowest headline price. */
export async function groupSummaries(db: Database) {
  const headline = headlinePrices(db);
  const rows = await db
    .with(headline)
    .select({
      slug: productGroups.slug,
      name: productGroups.name,
      summary: productGroups.summary,
      iconUrl: productGroups.iconUrl,
      productCount: sql<number>`count(${products.id})`.mapWith(Number),
      // The cheapest headline of the group, as "cycle|price|regularPrice".
      cheapest: sql<
        string | null
      >`min(lpad(${headline.price}::text, 20, '0') || '|' || ${headline.cycle} || '|' || ${headline.regularPrice}::text)`,
    })
    .from(productGroups)
    .leftJoin(products, and(eq(products.groupId, productGroups.id), eq(products.status, 'active')))
    .leftJoin(headline, eq(headline.productId, products.id))
    .groupBy(productGroups.id)
    .orderBy(asc(productGroups.sortOrder), asc(productGroups.slug));
  return rows.map(({ cheapest, ...group }) => {
    const [price, cycle, regularPrice] = cheapest ? cheapest.split('|') : [];
    return {
      ...group,
      startingPrice:
        price && cycle && regularPrice
          ? {
              cycle: cycle as BillingCycle,
              price: Number(price),
              regularPrice: Number(regularPrice),
            }
          : null,
    };
  });
}

interface ThemeRow {
  id: string;
  slug: string;
  name: string;
  categorySlug: string;
  categoryName: string;
  tags: string[];
  previewUrls: string[];
  isFree: boolean;
  priceRial: number | null;
}

const themeColumns = {
  id: themes.id,
  slug: themes.slug,
  name: themes.name,
  categorySlug: themes.categorySlug,
  categoryName: themeCategories.name,
  tags: themes.tags,
  previewUrls: themes.previewUrls,
  isFree: themes.isFree,
  priceRial: themes.priceRial,
};

/** Where a theme can be previewed: the gallery of a product that offers it, opened on it. */
export function themeDemoUrl(productSlug: string, themeSlug: string): string {
  return `/store/${productSlug}/themes?preview=${themeSlug}`;
}

function toThemeCard(row: ThemeRow, productSlug: string): ThemeCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: { slug: row.categorySlug, name: row.categoryName },
    tags: row.tags,
    previewUrls: row.previewUrls,
    demoUrl: themeDemoUrl(productSlug, row.slug),
    isFree: row.isFree,
    price: row.isFree ? null : row.priceRial,
  };
}

/** A website-builder product's themes, by category, price and text, most popular first. */
export async function listProductThemes(
  db: Database,
  input: CallParsed<typeof getProductThemes>,
): Promise<CallResult<typeof getProductThemes>> {
  const product = await findActiveProduct(db, { id: input.productId, slug: input.productSlug });
  const offered = and(eq(productThemes.productId, product.id), eq(themes.status, 'active'));

  if (input.category) {
    const [known] = await db
      .select({ slug: themeCategories.slug })
      .from(themeCategories)
      .where(eq(themeCategories.slug, input.category));
    if (!known) {
      throw new AppError('NOT_FOUND', THEME_CATEGORY_NOT_FOUND, {
        fields: { category: THEME_CATEGORY_NOT_FOUND },
      });
    }
  }
  const categories = await db
    .select({
      slug: themeCategories.slug,
      name: themeCategories.name,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(productThemes)
    .innerJoin(themes, eq(themes.id, productThemes.themeId))
    .innerJoin(themeCategories, eq(themeCategories.slug, themes.categorySlug))
    .where(offered)
    .groupBy(themeCategories.slug)
    .orderBy(asc(themeCategories.sortOrder), asc(themeCategories.slug));

  const rows = await db
    .select({ ...themeColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(productThemes)
    .innerJoin(themes, eq(themes.id, productThemes.themeId))
    .innerJoin(themeCategories, eq(themeCategories.slug, themes.categorySlug))
    .where(
      and(
        offered,
        input.category ? eq(themes.categorySlug, input.category) : undefined,
        input.free === undefined ? undefined : eq(themes.isFree, input.free),
        matchesSearchQuery(themes.searchText, input.q),
      ),
    )
    .orderBy(
      ...titleMatchFirst(themes.searchText, input.q),
      desc(themes.popularity),
      asc(themes.id),
    )
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    items: rows.map((row) => toThemeCard(row, product.slug)),
    total: rows[0]?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
    product: { id: product.id, slug: product.slug, name: product.name },
    categories,
  };
}

/**
 * The most popular active themes, each previewed in the gallery of the first website-builder
 * product (in store order) that offers it.
 */
export async function popularThemes(db: Database, limit: number): Promise<ThemeCard[]> {
  const rows = await db
    .select({
      ...themeColumns,
      productSlug: sql<string>`(
        select ${products.slug} from ${productThemes}
        join ${products} on ${products.id} = ${productThemes.productId}
        where ${productThemes.themeId} = ${themes.id} and ${products.status} = 'active'
        order by ${products.sortOrder}, ${products.id} limit 1)`,
    })
    .from(themes)
    .innerJoin(themeCategories, eq(themeCategories.slug, themes.categorySlug))
    .where(
      and(
        eq(themes.status, 'active'),
        sql`exists (select 1 from ${productThemes} join ${products} on ${products.id} = ${productThemes.productId} where ${productThemes.themeId} = ${themes.id} and ${products.status} = 'active')`,
      ),
    )
    .orderBy(desc(themes.popularity), asc(themes.id))
    .limit(limit);
  return rows.map((row) => toThemeCard(row, row.productSlug));
}

/** Active products and themes for the sitemap. */
export async function sitemapProducts(db: Database) {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt, needsTheme: products.needsTheme })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.sortOrder));
}

/** Counts for the home page. */
export async function countActiveThemes(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(themes).where(eq(themes.status, 'active'));
  return row?.total ?? 0;
}
