import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

// The panel's lists (services, orders, tickets) answer a page of the person's rows, optionally
// of one status, with how many they have in every status whatever the filter: the chips.

export interface StatusPageQuery<S extends string> {
  status?: S | undefined;
  page: number;
  pageSize: number;
}

/** `owned`, narrowed to rows in `status` when one is asked for. */
export function withStatus<S extends string>(
  owned: SQL,
  column: PgColumn,
  status: S | undefined,
): SQL | undefined {
  return status ? and(owned, eq(column, status)) : owned;
}

/** How many rows of the page come before it. */
export function pageOffset(query: StatusPageQuery<string>): number {
  return (query.page - 1) * query.pageSize;
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

/** The page's items with `total` (of the status asked for, or of all) and the counts. */
export function statusPage<S extends string, T>(
  items: T[],
  counts: Record<S, number>,
  query: StatusPageQuery<S>,
) {
  return {
    items,
    total: query.status
      ? counts[query.status]
      : Object.values<number>(counts).reduce((sum, value) => sum + value, 0),
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}
