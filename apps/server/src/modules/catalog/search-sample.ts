import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

// A store search picks its plan, and past SEARCH_EXACT_TOTAL_LIMIT its total, from how many
// products hold its words together (decision 0030). PostgreSQL's estimate multiplies the words'
// shares as if they were unrelated, and a query's words go together: it put «سرور مجازی» at a
// fifth of its 21,115 products and "dedicated server with daily backups" far under its 1,704.
// A random sample of the active products, kept in the process with the catalog's answers, is
// asked instead: every word of a query is counted on the same rows, so the words' overlap is
// measured, not assumed, and no statement is sent for it.

/** How many active products a sample holds; a smaller catalog is sampled whole. */
export const SEARCH_SAMPLE_ROWS = 5_000;

/** Words whose rows a sample keeps (the first asked go first): a store's searches repeat. */
const KEPT_WORDS = 1_000;

/** A row's flags for one word: its text holds the word, and so does its title. */
const IN_TEXT = 1;
const IN_TITLE = 2;

interface SampleRow {
  text: string;
  title: string;
  groupId: string;
  /** The headline price (effective), as the store's price filter reads it. */
  price: number | null;
}

export interface SearchSample {
  /** How many active products there were when the sample was drawn. */
  population: number;
  rows: SampleRow[];
  /** For each word asked so far, one flag byte per row (IN_TEXT, IN_TITLE). */
  words: Map<string, Uint8Array>;
}

/**
 * Draws the sample: about SEARCH_SAMPLE_ROWS of the `population` active products, each kept
 * with the same chance (`tablesample bernoulli`), all of them in a smaller catalog.
 * `headlinePrice` is the effective price of a product's shortest cycle, for the price filter.
 */
export async function drawSearchSample(
  db: Database,
  population: number,
  headlinePrice: SQL,
): Promise<SearchSample> {
  const percent = population <= SEARCH_SAMPLE_ROWS ? 100 : (100 * SEARCH_SAMPLE_ROWS) / population;
  const sampled = percent >= 100 ? sql`products` : sql`products tablesample bernoulli (${percent})`;
  const result = await db.execute(sql`
    select search_text, group_id, (${headlinePrice}) as price
    from ${sampled} where status = 'active'`);
  const rows = (
    result as unknown as {
      rows: Array<{ search_text: string; group_id: string; price: string | number | null }>;
    }
  ).rows;
  return {
    population,
    rows: rows.map((row) => ({
      text: row.search_text,
      title: row.search_text.split(' ', 1)[0] ?? '',
      groupId: row.group_id,
      price: row.price === null ? null : Number(row.price),
    })),
    words: new Map(),
  };
}

/** How much memory a sample holds, about (for the cache's budget). */
export function sampleBytes(sample: SearchSample): number {
  let bytes = 0;
  for (const row of sample.rows) bytes += 2 * (row.text.length + row.title.length) + 96;
  return bytes + (KEPT_WORDS + 1) * sample.rows.length;
}

function wordFlags(sample: SearchSample, word: string): Uint8Array {
  const kept = sample.words.get(word);
  if (kept) return kept;
  const flags = new Uint8Array(sample.rows.length);
  sample.rows.forEach((row, index) => {
    if (row.text.includes(word))
      flags[index] = row.title.includes(word) ? IN_TEXT | IN_TITLE : IN_TEXT;
  });
  if (sample.words.size >= KEPT_WORDS) {
    const oldest = sample.words.keys().next().value;
    if (oldest !== undefined) sample.words.delete(oldest);
  }
  sample.words.set(word, flags);
  return flags;
}

export interface WordEstimate {
  word: string;
  /** Active products (passing the filters) whose text holds the word. */
  matches: number;
  /** The same for their title. */
  titleMatches: number;
}

export interface SearchEstimate {
  /** Active products (passing the filters) whose text holds every word. */
  matches: number;
  /**
   * Fewer matches than this is unlikely: the sample's count less three standard deviations
   * (one chance in about 700), scaled; `matches` itself when the sample is the whole catalog.
   */
  matchesAtLeast: number;
  /** Those whose title holds every word (they come first in the list). */
  titleMatches: number;
  words: WordEstimate[];
}

/**
 * The estimated counts of a search with `words` among the sampled products that `keep` lets
 * through (the list's group and price range).
 */
export function estimateSearch(
  sample: SearchSample,
  words: string[],
  keep: (row: SampleRow) => boolean,
): SearchEstimate {
  const scale = sample.rows.length === 0 ? 0 : sample.population / sample.rows.length;
  const flags = words.map((word) => wordFlags(sample, word));
  let all = 0;
  let allInTitle = 0;
  const inText = words.map(() => 0);
  const inTitle = words.map(() => 0);
  sample.rows.forEach((row, index) => {
    if (!keep(row)) return;
    let everyInText = true;
    let everyInTitle = true;
    flags.forEach((wordFlag, word) => {
      const flag = wordFlag[index] ?? 0;
      if (flag & IN_TEXT) inText[word] = (inText[word] ?? 0) + 1;
      else everyInText = false;
      if (flag & IN_TITLE) inTitle[word] = (inTitle[word] ?? 0) + 1;
      else everyInTitle = false;
    });
    if (everyInText) all += 1;
    if (everyInTitle) allInTitle += 1;
  });
  const whole = sample.rows.length >= sample.population;
  return {
    matches: Math.round(all * scale),
    matchesAtLeast: whole ? all : Math.max(0, Math.floor((all - 3 * Math.sqrt(all)) * scale)),
    titleMatches: Math.round(allInTitle * scale),
    words: words.map((word, index) => ({
      word,
      matches: Math.round((inText[index] ?? 0) * scale),
      titleMatches: Math.round((inTitle[index] ?? 0) * scale),
    })),
  };
}
