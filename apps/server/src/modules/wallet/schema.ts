import { WALLET_REASONS, type WalletReason } from '@vitrin/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

// The wallet (decision 0011): a balance per user that can never go negative, and a ledger of
// every change. Both are written in the same transaction by wallet.service.ts only, so the
// balance always equals the sum of the ledger.

export const walletReasons = WALLET_REASONS;
export type { WalletReason };

export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    balanceRial: bigint('balance_rial', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('wallets_balance_check', sql`${table.balanceRial} >= 0`)],
);

export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Positive adds credit, negative spends it. */
    amountRial: bigint('amount_rial', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: walletReasons }).notNull(),
    /** Persian, shown to the customer in the ledger. */
    description: text('description').notNull(),
    /** The order or gateway payment this change belongs to, when there is one. */
    orderId: uuid('order_id'),
    paymentId: uuid('payment_id'),
    balanceAfterRial: bigint('balance_after_rial', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_transactions_user_idx').on(table.userId, table.createdAt),
    // An order's wallet rows (paying, refunding, its payments page): a scan without it (0031).
    index('wallet_transactions_order_idx')
      .on(table.orderId)
      .where(sql`${table.orderId} is not null`),
    check('wallet_transactions_amount_check', sql`${table.amountRial} <> 0`),
    check(
      'wallet_transactions_reason_check',
      sql`${table.reason} in ('top-up', 'order-payment', 'refund', 'adjustment')`,
    ),
    check('wallet_transactions_balance_check', sql`${table.balanceAfterRial} >= 0`),
  ],
);
