import type { BillingCycle } from '@vitrin/contracts';

/**
 * The cycle the address asks for (`?cycle=annual`) when the product offers it; otherwise the
 * shortest on offer, the one the product's cards show. Null only for a product with no cycles.
 */
export function chooseCycle<C extends { cycle: BillingCycle }>(
  cycles: readonly C[],
  asked: string | null,
): C | null {
  return cycles.find((offer) => offer.cycle === asked) ?? cycles[0] ?? null;
}
