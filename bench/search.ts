import { searchableText, searchTokens } from '@vitrin/fa';
import { testConfig } from '@vitrin/server/src/config';
import { openDatabase } from '@vitrin/server/src/db/client';
import { createScratchDatabase } from '@vitrin/server/src/db/scratch-database';
import { seedDemoData } from '@vitrin/server/src/demo/seed';
import { escapeLike } from '@vitrin/server/src/lib/search-sql';
import { SecretBox } from '@vitrin/server/src/lib/secret-box';
import {
  listProducts,
  SEARCH_EXACT_TOTAL_LIMIT,
} from '@vitrin/server/src/modules/catalog/store.service';
import { articlePlainText } from '@vitrin/server/src/modules/content/article-html';
import pg from 'pg';
import {
  machineDetails,
  type RunningServer,
  runBench,
  startServer,
  stopAllChildren,
  writeReport,
} from './processes';
import { BASELINE_ROUTES } from './scenarios';

// Search at scale (issue 24, decision 0030): the demo grown to 100,000 products, a few thousand
// articles and themes with set-based SQL on PostgreSQL, then the public searches of products,
// themes and articles, Persian and English, timed through HTTP on the whole app in its own
// process against the bare route. PostgreSQL only.

const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
const ARTICLES = Number(process.env.BENCH_SEARCH_ARTICLES ?? 3_000);
const THEMES = Number(process.env.BENCH_SEARCH_THEMES ?? 3_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 2;
/** Requests in flight at once: a few people searching at the same moment, not a queue. */
const CONNECTIONS = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 4);
/** BENCH_SEARCH_NO_INDEX=1 drops the trigram indexes after seeding: the "before" figures. */
const WITHOUT_INDEX = Boolean(process.env.BENCH_SEARCH_NO_INDEX);
/** BENCH_SEARCH_SEED_ONLY=1 stops after the seed, its check and the plans: no servers, no load. */
const SEED_ONLY = Boolean(process.env.BENCH_SEARCH_SEED_ONLY);
/** BENCH_SEARCH_KEEP=1 leaves the grown database behind (its URL is printed) to look at. */
const KEEP = Boolean(process.env.BENCH_SEARCH_KEEP);
const BUILDER_SLUG = 'builder-business';

// Words the grown rows are made of. Persian ones come in the forms people write (ZWNJ, Persian
// digits, an Arabic ي or ك now and then); the stored search text is what packages/fa makes of
// them, built in SQL from each word's searchable form and checked against searchableText after.
const PERSIAN_KINDS = [
  'هاست',
  'سرور مجازی',
  'سرور اختصاصی',
  'سایت‌ساز',
  'دامنهٔ',
  'گواهی امنیت',
  'ایمیل سازمانی',
  'فضای ابری',
  'پشتيبان‌گیری',
  'هاست وردپرس',
];
const PERSIAN_QUALITIES = [
  'اقتصادی',
  'حرفه‌ای',
  'سازمانی',
  'پرسرعت',
  'ايران',
  'اروپا',
  'لینوکس',
  'ویندوز',
  'فروشگاهی',
  'شخصی',
  'آموزشی',
  'کلاسیک',
];
const ENGLISH_KINDS = [
  'Cloud Hosting',
  'VPS',
  'Dedicated Server',
  'WordPress',
  'Mail',
  'Backup',
  'SSL',
  'Site Builder',
];
// Syllables of made-up brand names: 1,000 Latin and 1,000 Persian, so a brand is a rare word.
const LATIN_SYLLABLES = [
  ['no', 'ka', 'zer', 'vi', 'lum', 'ar', 'pex', 'to', 'qui', 'bel'],
  ['va', 'ri', 'lo', 'den', 'sa', 'mu', 'te', 'xo', 'ni', 'go'],
  ['xen', 'ta', 'ris', 'mon', 'dex', 'lia', 'nor', 'vus', 'ko', 'pel'],
];
const PERSIAN_SYLLABLES = [
  ['آر', 'نو', 'پا', 'سی', 'دل', 'مه', 'تا', 'رو', 'کا', 'بهـ'],
  ['سان', 'را', 'وی', 'نا', 'مان', 'دی', 'لو', 'گا', 'شی', 'تو'],
  ['تک', 'نت', 'وب', 'ساز', 'کار', 'رایان', 'پارس', 'داده', 'ابر', 'نگار'],
];
const SUMMARY_WORDS = [
  'مناسب کسب‌وکارهای کوچک',
  'با پشتیبانی ۲۴ ساعته',
  'همراه با گواهی SSL رایگان',
  'با پنل مدیریت فارسی',
  'for teams and agencies',
  'with daily backups',
  'fast NVMe storage',
  'با ترافیک نامحدود',
];
const ARTICLE_TOPICS = [
  'راهنمای انتخاب هاست',
  'آموزش نصب وردپرس',
  'امنیت سایت و گواهی SSL',
  'سئو برای فروشگاه اینترنتی',
  'How to choose a VPS',
  'Backups that restore',
  'بهینه‌سازی سرعت سایت',
  'ثبت دامنهٔ ملی',
];
const THEME_WORDS = ['مینیمال', 'فروشگاهی', 'شرکتی', 'رستوران', 'Portfolio', 'Blog', 'پزشکی'];

