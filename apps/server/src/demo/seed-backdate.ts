import { eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { orders, payments, services, walletTransactions } from '../schema';

// Apart from seed-checkout.ts, which the other parts of the seed import for it and which
// imports some of them (decision 0036: no file circle).

const DAY_MS = 24 * 60 * 60 * 1000;

/** Moves an order, its services, its gateway payments and its ledger rows `days` into the past. */
export async function backdate(tx: Transaction, orderId: string, days: number): Promise<void> {
  const shift = days * DAY_MS;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  const at = (date: Date | null) => (date ? new Date(date.getTime() - shift) : null);
  await tx
    .update(orders)
    .set({
      createdAt: new Date(order.createdAt.getTime() - shift),
      expiresAt: new Date(order.expiresAt.getTime() - shift),
      paidAt: at(order.paidAt),
    })
    .where(eq(orders.id, orderId));
  const rows = await tx.select().from(services).where(eq(services.orderId, orderId));
  for (const row of rows) {
    await tx
      .update(services)
      .set({
        startsAt: at(row.startsAt),
        expiresAt: at(row.expiresAt),
        deliveredAt: at(row.deliveredAt),
        statusChangedAt: new Date(row.statusChangedAt.getTime() - shift),
        createdAt: new Date(row.createdAt.getTime() - shift),
      })
      .where(eq(services.id, row.id));
  }
  const attempts = await tx.select().from(payments).where(eq(payments.orderId, orderId));
  for (const row of attempts) {
    await tx
      .update(payments)
      .set({ createdAt: new Date(row.createdAt.getTime() - shift), settledAt: at(row.settledAt) })
      .where(eq(payments.id, row.id));
  }
  const ledger = await tx
    .select()
    .from(walletTransactions)
    .where(inArray(walletTransactions.orderId, [orderId]));
  for (const row of ledger) {
    await tx
      .update(walletTransactions)
      .set({ createdAt: new Date(row.createdAt.getTime() - shift) })
      .where(eq(walletTransactions.id, row.id));
  }
}
