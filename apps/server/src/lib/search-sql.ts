import { searchTokens } from '@vitrin/fa';
import { and, type Column, like, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

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
  const words = searchWordConditions(column, query);
  return words.length === 0 ? undefined : and(...words);
}

/** One condition per word of the query ("this word occurs in the column"); none when blank. */
export function searchWordConditions(
  column: Column | SQLWrapper,
  query: string | undefined,
): SQL[] {
  const tokens = query ? searchTokens(query) : [];
  return tokens.map((token) => like(column as Column, `%${escapeLike(token)}%`));
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
