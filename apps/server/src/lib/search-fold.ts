import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

// The staff console's searches (customers, tickets, documents) keep their searched text folded
// in a generated column with a trigram index (decision 0031, "Staff text searches"), so PostgreSQL
// itself keeps it up to date on every write. The fold is packages/fa `searchTokens`' in SQL:
// NFC, Arabic letters as Persian (ي → ی, ك → ک, …), Persian and Arabic-Indic digits as Latin,
// lower case, and the spaces, half-spaces (ZWNJ), tatweel and diacritics dropped, so each word
// of a query (`searchTokens`) is a substring of the stored text exactly when it was of the text
// folded at query time. Every function used is IMMUTABLE, as a generated column requires.

const ARABIC_FORMS = 'يىئكةۀأإٱؤ';
const PERSIAN_FORMS = 'یییکههاااو';
const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC_INDIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const LATIN_DIGITS = '0123456789';
// Spaces (the Unicode ones JavaScript's \s knows, listed: PostgreSQL's \s follows the locale),
// ZWNJ/ZWJ and the direction marks, tatweel, and the marks packages/fa drops.
const DROPPED =
  '[\\s\\u00a0\\u1680\\u2000-\\u200f\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff\\u0640\\u064b-\\u065f\\u0670\\u06d6-\\u06ed]';

function literal(text: string): SQL {
  return sql.raw(`'${text.replaceAll("'", "''")}'`);
}

/**
 * `text` folded for searching, as an SQL expression of its column(s); null folds to ''.
 * Constants are written into the SQL (not bound), as a generated column's expression needs.
 */
export function foldedForSearch(text: SQLWrapper): SQL {
  return sql`regexp_replace(translate(lower(normalize(coalesce(${text}, ''), NFC)), ${literal(
    ARABIC_FORMS + PERSIAN_DIGITS + ARABIC_INDIC_DIGITS,
  )}, ${literal(PERSIAN_FORMS + LATIN_DIGITS + LATIN_DIGITS)}), ${literal(DROPPED)}, '', 'g')`;
}

/** Parts of a text folded and kept apart by one space (a folded part holds no space). */
export function foldedParts(...parts: SQLWrapper[]): SQL {
  return sql.join(
    parts.map((part) => foldedForSearch(part)),
    sql.raw(` || ' ' || `),
  );
}

/** The `index`-th (1-based) part of a column written by `foldedParts`. */
export function foldedPart(column: SQLWrapper, index: number): SQL {
  return sql`split_part(${column}, ' ', ${sql.raw(String(index))})`;
}
