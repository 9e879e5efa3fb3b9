import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { OrderForDocument } from '../billing';
import { orderLines, orders } from './schema';

/**
 * The order `orderId` of `userId` (of anyone when null) with its lines in order, or null: what
 * billing draws an order's current document from (its port `orderForDocument`).
 */
export async function findOrderForDocument(
  db: Database,
  orderId: string,
  userId: string | null,
): Promise<OrderForDocument | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), userId === null ? undefined : eq(orders.userId, userId)));
  if (!order) return null;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return { order, lines };
}