const brands = (syllables: string[][]) =>
  (syllables[0] ?? []).flatMap((a) =>
    (syllables[1] ?? []).flatMap((b) => (syllables[2] ?? []).map((c) => `${a}${b}${c}`)),
  );
const LATIN_BRANDS = brands(LATIN_SYLLABLES);
const PERSIAN_BRANDS = brands(PERSIAN_SYLLABLES);

/** The product searches whose plans are kept in the results (EXPLAIN ANALYZE, BUFFERS). */
const EXPLAINED = [
  'هاست وردپرس',
  'hosting',
  LATIN_BRANDS[731] ?? '',
  'هاست وردپرس حرفه‌ای ایران لینوکس',
  'dedicated server with daily backups',
  'پشتيبان گيري',
];

/** The searchable form of one part (a product's name is one part: its words run together). */
const folded = (words: string[]) => words.map((word) => searchableText(word));

interface Query {
  call: 'products' | 'themes' | 'articles';
  label: string;
  q: string;
}

// Common and rare, short and long, Persian and English; each as a person would type it.
const QUERIES: Query[] = [
  { call: 'products', label: 'fa common', q: 'هاست' },
  { call: 'products', label: 'fa two words', q: 'سرور مجازی' },
  { call: 'products', label: 'fa Arabic ي/ك', q: 'پشتيبان گيري' },
  { call: 'products', label: 'fa half-space', q: 'سایت‌ساز حرفه‌ای' },
  { call: 'products', label: 'fa rare brand', q: PERSIAN_BRANDS[417] ?? '' },
  { call: 'products', label: 'fa digits', q: 'هاست ۱۲۳۴' },
  { call: 'products', label: 'fa long', q: 'هاست وردپرس حرفه‌ای ایران لینوکس' },
  { call: 'products', label: 'fa two letters', q: 'سر' },
  { call: 'products', label: 'en common', q: 'hosting' },
  { call: 'products', label: 'en two words', q: 'Cloud Hosting' },
  { call: 'products', label: 'en rare brand', q: LATIN_BRANDS[731] ?? '' },
  { call: 'products', label: 'en long', q: 'dedicated server with daily backups' },
  { call: 'products', label: 'no match', q: 'zzqxv' },
  { call: 'themes', label: 'fa', q: 'فروشگاهی' },
  { call: 'themes', label: 'en', q: 'portfolio' },
  { call: 'themes', label: 'fa rare', q: 'مینیمال ۴۲' },
  { call: 'articles', label: 'fa', q: 'وردپرس' },
  { call: 'articles', label: 'en', q: 'vps' },
  { call: 'articles', label: 'fa long', q: 'راهنمای انتخاب هاست' },
  { call: 'articles', label: 'fa rare', q: 'سئو ۷۷' },
];

