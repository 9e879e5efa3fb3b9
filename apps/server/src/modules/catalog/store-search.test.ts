import { searchableText, searchTokens, toPersianDigits } from '@vitrin/fa';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { productGroups, productPrices, products } from '../../schema';
import { postJson, setupTestApp } from '../../test/test-app';
import type { SearchSample } from './search-sample';
import { listProducts, SEARCH_EXACT_TOTAL_LIMIT } from './store.service';

// Decision 0030: a store search reads its page as two queries that stop after the page (the
// title matches, then the others) and counts its total only up to SEARCH_EXACT_TOTAL_LIMIT. What
// a person sees must be what ranking every match gave: the demo grown by a few thousand
// products, so common words outrun the count, and each page checked against the ranking done
// here over every product.

const t = setupTestApp({ seedDemoData: true });

const GROWN = 2_400;

interface ProductList {
  items: Array<{ id: string; slug: string; startingPrice: { price: number } }>;
  total: number;
  totalIsEstimate?: boolean;
  page: number;
}

async function search(body: object): Promise<ProductList> {
  const response = await postJson(t.app, '/api/store/get-products', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ProductList;
}

/** The words of each grown product: a common one in many titles and summaries, rarer ones. */
function grownProduct(index: number) {
  const brand = index % 80 === 0 ? 'کیان‌داده' : `برند${toPersianDigits(index)}`;
  const name =
    index % 7 === 0
      ? `Cloud HOSTING ${brand}`
      : index % 2 === 0
        ? `هاست ابری ${index % 160 === 0 ? brand : ''} ${toPersianDigits(index)}`
        : `پشتيبان‌گيري كامل ${toPersianDigits(index)}`;
  const summary = index % 5 === 0 ? 'سرور پرسرعت' : 'با هاست رایگان';
  const description = index % 80 === 0 && index % 160 !== 0 ? `همراه ${brand}` : 'توضیح';
  return { name, summary, description };
}

beforeAll(async () => {
  const groups = await t.app.db.select().from(productGroups);
  const rows = Array.from({ length: GROWN }, (_, index) => {
    const group = groups[index % groups.length];
    if (!group) throw new Error('the demo has product groups');
    const { name, summary, description } = grownProduct(index);
    return {
      groupId: group.id,
      slug: `grown-${index}`,
      name,
      summary,
      description,
      iconUrl: '/icons/hosting.svg',
      // Ties on purpose: the order falls back to sort order, then id.
      popularity: (index * 7919) % 400,
      sortOrder: index % 3,
      status: index % 11 === 0 ? ('hidden' as const) : ('active' as const),
      searchText: searchableText(name, summary, group.name, description),
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    const inserted = await t.app.db
      .insert(products)
      .values(rows.slice(start, start + 500))
      .returning({ id: products.id, sortOrder: products.sortOrder });
    await t.app.db.insert(productPrices).values(
      inserted.map((row, offset) => ({
        productId: row.id,
        cycle: 'monthly' as const,
        priceRial: 1_000_000 + ((start + offset) % 50) * 100_000,
      })),
    );
  }
  await t.app.db.execute(sql`analyze products`);
});

/**
 * Every active product matching `q`, ranked as the store's list did with one query: those with
 * every word in the title first, then by popularity, order and id.
 */
async function rankedHere(
  q: string,
  filter: (row: { groupSlug: string; price: number }) => boolean = () => true,
  sort: 'popular' | 'newest' | 'price-asc' | 'price-desc' = 'popular',
) {
  const words = searchTokens(q);
  const rows = await t.app.db.execute(sql`
    select p.id, p.search_text, p.popularity, p.sort_order, g.slug as group_slug,
      extract(epoch from p.created_at) * 1000000 as created,
      (select coalesce(sale_price_rial, price_rial) from product_prices pp
        where pp.product_id = p.id
        order by array_position(array['monthly','quarterly','semiannual','annual'], pp.cycle)
        limit 1) as price
    from products p join product_groups g on g.id = p.group_id
    where p.status = 'active'`);
  type Row = {
    id: string;
    search_text: string;
    popularity: number;
    sort_order: number;
    group_slug: string;
    created: string | number;
    price: string | number | null;
  };
  const all = (rows as unknown as { rows: Row[] }).rows;
  const holds = (text: string) => words.every((word) => text.includes(word));
  return all
    .filter((row) => row.price !== null && holds(row.search_text))
    .filter((row) => filter({ groupSlug: row.group_slug, price: Number(row.price) }))
    .map((row) => ({ ...row, inTitle: holds(row.search_text.split(' ')[0] ?? '') ? 0 : 1 }))
    .sort((a, b) => {
      const bySort = {
        popular: b.popularity - a.popularity || a.sort_order - b.sort_order,
        newest: Number(b.created) - Number(a.created),
        'price-asc': Number(a.price) - Number(b.price),
        'price-desc': Number(b.price) - Number(a.price),
      }[sort];
      return a.inTitle - b.inTitle || bySort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    })
    .map((row) => ({ id: row.id, inTitle: row.inTitle === 0 }));
}

/** The ids of `rankedHere`, in order. */
async function rankedIds(...args: Parameters<typeof rankedHere>): Promise<string[]> {
  return (await rankedHere(...args)).map((row) => row.id);
}

async function pagesOf(body: object, pageSize: number, pages: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= pages; page += 1) {
    ids.push(...(await search({ ...body, page, pageSize })).items.map((item) => item.id));
  }
  return ids;
}

describe('store search on a grown catalog', () => {
  test('a word most products hold: title matches first, then popularity, page after page', async () => {
    const ranked = await rankedHere('هاست');
    const expected = ranked.map((row) => row.id);
    expect(expected.length).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT);
    expect(await pagesOf({ q: 'هاست' }, 20, 3)).toEqual(expected.slice(0, 60));
    // The page where the title matches end and the others begin, in the middle of a page.
    const titleCount = ranked.filter((row) => row.inTitle).length;
    const size = [20, 19, 17, 13].find((n) => titleCount % n !== 0) ?? 11;
    const crossing = Math.floor(titleCount / size) + 1;
    for (const page of [crossing, crossing + 1]) {
      const list = await search({ q: 'هاست', page, pageSize: size });
      expect(list.items.map((item) => item.id)).toEqual(
        expected.slice((page - 1) * size, page * size),
      );
    }
  });

  test('past SEARCH_EXACT_TOTAL_LIMIT matches the total is an estimate, marked as one', async () => {
    const found = (await rankedIds('هاست')).length;
    const list = await search({ q: 'هاست', pageSize: 20 });
    expect(list.totalIsEstimate).toBe(true);
    expect(list.total).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT);
    // PostgreSQL's estimate from its statistics: near the count, not the count.
    expect(list.total).toBeGreaterThan(found / 3);
    expect(list.total).toBeLessThan(found * 3);
  });

  test('a rare word is counted exactly, and its pages cross from title to text matches', async () => {
    const expected = await rankedIds('کیان‌داده');
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.length).toBeLessThan(SEARCH_EXACT_TOTAL_LIMIT);
    const first = await search({ q: 'کیان‌داده', pageSize: 7 });
    expect(first.total).toBe(expected.length);
    expect(first.totalIsEstimate).toBeUndefined();
    expect(await pagesOf({ q: 'کیان‌داده' }, 7, Math.ceil(expected.length / 7))).toEqual(expected);
    const past = await search({ q: 'کیان‌داده', page: 40, pageSize: 7 });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(expected.length);
  });

  test('Arabic ي/ك, half-spaces, Persian digits and Latin case find and rank alike', async () => {
    const spellings: Array<[string, string]> = [
      ['پشتیبان‌گیری کامل', 'پشتيبان گيري كامل'],
      ['پشتیبانگیری', 'پشتيبان‌گيري'],
      ['کیان داده', 'كيان‌داده'],
      ['ابری 48', 'ابری ۴۸'],
      ['cloud hosting', 'CLOUD Hosting'],
    ];
    for (const [plain, other] of spellings) {
      const expected = (await rankedIds(plain)).slice(0, 20);
      expect(expected.length, plain).toBeGreaterThan(0);
      expect(await pagesOf({ q: plain }, 20, 1), plain).toEqual(expected);
      expect(await pagesOf({ q: other }, 20, 1), other).toEqual(expected);
    }
  });

  test('sorted by date or price, title matches still come first, then the sort', async () => {
    for (const sort of ['newest', 'price-asc', 'price-desc'] as const) {
      const expected = await rankedIds('هاست', undefined, sort);
      expect(await pagesOf({ q: 'هاست', sort }, 20, 2), sort).toEqual(expected.slice(0, 40));
    }
  });

  test('a search with a group and a price range ranks within them', async () => {
    const [group] = await t.app.db.select().from(productGroups).orderBy(productGroups.sortOrder);
    if (!group) throw new Error('the demo has product groups');
    const filters = { group: group.slug, minPrice: 1_500_000, maxPrice: 3_000_000 };
    const expected = await rankedIds(
      'هاست',
      (row) => row.groupSlug === group.slug && row.price >= 1_500_000 && row.price <= 3_000_000,
    );
    expect(expected.length).toBeGreaterThan(40);
    expect(await pagesOf({ q: 'هاست', ...filters }, 20, 2)).toEqual(expected.slice(0, 40));
    const list = await search({ q: 'هاست', ...filters, pageSize: 20 });
    for (const item of list.items) {
      expect(item.startingPrice.price).toBeGreaterThanOrEqual(1_500_000);
      expect(item.startingPrice.price).toBeLessThanOrEqual(3_000_000);
    }
  });

  test('a long query of words many products hold, that together few do: every page, counted', async () => {
    // Each word is in nine hundred products or more («با», two letters, in no trigram), all of
    // them together in a few hundred: the total is the count, with no estimate.
    const q = 'هاست ابری رایگان با';
    const expected = await rankedIds(q);
    expect(expected.length).toBeGreaterThan(60);
    expect(expected.length).toBeLessThan(SEARCH_EXACT_TOTAL_LIMIT);
    for (const word of searchTokens(q)) {
      expect((await rankedIds(word)).length, word).toBeGreaterThan(900);
    }
    const first = await search({ q, pageSize: 20 });
    expect(first.total).toBe(expected.length);
    expect(first.totalIsEstimate).toBeUndefined();
    expect(await pagesOf({ q }, 20, 3)).toEqual(expected.slice(0, 60));
    const lastPage = Math.ceil(expected.length / 20);
    const last = await search({ q, page: lastPage, pageSize: 20 });
    expect(last.items.map((item) => item.id)).toEqual(expected.slice((lastPage - 1) * 20));
    expect(last.total).toBe(expected.length);
  });

  test('a long query whose words together most products hold: pages in order, an estimate', async () => {
    const q = 'با هاست رایگان';
    const expected = await rankedIds(q);
    expect(expected.length).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT);
    expect(await pagesOf({ q }, 20, 2)).toEqual(expected.slice(0, 40));
    const list = await search({ q, page: 30, pageSize: 20 });
    expect(list.items.map((item) => item.id)).toEqual(expected.slice(580, 600));
    expect(list.totalIsEstimate).toBe(true);
    expect(list.total).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT);
  });

  test('a long query with title and text matches: the title ones first across the pages', async () => {
    // Few products: the brand is in some titles and in some descriptions, «هاست» in both.
    const few = 'هاست کیان‌داده ۰';
    const ranked = await rankedHere(few);
    expect(ranked.some((row) => row.inTitle)).toBe(true);
    expect(ranked.some((row) => !row.inTitle)).toBe(true);
    const expected = ranked.map((row) => row.id);
    expect((await search({ q: few, pageSize: 5 })).total).toBe(expected.length);
    expect(await pagesOf({ q: few }, 5, Math.ceil(expected.length / 5))).toEqual(expected);
    // Many: «ا» (one letter, no trigram) is in every product that «هاست» is.
    const many = 'ا هاست';
    const all = await rankedHere(many);
    const titleCount = all.filter((row) => row.inTitle).length;
    expect(titleCount).toBeGreaterThan(40);
    expect(all.length - titleCount).toBeGreaterThan(40);
    const size = [20, 19, 17, 13].find((n) => titleCount % n !== 0) ?? 11;
    const crossing = Math.floor(titleCount / size) + 1;
    for (const page of [1, crossing, crossing + 1]) {
      const list = await search({ q: many, page, pageSize: size });
      expect(list.items.map((item) => item.id)).toEqual(
        all.slice((page - 1) * size, page * size).map((row) => row.id),
      );
      expect(list.totalIsEstimate).toBe(true);
    }
  });

  test('whichever way the sample sends a search, its pages are the same', async () => {
    // A sample that makes every word look rare (one ranked, counted query) and one that makes
    // every word look common and its titles sparse or dense (the parts read in order or from
    // the trigram index): a stale or unlucky sample costs time, never a wrong page.
    const rows = (text: string, count: number) =>
      Array.from({ length: count }, () => ({
        text,
        title: text.split(' ', 1)[0] ?? '',
        groupId: 'none',
        price: null,
      }));
    const samples: Record<string, SearchSample> = {
      rare: { population: 1_000_000, rows: rows('nothing', 5_000), words: new Map() },
      'common, in titles': {
        population: 1_000_000,
        rows: rows('هاستابریرایگانبا12کیانداده0 هاست', 5_000),
        words: new Map(),
      },
      'common, not in titles': {
        population: 1_000_000,
        rows: rows('x هاستابریرایگانبا12کیانداده0', 5_000),
        words: new Map(),
      },
    };
    for (const q of ['هاست', 'هاست ابری رایگان با', 'هاست کیان‌داده ۰', 'ا هاست']) {
      const expected = await rankedIds(q);
      for (const [name, sample] of Object.entries(samples)) {
        const memo = async <T>(key: string, compute: () => Promise<T>) =>
          key === 'store-search-sample' ? (sample as T) : compute();
        for (const page of [1, 2, 7]) {
          const list = await listProducts(
            t.app.db,
            { q, page, pageSize: 9, sort: 'popular' },
            memo,
          );
          expect(
            list.items.map((item) => item.id),
            `${q}, ${name}, page ${page}`,
          ).toEqual(expected.slice((page - 1) * 9, page * 9));
          if (!list.totalIsEstimate) expect(list.total, `${q}, ${name}`).toBe(expected.length);
        }
      }
    }
  });
});
