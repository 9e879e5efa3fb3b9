// Lists that page by cursor (decision 0033). A page is reached either by its number (the server
// skips the rows before it with OFFSET, whose cost grows with the depth) or by the cursor the
// page before it answered (`nextCursor`, sent back as `after`: as cheap at page 2,000 as at
// page 2). The address keeps the page's number, for the reader, and its cursor, so a reload or a
// shared link shows the same rows; the cursors of the pages before it ride in the history entry
// (the trail), so «قبلی» goes back by cursor too. Without a trail (a shared link), the pages
// before are reached by number.

import { readPage, toSearchParams } from './url-params';

/** Where a list is: its page number and the cursor that page was reached by (null: by number). */
export interface ListPosition {
  page: number;
  after: string | null;
}

/** A step of the pager: where to go and the trail the history entry there keeps. */
export interface ListMove extends ListPosition {
  /** The `after` of each page before `page`, first page first (null: reached by number). */
  trail: Array<string | null>;
}

/** What the pager reads of a list's answer. */
export interface CursorPage {
  items: readonly unknown[];
  total: number;
  totalIsEstimate?: boolean | undefined;
  nextCursor?: string | null | undefined;
}

/** The server's cursors are base64url of a short JSON; anything else is no cursor. */
const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,200}$/;

/** The cursor in the address (`after`), or null when missing or not one the server could give. */
export function readCursorParam(params: URLSearchParams, key = 'after'): string | null {
  const value = params.get(key)?.trim();
  return value && CURSOR_TEXT.test(value) ? value : null;
}

/** The key under which a list keeps its trail in the history entry's state. */
const TRAIL_KEY = 'listTrail';

/** The history state that carries a move's trail. */
export function trailState(trail: ReadonlyArray<string | null>): Record<string, unknown> {
  return { [TRAIL_KEY]: trail };
}

/**
 * The trail of the page at `position`, read from its history entry's state: one entry a page
 * before it. A missing or foreign state (a shared link, a hand-edited address) is a trail of
 * nulls, each page before reached by its number.
 */
export function readTrail(state: unknown, position: ListPosition): Array<string | null> {
  const length = Math.max(0, position.page - 1);
  const kept =
    typeof state === 'object' && state !== null
      ? (state as Record<string, unknown>)[TRAIL_KEY]
      : undefined;
  const valid =
    Array.isArray(kept) &&
    kept.length === length &&
    kept.every((entry) => entry === null || (typeof entry === 'string' && CURSOR_TEXT.test(entry)));
  return valid ? (kept as Array<string | null>) : Array.from({ length }, () => null);
}

/**
 * The page after this one: by the cursor the server answered, or by number where the list's
 * sort has no cursor (the orders by amount); null on the last page. A page that is not full is
 * the last; so is a full one when the exact total ends with it.
 */
export function nextMove(
  position: ListPosition,
  trail: ReadonlyArray<string | null>,
  answer: CursorPage,
  pageSize: number,
): ListMove | null {
  const full = answer.items.length >= pageSize;
  const countedToEnd = !answer.totalIsEstimate && position.page * pageSize >= answer.total;
  if (!full || countedToEnd) return null;
  return {
    page: position.page + 1,
    after: answer.nextCursor ?? null,
    trail: [...trail, position.after],
  };
}

/** The page before this one: by the cursor kept in the trail, or by number; null on the first. */
export function previousMove(
  position: ListPosition,
  trail: ReadonlyArray<string | null>,
): ListMove | null {
  if (position.page <= 1) return null;
  return {
    page: position.page - 1,
    after: trail[position.page - 2] ?? null,
    trail: trail.slice(0, position.page - 2),
  };
}

/** The first page: no cursor, no trail. */
export const FIRST_PAGE: ListMove = { page: 1, after: null, trail: [] };

/** How many pages the list has, as far as its total says (at least the page shown). */
export function pageCount(position: ListPosition, answer: CursorPage, pageSize: number): number {
  return Math.max(position.page, Math.ceil(answer.total / pageSize));
}

/**
 * The address codec of a cursor list with no filters (`useFilterParams`): its page and, past
 * the first, the cursor it was reached by (?page=&after=).
 */
export const cursorPageCodec = {
  parse: (params: URLSearchParams): ListPosition => ({
    page: readPage(params),
    after: readCursorParam(params),
  }),
  write: ({ page, after }: ListPosition) =>
    toSearchParams([
      ['page', page],
      ['after', after],
    ]),
};
