import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';
import { walletQueryKey } from './get-user-account-info';

export const CREDIT_TRANSACTIONS_PAGE_SIZE = 10;

export type CreditTransactions = Awaited<ReturnType<typeof fetchCreditTransactions>>;

/** One page of the wallet's ledger, newest first. */
export function fetchCreditTransactions(page: number, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/account/get-credit-transactions',
    { page, pageSize: CREDIT_TRANSACTIONS_PAGE_SIZE },
    { signal, silent: true },
  );
}

export function creditTransactionsQueryOptions(userId: string, page: number) {
  return queryOptions({
    queryKey: [...walletQueryKey(userId), 'transactions', page],
    queryFn: ({ signal }) => fetchCreditTransactions(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCreditTransactions(userId: string, page: number) {
  return useQuery(creditTransactionsQueryOptions(userId, page));
}
