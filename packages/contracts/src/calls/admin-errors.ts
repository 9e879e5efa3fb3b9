import { z } from 'zod';
import { defineCall } from '../call';
import { count, text, timestamp } from '../fields';
import { listPaging, listResult } from '../list';

// Errors customers' browsers and apps reported (report-client-error), as staff read them
// (issue 23). Reports are grouped: the same error from different pages, people and builds is one
// line with a count, so the console shows what broke, how often and since when.

/** The periods the console offers, in days back from now; the calls take any 1–365. */
export const CLIENT_ERROR_PERIODS = [1, 7, 30] as const;
export const CLIENT_ERROR_DEFAULT_DAYS = 7;

/** How the groups are ordered: most recently seen first, or most frequent first. */
export const CLIENT_ERROR_SORTS = ['last-seen', 'count'] as const;
export type ClientErrorSort = (typeof CLIENT_ERROR_SORTS)[number];

const period = {
  /** Reports received in the last this many days. */
  days: count({ min: 1, max: 365 }).default(CLIENT_ERROR_DEFAULT_DAYS),
};

/**
 * One report as staff see it. The page is its path only: a query string can carry a payment
 * reference or a sign-in code, which staff do not need to see what broke.
 */
export const clientErrorSample = z.object({
  id: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  pagePath: z.string(),
  release: z.string(),
  platform: z.enum(['web', 'android']),
  userAgent: z.string().nullable(),
  /** The report's own request id, to find it in the server's log. */
  requestId: z.string(),
  /** The browser's clock; receivedAt is the server's. */
  occurredAt: timestamp,
  receivedAt: timestamp,
});
export type ClientErrorSampleView = z.infer<typeof clientErrorSample>;

/** The reports of one error in the period: how many, on how many pages, when, and the latest. */
export const clientErrorGroup = z.object({
  /** Stable for the same error: the samples call takes it. */
  id: z.string(),
  platform: z.enum(['web', 'android']),
  /** The message with what varies between reports (numbers, ids, hosts, build hashes) masked. */
  message: z.string(),
  /** Where it was thrown: the first frame of the stack that names a file, masked the same way. */
  location: z.string().nullable(),
  count: z.number().int(),
  /** Distinct page paths it happened on. */
  pageCount: z.number().int(),
  /** Distinct releases (app versions) that reported it. */
  releaseCount: z.number().int(),
  firstSeenAt: timestamp,
  lastSeenAt: timestamp,
  latest: clientErrorSample,
});
export type ClientErrorGroupView = z.infer<typeof clientErrorGroup>;

export const listClientErrors = defineCall({
  path: '/api/admin/errors/list-client-errors',
  summary: 'خطاهای مرورگر و اپ مشتریان، دسته‌بندی‌شده با تعداد، اولین و آخرین بار و آخرین نمونه',
  tag: 'admin',
  access: { permission: 'errors.read' },
  request: z.strictObject({
    ...period,
    sort: z.enum(CLIENT_ERROR_SORTS).default('last-seen'),
    platform: z.enum(['web', 'android']).optional(),
    ...listPaging,
  }),
  response: listResult(clientErrorGroup),
});

export const getClientErrorGroup = defineCall({
  path: '/api/admin/errors/get-client-error-group',
  summary: 'یک خطای دسته‌بندی‌شده و گزارش‌های آن در بازه، تازه‌ترین اول',
  tag: 'admin',
  access: { permission: 'errors.read' },
  request: z.strictObject({
    groupId: text({ max: 64 }).regex(/^[0-9a-f]{32}$/, { message: 'شناسهٔ خطا درست نیست' }),
    ...period,
    ...listPaging,
  }),
  response: z.object({
    group: clientErrorGroup,
    samples: listResult(clientErrorSample),
  }),
});