const PATHS = {
  products: '/api/store/get-products',
  themes: '/api/store/get-product-themes',
  articles: '/api/information/get-informations',
} as const;

// Each request spells its query anew with trailing separators, which searchTokens drops: the
// SQL is the same, but the answer cache (keyed by the body as sent) cannot answer it.
const SEPARATORS = ['.', ',', '!', '?', '؟', '،', '؛'];
function spelling(q: string, n: number): string {
  let suffix = '';
  for (let rest = n; rest > 0; rest = Math.floor(rest / SEPARATORS.length)) {
    suffix += SEPARATORS[rest % SEPARATORS.length];
  }
  return `${q}${suffix}`;
}

function bodyOf(query: Query, n: number): unknown {
  const q = spelling(query.q, n);
  if (query.call === 'themes') return { productSlug: BUILDER_SLUG, q };
  return { q };
}

async function grow(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const timings: Record<string, number> = {};
  const timed = async (name: string, text: string, values: unknown[]) => {
    const started = performance.now();
    await client.query(text, values);
    timings[name] = Math.round(performance.now() - started);
  };
  try {
    const groups = await client.query<{ id: string; name: string }>(
      'select id, name from product_groups order by sort_order, slug',
    );
    await timed(
      'products',
      `insert into products (group_id, slug, name, summary, description, icon_url, popularity,
          sort_order, search_text)
        select g.id, 'search-' || n, name, summary, description, '/media/demo/groups/domains.svg',
          (n * 7919) % 1000, 1000 + n,
          p.name_s || ' ' || summary_s || ' ' || g.group_s || ' ' || description_s
        from (
          select n,
            case when n % 2 = 0
              then ($1::text[])[1 + (n / 2) % cardinality($1::text[])] || ' ' || ($3::text[])[1 + (n / 7) % cardinality($3::text[])] || ' ' || ($7::text[])[1 + ((n / 2) * 31) % cardinality($7::text[])] || ' ' || translate(n::text, '0123456789', '۰۱۲۳۴۵۶۷۸۹')
              else ($5::text[])[1 + (n / 2) % cardinality($5::text[])] || ' ' || ($9::text[])[1 + ((n / 2) * 31) % cardinality($9::text[])] || ' ' || n::text end as name,
            case when n % 2 = 0
              then ($2::text[])[1 + (n / 2) % cardinality($2::text[])] || ($4::text[])[1 + (n / 7) % cardinality($4::text[])] || ($8::text[])[1 + ((n / 2) * 31) % cardinality($8::text[])] || n::text
              else ($6::text[])[1 + (n / 2) % cardinality($6::text[])] || ($10::text[])[1 + ((n / 2) * 31) % cardinality($10::text[])] || n::text end as name_s,
            ($11::text[])[1 + (n / 3) % cardinality($11::text[])] as summary,
            ($12::text[])[1 + (n / 3) % cardinality($12::text[])] as summary_s,
            ($11::text[])[1 + (n / 5) % cardinality($11::text[])] || '. ' || ($11::text[])[1 + (n / 11) % cardinality($11::text[])] as description,
            ($12::text[])[1 + (n / 5) % cardinality($12::text[])] || ($12::text[])[1 + (n / 11) % cardinality($12::text[])] as description_s,
            1 + (n / 3) % $13::int as group_n
          from generate_series(1, $14::int) n
        ) p
        join (select id, group_s, row_number() over () as group_n
          from unnest($15::uuid[], $16::text[]) as t(id, group_s)) g using (group_n)`,
      [
        PERSIAN_KINDS,
        folded(PERSIAN_KINDS),
        PERSIAN_QUALITIES,
        folded(PERSIAN_QUALITIES),
        ENGLISH_KINDS,
        folded(ENGLISH_KINDS),
        PERSIAN_BRANDS,
        folded(PERSIAN_BRANDS),
        LATIN_BRANDS,
        folded(LATIN_BRANDS),
        SUMMARY_WORDS,
        folded(SUMMARY_WORDS),
        groups.rows.length,
        PRODUCTS,
        groups.rows.map((group) => group.id),
        groups.rows.map((group) => searchableText(group.name)),
      ],
    );
    await timed(
      'product_prices',
      `insert into product_prices (product_id, cycle, price_rial, sale_price_rial)
        select id, cycle, (1 + sort_order % 40) * 500000 * mult,
          case when sort_order % 9 = 0 then (1 + sort_order % 40) * 400000 * mult end
        from products, (values ('monthly', 1), ('annual', 10)) c(cycle, mult)
        where slug like 'search-%'`,
      [],
    );
    const themeCategories = await client.query<{ slug: string; name: string }>(
      'select slug, name from theme_categories order by sort_order, slug',
    );
    await timed(
      'themes',
      `insert into themes (slug, name, category_slug, tags, is_free, price_rial, popularity,
          search_text)
        select 'search-theme-' || n, name, c.slug, array[tag], n % 3 <> 0,
          case when n % 3 = 0 then 1000000 * (1 + n % 7) end, (n * 31) % 500,
          t.name_s || ' ' || c.category_s || ' ' || tag_s
        from (
          select n,
            ($1::text[])[1 + n % cardinality($1::text[])] || ' ' || translate(n::text, '0123456789', '۰۱۲۳۴۵۶۷۸۹') as name,
            ($2::text[])[1 + n % cardinality($2::text[])] || n::text as name_s,
            ($1::text[])[1 + (n / 7) % cardinality($1::text[])] as tag,
            ($2::text[])[1 + (n / 7) % cardinality($2::text[])] as tag_s,
            1 + n % $3::int as category_n
          from generate_series(1, $4::int) n
        ) t
        join (select slug, category_s, row_number() over () as category_n
          from unnest($5::text[], $6::text[]) as c(slug, category_s)) c using (category_n)`,
      [
        THEME_WORDS,
        folded(THEME_WORDS),
        themeCategories.rows.length,
        THEMES,
        themeCategories.rows.map((category) => category.slug),
        themeCategories.rows.map((category) => searchableText(category.name)),
      ],
    );
    await timed(
      'product_themes',
      `insert into product_themes (product_id, theme_id)
        select (select id from products where slug = $1), id from themes
        where slug like 'search-theme-%'`,
      [BUILDER_SLUG],
    );
    const articleCategories = await client.query<{ slug: string; name: string }>(
      'select slug, name from article_categories order by sort_order, slug',
    );
    await timed(
      'articles',
      `insert into articles (slug, title, summary, cover_url, body_html, category_slug,
          author_name, status, published_at, reading_minutes, search_text)
        select 'search-article-' || n, title, summary, '/media/demo/articles/hosting.svg',
          '<p>' || summary || '</p>', c.slug, 'تیم ویترین', 'published',
          now() - (n || ' hours')::interval, 1 + n % 9,
          title_s || ' ' || summary_s || ' ' || c.category_s || ' ' || summary_s
        from (
          select n,
            ($1::text[])[1 + n % cardinality($1::text[])] || ' ' || translate(n::text, '0123456789', '۰۱۲۳۴۵۶۷۸۹') as title,
            ($2::text[])[1 + n % cardinality($2::text[])] || n::text as title_s,
            ($3::text[])[1 + (n / 3) % cardinality($3::text[])] as summary,
            ($4::text[])[1 + (n / 3) % cardinality($4::text[])] as summary_s,
            1 + n % $5::int as category_n
          from generate_series(1, $6::int) n
        ) a
        join (select slug, category_s, row_number() over () as category_n
          from unnest($7::text[], $8::text[]) as c(slug, category_s)) c using (category_n)`,
      [
        ARTICLE_TOPICS,
        folded(ARTICLE_TOPICS),
        SUMMARY_WORDS,
        folded(SUMMARY_WORDS),
        articleCategories.rows.length,
        ARTICLES,
        articleCategories.rows.map((category) => category.slug),
        articleCategories.rows.map((category) => searchableText(category.name)),
      ],
    );
    if (WITHOUT_INDEX) {
      await client.query(
        'drop index products_search_trgm_idx, themes_search_trgm_idx, articles_search_trgm_idx',
      );
    }
    await timed('analyze', 'analyze', []);
    await checkSearchText(client);
  } finally {
    await client.end();
  }
  return timings;
}

