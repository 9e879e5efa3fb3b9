import { PLAN_LIMIT_KEYS, type PlanLimitKey, type PlanLimits } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { products } from './schema';

// The one source of a plan's limits (issue 35 item 4): the product's own `limits`, which staff
// edit in the console's product form. The store's limit cells, the package a panel gets and the
// customer's usage bars all read it through here.

/** A product's limits; an unknown product has none ({}). */
export async function planLimitsOf(
  db: Database | Transaction,
  productId: string,
): Promise<PlanLimits> {
  const [row] = await db
    .select({ limits: products.limits })
    .from(products)
    .where(eq(products.id, productId));
  return normalizePlanLimits(row?.limits ?? {});
}

/** Only the known keys, in their canonical order (a stored row may predate a key's removal). */
export function normalizePlanLimits(limits: PlanLimits): PlanLimits {
  const out: PlanLimits = {};
  for (const key of PLAN_LIMIT_KEYS) {
    const value = limits[key];
    if (value === null || typeof value === 'number') out[key] = value;
  }
  return out;
}

/** Whether the plan has this limit at all (null, unlimited, counts as having it). */
export function hasLimit(limits: PlanLimits, key: PlanLimitKey): boolean {
  return key in limits && limits[key] !== undefined;
}

const MIB_PER_GIB = 1024;
const MIB_PER_TIB = 1024 * 1024;

/** A size in MiB as the store writes it: «۵۰۰ مگابایت», «۲ گیگابایت», «۴ ترابایت». */
export function formatMegabytes(mb: number): string {
  const [amount, unit] =
    mb >= MIB_PER_TIB && mb % MIB_PER_TIB === 0
      ? [mb / MIB_PER_TIB, 'ترابایت']
      : mb >= MIB_PER_GIB
        ? [Math.round((mb / MIB_PER_GIB) * 10) / 10, 'گیگابایت']
        : [mb, 'مگابایت'];
  return `${toPersianDigits(String(amount).replace('.', '٫'))} ${unit}`;
}

/** How each limit reads in a comparison cell; `unlimited` when null. */
const CELL_TEXT: Record<PlanLimitKey, { of: (value: number) => string; unlimited: string }> = {
  diskMb: { of: formatMegabytes, unlimited: 'نامحدود' },
  bandwidthMb: { of: formatMegabytes, unlimited: 'نامحدود' },
  domains: { of: (n) => `${toPersianDigits(n)} دامنه`, unlimited: 'نامحدود' },
  sites: { of: (n) => `${toPersianDigits(n)} سایت`, unlimited: 'نامحدود' },
  pages: { of: (n) => `${toPersianDigits(n)} صفحه`, unlimited: 'نامحدود' },
  storeProducts: { of: (n) => `تا ${toPersianDigits(n)} محصول`, unlimited: 'محصول نامحدود' },
  emailAccounts: { of: (n) => `${toPersianDigits(n)} حساب`, unlimited: 'نامحدود' },
  databases: { of: (n) => `${toPersianDigits(n)} پایگاه داده`, unlimited: 'نامحدود' },
  cpuCores: { of: (n) => `${toPersianDigits(n)} هسته`, unlimited: 'نامحدود' },
  ramMb: { of: formatMegabytes, unlimited: 'نامحدود' },
  ipv4: { of: (n) => `${toPersianDigits(n)} آی‌پی نسخهٔ ۴`, unlimited: 'نامحدود' },
  monthlyVisits: {
    of: (n) =>
      n % 1000 === 0
        ? `تا ${toPersianDigits(n / 1000)} هزار بازدید`
        : `تا ${toPersianDigits(n)} بازدید`,
    unlimited: 'نامحدود',
  },
  mailboxes: { of: (n) => `${toPersianDigits(n)} صندوق`, unlimited: 'نامحدود' },
  mailboxQuotaMb: { of: formatMegabytes, unlimited: 'نامحدود' },
  attachmentMb: { of: formatMegabytes, unlimited: 'نامحدود' },
};

/**
 * A comparison cell drawn from the plan's limits: the limit in words, or not included when the
 * plan does not have it.
 */
export function limitCell(
  limits: PlanLimits,
  key: PlanLimitKey,
): { value: string | null; included: boolean } {
  const value = limits[key];
  if (value === undefined) return { value: null, included: false };
  const text = CELL_TEXT[key];
  return { value: value === null ? text.unlimited : text.of(value), included: true };
}

/** Whether a stored text is one of the keys (a group row's `limit_key`). */
export function isPlanLimitKey(key: string | null): key is PlanLimitKey {
  return key !== null && (PLAN_LIMIT_KEYS as readonly string[]).includes(key);
}
