import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import type { ListPosition } from '../../../lib/list-cursor';
import { walletQueryKey } from './get-user-account-info';

export const CREDIT_TRANSACTIONS_PAGE_SIZE = 10;

export type CreditTransactions = Awaited<ReturnType<typeof fetchCreditTransactions>>;

/**
 * One page of the wallet's ledger, newest first: by number, or after the cursor of the page
 * before (decision 0033).
 */
export function fetchCreditTransactions(position: ListPosition, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/account/get-credit-transactions',
    {
      page: position.page,
      pageSize: CREDIT_TRANSACTIONS_PAGE_SIZE,
      ...(position.after ? { after: position.after } : {}),
    },
    { signal, silent: true },
  );
}

export function creditTransactionsQueryOptions(userId: string, position: ListPosition) {
  return queryOptions({
    queryKey: [...walletQueryKey(userId), 'transactions', position.page, position.after],
    queryFn: ({ signal }) => fetchCreditTransactions(position, signal),
    placeholderData: keepPreviousData,
    // A refused cursor is said in place of the ledger, with the way back to its first page.
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useCreditTransactions(userId: string, position: ListPosition) {
  return useQuery(creditTransactionsQueryOptions(userId, position));
}
