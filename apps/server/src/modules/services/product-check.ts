import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { productsView } from '../catalog';

/** Refuses a product id the catalog does not have (staff settings per product). */
export async function requireProduct(tx: Transaction, productId: string): Promise<void> {
  const [product] = await tx
    .select({ id: productsView.id })
    .from(productsView)
    .where(eq(productsView.id, productId));
  if (!product) throw new AppError('NOT_FOUND', 'این محصول پیدا نشد');
}
