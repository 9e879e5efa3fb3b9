import { and, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { VISITOR_CART_TTL_DAYS } from './cart.service';
import { carts } from './schema';

/** Visitors' carts untouched for VISITOR_CART_TTL_DAYS go (their lines with them). */
export async function deleteStaleVisitorCarts(db: Database, now: Date = new Date()) {
  const before = new Date(now.getTime() - VISITOR_CART_TTL_DAYS * 24 * 3_600_000);
  const deleted = await db
    .delete(carts)
    .where(and(isNull(carts.userId), lt(carts.updatedAt, before)))
    .returning({ id: carts.id });
  return deleted.length;
}
