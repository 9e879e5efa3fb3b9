import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { AppError } from './app-error';

// A list's `total` (API.md "Lists") without counting millions of rows on every page
// (docs/decisions/0031): rows are counted up to EXACT_TOTAL_LIMIT; past it the total is
// PostgreSQL's own estimate of the query's rows, never less than what was counted, and the
// answer says it is an estimate.

/** Up to this many matching rows a list's total is exact. */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * Up to this many rows a text search's total is exact, as the store search's (decision 0030):
 * a word most rows contain matches scattered rows, which cost a heap visit each to count,
 * where an unsearched list counts from an index alone (decision 0031, "Staff text searches").
 */
export const SEARCH_EXACT_TOTAL_LIMIT = 1_000;

export interface ListTotal {
  total: number;
  /** True when `total` is the planner's estimate (more rows match than were counted). */
  totalIsEstimate: boolean;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The planner's row estimate for `rows` (EXPLAIN, nothing executed). */
export async function estimatedRows(db: Database | Transaction, rows: SQLWrapper): Promise<number> {
  const [line] = rowsOf<{ 'QUERY PLAN': unknown }>(
    await db.execute(sql`explain (format json) ${rows}`),
  );
  const plan = line?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{
    Plan: { 'Plan Rows': number };
  }>;
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}

/** How many rows `rows` (a query) answers, counted. */
export async function countRows(db: Database | Transaction, rows: SQLWrapper): Promise<number> {
  const [counted] = rowsOf<{ total: number | string }>(
    await db.execute(sql`select count(*)::int as total from (${rows}) as counted`),
  );
  return Number(counted?.total ?? 0);
}

/**
 * How many rows `rows` (a `select 1 from … where …` of the list, without order or paging)
 * answers: exact up to `exactUpTo` (EXACT_TOTAL_LIMIT; SEARCH_EXACT_TOTAL_LIMIT for a text
 * search), an estimate beyond it.
 */
export async function listTotal(
  db: Database | Transaction,
  rows: SQLWrapper,
  exactUpTo: number = EXACT_TOTAL_LIMIT,
): Promise<ListTotal> {
  const total = await countRows(db, sql`${rows} limit ${exactUpTo + 1}`);
  if (total <= exactUpTo) return { total, totalIsEstimate: false };
  const estimate = await estimatedRows(db, rows);
  return { total: Math.max(exactUpTo + 1, estimate), totalIsEstimate: true };
}

/** A keyset cursor: the sort key of the last row of a page, opaque to the client. */
export interface Cursor {
  /** A timestamp as PostgreSQL writes it (microseconds kept). */
  at: string;
  /** The tie-breaker: an id or a number, as text. */
  key: string;
}

// 2026-11-27 22:28:50.123456+00, as timestamptz::text writes it.
const TIMESTAMP_TEXT =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(:\d{2})?$/;

/** A real instant in PostgreSQL's text form: PostgreSQL will read it back without an error. */
function isTimestampText(text: string): boolean {
  const parts = TIMESTAMP_TEXT.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second, offset] = [1, 2, 3, 4, 5, 6, 8].map((index) =>
    Number(parts[index]),
  ) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1970 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    offset <= 14
  );
}

const CURSOR_NOT_UNDERSTOOD = 'این صفحه دیگر در دسترس نیست؛ فهرست را از ابتدا باز کنید';

/** A 400 on the `after` field: the list cannot go on from that cursor. */
export function cursorNotUnderstood(): AppError {
  return new AppError('VALIDATION', CURSOR_NOT_UNDERSTOOD, {
    fields: { after: CURSOR_NOT_UNDERSTOOD },
  });
}

/** A row id as a cursor's key. */
export const UUID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor a list was sent, its key of the list's own form (`key`); a 400 otherwise. */
export function readCursor(after: string, key: RegExp): Cursor {
  const cursor = decodeCursor(after);
  if (!cursor || !key.test(cursor.key)) throw cursorNotUnderstood();
  return cursor;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.key])).toString('base64url');
}

/** The cursor a client sent back, or null when it is not one of ours. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, key] = value as unknown[];
    if (typeof at !== 'string' || typeof key !== 'string' || key.length > 64) return null;
    return isTimestampText(at) ? { at, key } : null;
  } catch {
    return null;
  }
}

/** `timestamptz::text`, to carry a row's time into its cursor without losing microseconds. */
export function timestampText(column: SQLWrapper): SQL<string> {
  return sql<string>`${column}::text`;
}
