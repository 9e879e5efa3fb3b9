import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The sandbox gateway stands in for a bank, and this table for the bank's own books: it belongs
// to the provider, not to any module of ours (the orders module keeps its own payments).

/** The built-in sandbox gateway's own book of attempts (the default gateway, decision 0011). */
export const sandboxPayments = pgTable('sandbox_payments', {
  authority: text('authority').primaryKey(),
  amountRial: bigint('amount_rial', { mode: 'number' }).notNull(),
  description: text('description').notNull(),
  callbackUrl: text('callback_url').notNull(),
  /** open → paid | cancelled, chosen on the sandbox page. */
  status: text('status').notNull().default('open'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
