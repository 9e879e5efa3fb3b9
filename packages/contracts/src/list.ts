import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

/** Paging fields every list call accepts (API.md "Lists"). */
export const listPaging = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
};

/** The answer of every list call: `{ items, total, page, pageSize }`. */
export function listResult<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
