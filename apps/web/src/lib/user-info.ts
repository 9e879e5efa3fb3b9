import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAsUser } from './app-session';
import { userInfoQueryKey } from './user-counts';

export function fetchUserInfo(signal?: AbortSignal) {
  // Silent: the query cache tells the person once, after the retry.
  return callAsUser('/api/user/get-user-info', {}, { signal, silent: true });
}

/**
 * Keyed by user so that one person's profile is never shown to the next on this device. Its
 * order and service counts are also changed in place after a submit or a payment (spec §3,
 * lib/user-counts.ts).
 */
export function userInfoQueryOptions(userId: string) {
  return queryOptions({
    queryKey: userInfoQueryKey(userId),
    queryFn: ({ signal }) => fetchUserInfo(signal),
  });
}

export function useUserInfo(userId: string) {
  return useQuery(userInfoQueryOptions(userId));
}

/** How to address the person: their name, or null before they have given one. */
export function displayName(user: { firstName: string | null; lastName: string | null }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name === '' ? null : name;
}
