import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';
import { walletQueryKey } from '../../../lib/shared-query-keys';

export { walletQueryKey };

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
