import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { encodeCursor, readCursor, UUID_KEY } from './list-total';

// The panel's lists (services, orders, tickets) answer a page of the person's rows, optionally
// of one status, with how many they have in every status whatever the filter: the chips. Each
// is newest first by a time and a tie-breaker, and continues from a cursor (`after`, decision
// 0033) as well as from a page number.

export interface StatusPageQuery<S extends string> {
  status?: S | undefined;
  page: number;
  pageSize: number;
  /** The `nextCursor` of the page before: the page starts after that row, not at an offset. */
  after?: string | undefined;
}

/** A newest-first list's order: a time, then a tie-breaker (an order or ticket number, an id). */
export interface NewestFirst {
  time: PgColumn;
  key: PgColumn;
  /** The tie-breaker's form: a number (`int`) or a row id (`uuid`). */
  keyForm: 'number' | 'id';
}

const NUMBER_KEY = /^\d{1,9}$/;

/**
 * The rows after the cursor `after` in a newest-first list, through the index on (owner, time):
 * (time, key) below the cursor's; undefined without a cursor. A cursor that is not one of ours,
 * or of another form of key, is a 400 on `after`.
 */
export function afterCursor(order: NewestFirst, after: string | undefined): SQL | undefined {
  if (!after) return undefined;
  const numbered = order.keyForm === 'number';
  const cursor = readCursor(after, numbered ? NUMBER_KEY : UUID_KEY);
  const key = numbered ? sql`${Number(cursor.key)}::int` : sql`${cursor.key}::uuid`;
  return sql`(${order.time}, ${order.key}) < (${cursor.at}::timestamptz, ${key})`;
}

/**
 * The cursor of the page after this one: its last row's time (as `timestamptz::text`) and
 * tie-breaker; null when the page was not full.
 */
export function nextCursorOf<R>(
  rows: readonly R[],
  pageSize: number,
  keyOf: (row: R) => { at: string; key: string | number },
): string | null {
  const last = rows.at(-1);
  if (!last || rows.length < pageSize) return null;
  const { at, key } = keyOf(last);
  return encodeCursor({ at, key: String(key) });
}

/** `owned`, narrowed to rows in `status` when one is asked for. */
export function withStatus<S extends string>(
  owned: SQL,
  column: PgColumn,
  status: S | undefined,
): SQL | undefined {
  return status ? and(owned, eq(column, status)) : owned;
}

/** How many rows of the page come before it; none when it starts after a cursor. */
export function pageOffset(query: StatusPageQuery<string>): number {
  return query.after ? 0 : (query.page - 1) * query.pageSize;
}

/** How many of the `owned` rows are in each status: every status, 0 when none is. */
export async function countByStatus<S extends string>(
  db: Database,
  column: PgColumn,
  statuses: readonly S[],
  owned: SQL,
): Promise<Record<S, number>> {
  const rows = await db
    .select({ status: column, total: count() })
    .from(column.table)
    .where(owned)
    .groupBy(column);
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const row of rows) counts[row.status as S] = row.total;
  return counts;
}

/**
 * The page's items with `total` (of the status asked for, or of all), the counts and the cursor
 * of the page after it.
 */
export function statusPage<S extends string, T>(
  items: T[],
  counts: Record<S, number>,
  query: StatusPageQuery<S>,
  nextCursor: string | null,
) {
  return {
    items,
    total: query.status
      ? counts[query.status]
      : Object.values<number>(counts).reduce((sum, value) => sum + value, 0),
    page: query.page,
    pageSize: query.pageSize,
    nextCursor,
    counts,
  };
}
