import { QueryBuilder } from 'drizzle-orm/pg-core';
import { viewColumns } from '../../db/view-columns';
import { wallets, walletTransactions } from './schema';

// What other modules may read of the wallet (decision 0036): views, not tables. Each is a subquery
// over the owner's table with the columns the owner shows; PostgreSQL folds it into the reader's
// statement (one statement, the plan of a join on the table), and the owner may change its tables
// behind it. Each shows only the columns other modules read (db/view-columns.ts): a column a
// reader needs is added here, on purpose.

const qb = new QueryBuilder();

/** Each person's credit balance. */
export const walletsView = qb
  .select(viewColumns(wallets, ['balanceRial', 'userId']))
  .from(wallets)
  .as('wallets_view');

/** The credit ledger. */
export const walletTransactionsView = qb
  .select(
    viewColumns(walletTransactions, [
      'amountRial',
      'balanceAfterRial',
      'createdAt',
      'description',
      'id',
      'orderId',
      'paymentId',
      'reason',
      'userId',
    ]),
  )
  .from(walletTransactions)
  .as('wallet_transactions_view');
