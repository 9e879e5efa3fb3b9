import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';

/** The account's open sessions (one per sign-in), newest activity first. */
export function fetchUserRefreshTokens(signal?: AbortSignal) {
  return callAsUser('/api/jwt/get-user-refresh-tokens', {}, { signal, silent: true });
}

export function userRefreshTokensQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['account', userId, 'sessions'],
    queryFn: ({ signal }) => fetchUserRefreshTokens(signal),
  });
}

export function useUserRefreshTokens(userId: string) {
  return useQuery(userRefreshTokensQueryOptions(userId));
}
