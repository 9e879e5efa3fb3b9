import { SEARCH_QUERY_MAX_LENGTH } from '@vitrin/contracts';
import { toLatinDigits } from '@vitrin/fa';

// Filter state lives in the address (?q=&page=…) so back, forward and shared links show the same
// list. Reading is forgiving: a hand-edited or stale parameter falls back to "no filter" rather
// than breaking the page; what only the server can judge (an unknown group) is left to it.

/** A search text: trimmed, cut to what the API accepts; '' when missing. */
export function readSearchText(params: URLSearchParams, key = 'q'): string {
  return (params.get(key) ?? '').trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
}

/** A slug-like choice (a group, a category); null when missing or blank. */
export function readChoice(params: URLSearchParams, key: string): string | null {
  const value = params.get(key)?.trim();
  return value ? value : null;
}

/**
 * A whole number ≥ 0 in Latin or Persian digits, with or without thousands separators (people
 * paste '۱٬۲۰۰٬۰۰۰'); null when missing or not a whole number.
 */
export function readWholeNumber(params: URLSearchParams, key: string): number | null {
  const raw = toLatinDigits(params.get(key) ?? '').replace(/[\s,\u066c\u060c_]/g, '');
  if (!/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/** The page number: a whole number from 1; 1 when missing or unreadable. */
export function readPage(params: URLSearchParams, key = 'page'): number {
  const page = readWholeNumber(params, key);
  return page !== null && page >= 1 && page <= 100_000 ? page : 1;
}

/** A yes/no switch written as `1`; anything else is no. */
export function readFlag(params: URLSearchParams, key: string): boolean {
  return params.get(key) === '1';
}

type ParamValue = string | number | boolean | null | undefined;

/**
 * Writes filters as address parameters in the order given, leaving out empty ones, `false`
 * and the first page, so a plain list has a plain address.
 */
export function toSearchParams(entries: ReadonlyArray<readonly [string, ParamValue]>) {
  const params = new URLSearchParams();
  for (const [key, value] of entries) {
    if (value === null || value === undefined || value === false || value === '') continue;
    if (key === 'page' && value === 1) continue;
    params.set(key, value === true ? '1' : String(value));
  }
  return params;
}
