import { BILLING_CYCLES, type BillingCycle } from '@vitrin/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { productPricesView, productsView } from '../catalog';

// What the shop sells now, per cycle: the cart offers a line's other cycles from it, and the
// services module prices a renewal with it.

/** A cycle a product is sold for now, with what it costs (the sale price if any) and before. */
export interface CyclePrice {
  cycle: BillingCycle;
  priceRial: number;
  regularPriceRial: number;
}

/** Every cycle each product is sold for now, shortest first; hidden products sell nothing. */
export async function pricesOnOffer(
  db: Database,
  productIds: readonly string[],
): Promise<Map<string, CyclePrice[]>> {
  const byProduct = new Map<string, CyclePrice[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productPricesView.productId,
      cycle: productPricesView.cycle,
      priceRial: productPricesView.priceRial,
      salePriceRial: productPricesView.salePriceRial,
    })
    .from(productPricesView)
    .innerJoin(productsView, eq(productsView.id, productPricesView.productId))
    .where(
      and(
        inArray(productPricesView.productId, [...new Set(productIds)]),
        eq(productsView.status, 'active'),
      ),
    );
  rows.sort((a, b) => BILLING_CYCLES.indexOf(a.cycle) - BILLING_CYCLES.indexOf(b.cycle));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push({
      cycle: row.cycle,
      priceRial: row.salePriceRial ?? row.priceRial,
      regularPriceRial: row.priceRial,
    });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}
