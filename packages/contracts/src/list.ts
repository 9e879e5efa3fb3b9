import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

/** Paging fields every list call accepts (API.md "Lists"). */
export const listPaging = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
};

/**
 * Paging of the lists that can also continue from a cursor (docs/decisions/0031): `after` is
 * the `nextCursor` of the page before; given, it replaces `page`, and the cost of a page no
 * longer grows with its depth.
 */
export const cursorPaging = {
  ...listPaging,
  after: z.string().min(1).max(200).optional(),
};

/** The answer of every list call: `{ items, total, page, pageSize }`. */
export function listResult<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** Exact up to 10,000 rows; past that PostgreSQL's estimate (`totalIsEstimate`). */
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** True when `total` is an estimate (decision 0031); left out when it is exact. */
    totalIsEstimate: z.boolean().optional(),
  });
}

/** A list that pages by cursor too: the cursor of the page after this one, null at the end. */
export function cursorListResult<T extends z.ZodType>(item: T) {
  return listResult(item).extend({ nextCursor: z.string().nullable().optional() });
}
