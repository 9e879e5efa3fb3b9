import {
  BILLING_DOCUMENT_KINDS,
  type BillingDocumentKind,
  type PathInput,
} from '@vitrin/contracts';
import { parseDateText, toJalaliParts, toLatinDigits } from '@vitrin/fa';
import { readCursorParam } from '../../../../lib/list-cursor';
import { readChoice, readPage, toSearchParams } from '../../../../lib/url-params';

// The documents list keeps its filters in the address (?q=&kind=&from=&to=&page=&after=), as the
// orders list does. The dates are typed as the orders filter takes them (Jalali `1405/08/01` or
// ISO) but search-documents takes instants, so they are read here: a Jalali day counts whole,
// from its first instant in Tehran up to the next day's first (the call's `to` is exclusive).

export type SearchInput = PathInput<'/api/admin/billing/search-documents'>;
export type SearchableKind = NonNullable<SearchInput['kind']>;

/** A pro-forma is drawn on demand, never stored: the search finds the other three. */
export const SEARCHABLE_KINDS = BILLING_DOCUMENT_KINDS.filter(
  (kind): kind is SearchableKind => kind !== 'proforma',
);

/** Short names for the filter and the list (the documents' own titles are longer). */
export const DOCUMENT_KIND_LABELS: Record<BillingDocumentKind, string> = {
  proforma: 'پیش‌فاکتور',
  sales: 'صورتحساب فروش',
  'credit-note': 'برگشت از فروش',
  receipt: 'رسید',
};

export const DOCUMENT_QUERY_MAX_LENGTH = 60;
export const DOCUMENT_DATE_MAX_LENGTH = 64;

export interface DocumentFilters {
  query: string;
  kind: SearchableKind | null;
  from: string;
  to: string;
  page: number;
  /** The cursor the page was reached by (decision 0033); null on a page reached by number. */
  after: string | null;
}

function readText(params: URLSearchParams, key: string, max: number): string {
  return (readChoice(params, key) ?? '').slice(0, max).trim();
}

function isSearchableKind(value: string): value is SearchableKind {
  return (SEARCHABLE_KINDS as readonly string[]).includes(value);
}

export const documentFilterCodec = {
  parse: (params: URLSearchParams): DocumentFilters => {
    const kind = readChoice(params, 'kind');
    return {
      query: readText(params, 'q', DOCUMENT_QUERY_MAX_LENGTH),
      kind: kind !== null && isSearchableKind(kind) ? kind : null,
      from: readText(params, 'from', DOCUMENT_DATE_MAX_LENGTH),
      to: readText(params, 'to', DOCUMENT_DATE_MAX_LENGTH),
      page: readPage(params),
      after: readCursorParam(params),
    };
  },
  write: (filters: DocumentFilters) =>
    toSearchParams([
      ['q', filters.query.trim()],
      ['kind', filters.kind],
      ['from', filters.from.trim()],
      ['to', filters.to.trim()],
      ['page', filters.page],
      ['after', filters.after],
    ]),
};

/** Whether the list is narrowed (the page does not narrow it). */
export function hasDocumentFilters(filters: DocumentFilters): boolean {
  return filters.query !== '' || filters.kind !== null || filters.from !== '' || filters.to !== '';
}

export const DATE_FILTER_MESSAGE = 'تاریخ را مانند ۱۴۰۵/۰۸/۰۱ بنویسید';
export const DATE_ORDER_MESSAGE = 'تاریخ پایان پیش از تاریخ آغاز است';

const DAY_AND_A_HALF_MS = 36 * 3_600_000;

/** Typed text that names a whole day (Jalali), not an instant (ISO, which has a `T`). */
function isDayText(text: string): boolean {
  return !/t/i.test(toLatinDigits(text));
}

function readDate(text: string): Date | null {
  try {
    return parseDateText(text);
  } catch {
    return null;
  }
}

/**
 * The first instant of the Tehran day after the one `dayStart` begins. Half a day past a whole
 * one is inside the next day whether that day had 23, 24 or 25 hours (Tehran kept DST to 2022).
 */
function nextDayStart(dayStart: Date): Date {
  const { year, month, day } = toJalaliParts(new Date(dayStart.getTime() + DAY_AND_A_HALF_MS));
  return parseDateText(`${year}/${month}/${day}`);
}

export type SearchRequest =
  | { ok: true; input: SearchInput }
  | { ok: false; errors: Partial<Record<'from' | 'to', string>> };

/** The filters as search-documents takes them, or the Persian reason a date cannot be read. */
export function documentSearchInput(filters: DocumentFilters, pageSize: number): SearchRequest {
  const input: SearchInput = { page: filters.page, pageSize };
  if (filters.after) input.after = filters.after;
  // Numbers, mobiles and national codes are stored in Latin digits and matched as typed.
  if (filters.query) input.query = toLatinDigits(filters.query);
  if (filters.kind) input.kind = filters.kind;
  const errors: Partial<Record<'from' | 'to', string>> = {};
  const from = filters.from ? readDate(filters.from) : null;
  const to = filters.to ? readDate(filters.to) : null;
  if (filters.from && from === null) errors.from = DATE_FILTER_MESSAGE;
  if (filters.to && to === null) errors.to = DATE_FILTER_MESSAGE;
  const toEnd = to && isDayText(filters.to) ? nextDayStart(to) : to;
  if (from && toEnd && toEnd <= from) errors.to = DATE_ORDER_MESSAGE;
  if (errors.from || errors.to) return { ok: false, errors };
  if (from) input.from = from.toISOString();
  if (toEnd) input.to = toEnd.toISOString();
  return { ok: true, input };
}