/** The SQL-built search text must be exactly what the services would have stored. */
async function checkSearchText(client: pg.Client): Promise<void> {
  const products = await client.query<{
    name: string;
    summary: string;
    description: string;
    group_name: string;
    search_text: string;
  }>(`select p.name, p.summary, p.description, g.name as group_name, p.search_text
    from products p join product_groups g on g.id = p.group_id
    where p.slug like 'search-%' order by p.sort_order limit 300`);
  const themes = await client.query<{
    name: string;
    category_name: string;
    tags: string[];
    search_text: string;
  }>(`select t.name, c.name as category_name, t.tags, t.search_text
    from themes t join theme_categories c on c.slug = t.category_slug
    where t.slug like 'search-theme-%' limit 100`);
  const articles = await client.query<{
    title: string;
    summary: string;
    body_html: string;
    category_name: string;
    search_text: string;
  }>(`select a.title, a.summary, a.body_html, c.name as category_name, a.search_text
    from articles a join article_categories c on c.slug = a.category_slug
    where a.slug like 'search-article-%' limit 100`);
  const wrong = [
    ...products.rows.filter(
      (row) =>
        row.search_text !== searchableText(row.name, row.summary, row.group_name, row.description),
    ),
    ...themes.rows.filter(
      (row) => row.search_text !== searchableText(row.name, row.category_name, ...row.tags),
    ),
    ...articles.rows.filter(
      (row) =>
        row.search_text !==
        searchableText(row.title, row.summary, row.category_name, articlePlainText(row.body_html)),
    ),
  ];
  if (wrong.length > 0) {
    throw new Error(`seeded search_text differs from searchableText: ${JSON.stringify(wrong[0])}`);
  }
}

