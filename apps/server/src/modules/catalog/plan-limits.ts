import { PLAN_LIMIT_KEYS, type PlanLimitKey, type PlanLimits } from '@vitrin/contracts';
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
