import { z } from 'zod';
import { defineCall } from '../call';
import { DOMAIN_QUERY_MAX_LENGTH } from '../domain-name';
import { text } from '../fields';
import { rial } from './catalog';

// Domains (issue 38, decision 0038): the public search first; registering, transferring and
// managing come with the registrar drivers that do them.

/** What the registry said of one name under one TLD. */
export const DOMAIN_AVAILABILITY = ['available', 'taken', 'invalid', 'unknown'] as const;
export type DomainAvailability = (typeof DOMAIN_AVAILABILITY)[number];
export const DOMAIN_AVAILABILITY_LABELS: Record<DomainAvailability, string> = {
  available: 'آزاد',
  taken: 'ثبت‌شده',
  invalid: 'نام نادرست',
  unknown: 'نامعلوم',
};

export const domainSearchResult = z.object({
  /** The TLD as read, without the dot: `ir`, `ایران`. */
  tld: z.string(),
  /** The whole name as people read it (`سارا.ایران`); the label as typed when it is invalid. */
  name: z.string(),
  /** Its A-label form (`xn--mgba3ag.xn--mgba3a4f16a`); null when the name is invalid. */
  ascii: z.string().nullable(),
  availability: z.enum(DOMAIN_AVAILABILITY),
  /** Why it is invalid or unknown, or the registry's reason it is taken, in Persian. */
  reason: z.string().nullable(),
  /** The terms a registration may be bought for, in years. */
  years: z.array(z.number().int()),
  /** Prices per year in Rial before VAT. */
  registerPrice: rial,
  renewPrice: rial,
  transferPrice: rial,
  /** Whether a transfer in needs the current registrar's auth code. */
  authCodeRequired: z.boolean(),
});

/**
 * The domain search (issue 38): one name against every TLD on sale, each answered by its
 * registry's own check. The TLD typed, if any, comes first.
 */
export const searchDomains = defineCall({
  path: '/api/store/search-domains',
  summary: 'جست‌وجوی نام دامنه در همهٔ پسوندهای فروشی با پاسخ ثبت‌کننده و قیمت سالانه',
  tag: 'store',
  access: 'public',
  request: z.strictObject({ q: text({ min: 1, max: DOMAIN_QUERY_MAX_LENGTH }) }),
  response: z.object({
    /** The name as read: the label, and the TLD typed after it (null when none was). */
    query: z.object({ label: z.string(), tld: z.string().nullable() }),
    results: z.array(domainSearchResult),
  }),
});
