import { normalizeMobile, searchTokens, toLatinDigits } from '@vitrin/fa';
import { and, type Column, eq, like, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** `text` for a LIKE pattern: its `%`, `_` and `\\` match themselves (the default escape). */
export function escapeLike(token: string): string {
  return token.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The SQL condition "every word of the query occurs in this searchable column" (the column
 * holds packages/fa `searchableText`). Undefined for a blank query: no condition at all.
 * `like`, not `ilike`: the stored text and the query's tokens are both lower case already
 * (packages/fa folds them), and `ilike` lower-cases every row it reads again, which on Persian
 * text cost more than the rest of the search (decision 0030). The trigram index serves both.
 */
export function matchesSearchQuery(
  column: Column | SQLWrapper,
  query: string | undefined,
): SQL | undefined {
  const tokens = query ? searchTokens(query) : [];
  return tokens.length === 0 ? undefined : and(...tokens.map((token) => holdsToken(column, token)));
}

/** Below this many letters a word has no trigram: no trigram index can find it. */
const TRIGRAM_LENGTH = 3;

/**
 * "The column holds `token`" in the form the trigram index serves (`like '%token%'`): PostgreSQL
 * reads the rows whose text has every trigram of the token, then checks each. A word of one or
 * two letters has no trigram, so it is checked on every row read: by `strpos`, which finds it in
 * about half the time `like` does on Persian text (100,000 customers' names, «مر»: 14 → 6 ms).
 */
export function holdsToken(column: Column | SQLWrapper, token: string): SQL {
  if (token.length < TRIGRAM_LENGTH) return sql`strpos(${column}, ${token}) > 0`;
  return like(column as Column, `%${escapeLike(token)}%`);
}

/**
 * "The column holds every one of `tokens`" in a form no index serves: checked on the rows read
 * some other way (in the list's order, or from the trigram index by another word). One
 * comparison (`least(strpos(…), …) > 0`), so the planner's guess for it is its default third of
 * the rows however many words there are, not a third to the power of their number: that guess
 * would make it read the whole table and sort it rather than stop after the page. Undefined for
 * no tokens.
 */
export function holdsEveryToken(column: Column | SQLWrapper, tokens: string[]): SQL | undefined {
  if (tokens.length === 0) return undefined;
  return sql`least(${sql.join(
    tokens.map((token) => sql`strpos(${column}, ${token})`),
    sql`, `,
  )}) > 0`;
}

/**
 * Whether PostgreSQL's trigram index can serve `like '%token%'`: pg_trgm takes trigrams only
 * from runs of three or more letters or digits; a shorter token would read the whole index.
 */
export function trigramIndexable(token: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(token);
}

/** The title part of a `searchableText` column: its first part (`products_title_trgm_idx`). */
export function searchTitle(column: Column): SQL {
  return sql`split_part(${column}, ' ', 1)`;
}

/**
 * The order terms that put search results whose title matches first: those with every word
 * of the query in the title (the first part of a `searchableText` column). None for no query.
 */
export function titleMatchFirst(column: Column, query: string | undefined): SQL[] {
  const inTitle = matchesSearchQuery(searchTitle(column), query);
  return inTitle ? [sql`case when ${inTitle} then 0 else 1 end`] : [];
}

// What people put around the digits of a number they paste: spaces, dashes, brackets, dots, and
// the direction marks RTL pages add.
const NUMBER_SEPARATORS = /[\s\-().\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;
// A number written with its country or trunk prefix: what follows is the start of `9…`.
const PREFIXED_NUMBER = /^(?:\+98|0098|98|0)(9\d*)$/;

/**
 * The condition for a query that is a mobile number or a part of one, in any form people type,
 * on a column holding E.164 numbers: a whole number is matched exactly, one with its prefix
 * (`0912…`, `+98912…`, `98912…`) by its start, and bare digits (`1234567`, `912…`) anywhere in
 * the number. Undefined when the query is not digits.
 */
export function mobileMatches(column: Column, query: string): SQL | undefined {
  const compact = toLatinDigits(query).replace(NUMBER_SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  const whole = normalizeMobile(query);
  if (whole) return eq(column, whole);
  const prefixed = PREFIXED_NUMBER.exec(compact);
  if (prefixed?.[1]) return like(column, `+98${prefixed[1]}%`);
  return like(column, `%${escapeLike(compact.replace(/^\+/, ''))}%`);
}
