import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';

/** Everything about the wallet: balance, ledger; changed by payments, top-ups and refunds. */
export function walletQueryKey(userId: string) {
  return ['wallet', userId] as const;
}

/** The wallet balance and the bounds of a top-up. */
export function fetchUserAccountInfo(signal?: AbortSignal) {
  return callAsUser('/api/user/account/get-user-account-info', {}, { signal, silent: true });
}

export function userAccountInfoQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...walletQueryKey(userId), 'account-info'],
    queryFn: ({ signal }) => fetchUserAccountInfo(signal),
  });
}

export function useUserAccountInfo(userId: string) {
  return useQuery(userAccountInfoQueryOptions(userId));
}
