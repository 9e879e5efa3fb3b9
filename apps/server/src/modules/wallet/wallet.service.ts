import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { listTotal, timestampText } from '../../lib/list-total';
import { afterCursor, type NewestFirst, nextCursorOf, pageOffset } from '../../lib/status-page';
import { type WalletReason, wallets, walletTransactions } from './schema';

export interface BalanceChange {
  userId: string;
  /** Positive adds credit, negative spends it; never zero. */
  amountRial: number;
  reason: WalletReason;
  description: string;
  orderId?: string | undefined;
  paymentId?: string | undefined;
}

/**
 * Changes a wallet's balance and writes its ledger row, inside the caller's transaction (the
 * order or payment that causes the change commits with it, or neither does). A spend larger
 * than the balance is refused with INSUFFICIENT_CREDIT: the balance is decreased only where
 * it stays non-negative, in one statement, so concurrent spends cannot overdraw it.
 */
export async function changeBalance(
  tx: Transaction,
  change: BalanceChange,
): Promise<{ balanceRial: number; transactionId: string }> {
  if (!Number.isSafeInteger(change.amountRial) || change.amountRial === 0) {
    throw new Error(
      `a wallet change must be a non-zero whole number of Rial: ${change.amountRial}`,
    );
  }
  const now = new Date();
  // A credit creates the wallet or adds to it; a spend only changes a wallet that stays
  // non-negative. Either way the ledger row is written by the same statement, from the balance
  // the change left (issue 24: one round trip instead of three).
  const balanceChange =
    change.amountRial > 0
      ? sql`insert into ${wallets} (user_id, balance_rial, updated_at)
          values (${change.userId}, ${change.amountRial}, ${now})
          on conflict (user_id) do update
            set balance_rial = ${wallets.balanceRial} + excluded.balance_rial, updated_at = excluded.updated_at
          returning balance_rial`
      : sql`update ${wallets} set balance_rial = balance_rial + ${change.amountRial}, updated_at = ${now}
          where user_id = ${change.userId} and balance_rial + ${change.amountRial} >= 0
          returning balance_rial`;
  const result = await tx.execute(sql`
    with changed as (${balanceChange})
    insert into ${walletTransactions}
      (user_id, amount_rial, reason, description, order_id, payment_id, balance_after_rial)
    select ${change.userId}, ${change.amountRial}, ${change.reason}, ${change.description},
      ${change.orderId ?? null}::uuid, ${change.paymentId ?? null}::uuid, changed.balance_rial
    from changed
    returning id, balance_after_rial`);
  const [row] = (result as unknown as { rows: Array<{ id: string; balance_after_rial: string }> })
    .rows;
  if (!row) throw new AppError('INSUFFICIENT_CREDIT');
  return { balanceRial: Number(row.balance_after_rial), transactionId: row.id };
}

/** A user's balance in Rial; 0 for a user who never had credit. */
export async function readBalance(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ balanceRial: wallets.balanceRial })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row?.balanceRial ?? 0;
}

const newestRows: NewestFirst = {
  time: walletTransactions.createdAt,
  key: walletTransactions.id,
  keyForm: 'id',
};

/**
 * A user's ledger, newest first: from `page`, or after the cursor `after` (decision 0033),
 * through `wallet_transactions_user_idx`; the total is `listTotal`'s (exact to 10,000 rows).
 */
export async function listTransactions(
  db: Database,
  userId: string,
  paging: { page: number; pageSize: number; after?: string | undefined },
) {
  const own = eq(walletTransactions.userId, userId);
  const after = afterCursor(newestRows, paging.after);
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: walletTransactions.id,
        amountRial: walletTransactions.amountRial,
        reason: walletTransactions.reason,
        description: walletTransactions.description,
        orderId: walletTransactions.orderId,
        balanceAfterRial: walletTransactions.balanceAfterRial,
        createdAt: walletTransactions.createdAt,
        createdAtText: timestampText(walletTransactions.createdAt),
      })
      .from(walletTransactions)
      .where(and(own, after))
      .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
      .limit(paging.pageSize)
      .offset(pageOffset(paging)),
    listTotal(db, db.select({ one: sql`1` }).from(walletTransactions).where(own)),
  ]);
  return {
    items: rows.map(({ createdAtText: _, ...row }) => row),
    ...counted,
    nextCursor: nextCursorOf(rows, paging.pageSize, (row) => ({
      at: row.createdAtText,
      key: row.id,
    })),
  };
}

/**
 * Whether every wallet's balance equals the sum of its ledger (and no balance is negative):
 * the invariant tests and the reconciliation job check. Answers the users where it fails.
 */
export async function walletsOutOfBalance(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    select w.user_id from ${wallets} w
    left join (select user_id, sum(amount_rial) as total from ${walletTransactions} group by user_id) l
      on l.user_id = w.user_id
    where w.balance_rial <> coalesce(l.total, 0) or w.balance_rial < 0
    union
    select l.user_id from (select user_id from ${walletTransactions} group by user_id) l
    where not exists (select 1 from ${wallets} w where w.user_id = l.user_id)`);
  return (result as unknown as { rows: Array<{ user_id: string }> }).rows.map((row) => row.user_id);
}
