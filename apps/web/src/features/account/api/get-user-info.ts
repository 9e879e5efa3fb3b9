import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';

export function fetchUserInfo(signal?: AbortSignal) {
  // Silent: the query cache tells the person once, after the retry.
  return callAsUser('/api/user/get-user-info', {}, { signal, silent: true });
}

/** Keyed by user so that one person's profile is never shown to the next on this device. */
export function userInfoQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['account', userId, 'user-info'],
    queryFn: ({ signal }) => fetchUserInfo(signal),
  });
}

export function useUserInfo(userId: string) {
  return useQuery(userInfoQueryOptions(userId));
}