interface Sample {
  query: Query;
  ms: number;
  total: number;
}

let requestCounter = 0;

/** `CONNECTIONS` loops, each sending the next query as soon as its answer arrives. */
async function load(
  server: RunningServer,
  queries: Query[],
  seconds: number,
  baseline: boolean,
): Promise<{ samples: Sample[]; seconds: number }> {
  const samples: Sample[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  let next = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const query = queries[next++ % queries.length] as Query;
      const body = bodyOf(query, ++requestCounter);
      const path = baseline ? BASELINE_ROUTES.post.path : PATHS[query.call];
      const sent = performance.now();
      const response = await fetch(`${server.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      const ms = performance.now() - sent;
      if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
      const total = baseline ? 0 : (JSON.parse(text) as { data: { total: number } }).data.total;
      samples.push({ query, ms, total });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  return { samples, seconds: (performance.now() - started) / 1000 };
}

function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 10) / 10;
}

function figures(samples: Sample[], seconds: number) {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    requests: samples.length,
    requestsPerSecond: Math.round(samples.length / seconds),
    latencyMs: {
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      max: percentile(sorted, 1),
    },
  };
}

/**
 * Each product query's first page and total, as the store answers them, against one query that
 * ranks every match the way the store's list did before decision 0030's change (title matches
 * first, then popularity, order and id; every match counted): the run fails if a page differs,
 * or a total that is not marked as an estimate is not the count.
 */
async function checkProductPages(url: string): Promise<void> {
  const handle = await openDatabase({ url, dataDir: null });
  try {
    for (const { q } of QUERIES.filter((query) => query.call === 'products')) {
      const words = searchTokens(q).map((token) => `%${escapeLike(token)}%`);
      const inText = words.map((_, index) => `p.search_text like $${index + 1}`).join(' and ');
      const inTitle = words
        .map((_, index) => `split_part(p.search_text, ' ', 1) like $${index + 1}`)
        .join(' and ');
      const ranked = await handle.executeSql(
        `select p.id, count(*) over () as total from products p
        where p.status = 'active' and ${inText}
          and exists (select 1 from product_prices pp where pp.product_id = p.id)
        order by case when ${inTitle} then 0 else 1 end, p.popularity desc, p.sort_order, p.id
        limit 20`,
        words,
      );
      const rows = ranked.rows as Array<{ id: string; total: string }>;
      const list = await listProducts(handle.db, { q, page: 1, pageSize: 20, sort: 'popular' });
      const expected = rows.map((row) => row.id).join(' ');
      if (list.items.map((item) => item.id).join(' ') !== expected) {
        throw new Error(`the first page for «${q}» differs from the ranked query`);
      }
      const count = Number(rows[0]?.total ?? 0);
      if (list.totalIsEstimate ? count <= SEARCH_EXACT_TOTAL_LIMIT : list.total !== count) {
        throw new Error(`the total for «${q}» is ${list.total}, counted ${count}`);
      }
    }
  } finally {
    await handle.close();
  }
}

/**
 * The plans of each EXPLAINED product search as the store sends it: its statements are caught
 * on their way to the driver (the facets and the search sample, kept by the store's memo, are
 * read once before, and the sample's own plan is kept as `search sample`), then each is run
 * again under EXPLAIN (ANALYZE, BUFFERS). A search sends one statement (store.service.ts
 * `searchProductCards`), two for a page past the end of a counted search.
 */
async function explainProductSearches(url: string): Promise<Record<string, string>> {
  const handle = await openDatabase({ url, dataDir: null });
  const sent: Array<{ text: string; values: unknown[] }> = [];
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function caught(this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [{ text?: string; values?: unknown[] } | string, unknown[]];
    if (typeof first === 'object' && first.text) {
      sent.push({ text: first.text, values: first.values ?? second ?? [] });
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  const kept = new Map<string, unknown>();
  const memo = async <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    if (!kept.has(key)) kept.set(key, await compute());
    return kept.get(key) as T;
  };
  const plans: Record<string, string> = {};
  const explain = async (statement: { text: string; values: unknown[] }) => {
    const result = await handle.executeSql(
      `explain (analyze, buffers) ${statement.text}`,
      statement.values,
    );
    return (result.rows as Array<{ 'QUERY PLAN': string }>)
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  };
  try {
    await listProducts(handle.db, { page: 1, pageSize: 20, sort: 'popular' }, memo);
    sent.length = 0;
    await listProducts(handle.db, { q: 'zzqxv', page: 1, pageSize: 20, sort: 'popular' }, memo);
    const sampleStatement = sent.find((statement) =>
      /tablesample|search_text, group_id/.test(statement.text),
    );
    if (sampleStatement) plans['search sample'] = await explain(sampleStatement);
    for (const q of EXPLAINED) {
      sent.length = 0;
      await listProducts(handle.db, { q, page: 1, pageSize: 20, sort: 'popular' }, memo);
      const statements = [...sent];
      if (statements.length === 0) throw new Error(`no statement caught for ${q}`);
      const explained: string[] = [];
      for (const [index, statement] of statements.entries()) {
        explained.push(
          `-- statement ${index + 1} of ${statements.length}\n${await explain(statement)}`,
        );
      }
      plans[q] = explained.join('\n\n');
    }
  } finally {
    pg.Client.prototype.query = query as typeof pg.Client.prototype.query;
    await handle.close();
  }
  return plans;
}

async function statementsOf(server: RunningServer, reset: boolean) {
  const response = await fetch(`${server.origin}/bench/statements${reset ? '?reset' : ''}`);
  const counts = (await response.json()) as {
    routes: Record<string, { statementsPerRequest: number }>;
  };
  return counts.routes;
}

async function main(): Promise<number> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) throw new Error('BENCH_DATABASE_URL is required: this bench runs on PostgreSQL');
  const machine = machineDetails();
  const scratch = await createScratchDatabase(adminUrl, `vitrin_search_${process.pid}`);
  try {
    const handle = await openDatabase({ url: scratch.url, dataDir: null });
    try {
      await handle.migrate();
      await seedDemoData(handle.db, { secrets: new SecretBox(testConfig().secretKeys) });
    } finally {
      await handle.close();
    }
    console.log(
      `Search bench: ${PRODUCTS} products, ${THEMES} themes, ${ARTICLES} articles` +
        `${WITHOUT_INDEX ? ', WITHOUT the trigram indexes' : ''}; ${CONNECTIONS} connections, ` +
        `${WARMUP_S} s warm-up + ${DURATION_S} s per call, baseline then target`,
    );
    const seedMs = await grow(scratch.url);
    console.log(`  seeded in ${Object.values(seedMs).reduce((a, b) => a + b, 0)} ms`, seedMs);
    await checkProductPages(scratch.url);
    const plans = await explainProductSearches(scratch.url);
    for (const [q, plan] of Object.entries(plans)) console.log(`\nEXPLAIN ${q}\n${plan}`);
    if (SEED_ONLY) return 0;

    const baselineServer = await startServer('baseline');
    const targetServer = await startServer('target', [`--existing-database=${scratch.url}`]);
    const calls = [];
    for (const call of ['products', 'themes', 'articles'] as const) {
      const queries = QUERIES.filter((query) => query.call === call);
      console.log(`- ${call}`);
      await load(baselineServer, queries, WARMUP_S, true);
      const baseline = await load(baselineServer, queries, DURATION_S, true);
      await load(targetServer, queries, WARMUP_S, false);
      await statementsOf(targetServer, true);
      const target = await load(targetServer, queries, DURATION_S, false);
      const statements = (await statementsOf(targetServer, false))[PATHS[call]];
      const baselineFigures = figures(baseline.samples, baseline.seconds);
      const targetFigures = figures(target.samples, target.seconds);
      calls.push({
        call,
        path: PATHS[call],
        baseline: baselineFigures,
        target: targetFigures,
        ratio:
          Math.round((targetFigures.requestsPerSecond / baselineFigures.requestsPerSecond) * 1000) /
          1000,
        statementsPerRequest: statements?.statementsPerRequest,
        queries: queries.map((query) => {
          const own = target.samples.filter((sample) => sample.query === query);
          const sorted = own.map((sample) => sample.ms).sort((a, b) => a - b);
          return {
            label: query.label,
            q: query.q,
            found: own[0]?.total ?? 0,
            requests: own.length,
            p50: percentile(sorted, 0.5),
            p95: percentile(sorted, 0.95),
            p99: percentile(sorted, 0.99),
          };
        }),
      });
    }
    await stopAllChildren();

    for (const result of calls) {
      console.log(
        `\n${result.call}: baseline ${result.baseline.requestsPerSecond} req/s, target ` +
          `${result.target.requestsPerSecond} req/s (ratio ${result.ratio}), target p50/p95/p99 ` +
          `${result.target.latencyMs.p50}/${result.target.latencyMs.p95}/${result.target.latencyMs.p99} ms, ` +
          `baseline p95 ${result.baseline.latencyMs.p95} ms, SQL/req ${result.statementsPerRequest}`,
      );
      console.table(result.queries);
    }
    if (WITHOUT_INDEX || PRODUCTS !== 100_000) {
      console.log('Not written: a recorded file is a run at 100,000 products with the indexes.');
      return 0;
    }
    writeReport(
      'search',
      machine,
      {
        products: PRODUCTS,
        themes: THEMES,
        articles: ARTICLES,
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_S,
        durationSeconds: DURATION_S,
      },
      { seedMs, calls, productSearchPlans: plans },
    );
    return 0;
  } finally {
    await stopAllChildren();
    if (KEEP) console.log(`Kept: ${scratch.url}`);
    else await scratch.drop();
  }
}

await runBench(main);
