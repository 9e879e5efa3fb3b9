import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { domainPollIntervalMs } from '../utils/domain-status';
import { domainsQueryKey } from './domains-query-key';

export type UserDomainDetail = PathResult<'/api/user/domains/get-domain'>;

/** One of the person's domains with its nameservers and what its registry did, newest first. */
export function fetchUserDomain(id: string, signal?: AbortSignal) {
  return callAsUser('/api/user/domains/get-domain', { id }, { signal, silent: true });
}

export function userDomainQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: [...domainsQueryKey(userId), 'detail', id],
    queryFn: ({ signal }) => fetchUserDomain(id, signal),
    staleTime: 0,
    // With its registry, its state moves by itself: the page follows it.
    refetchInterval: (query) => domainPollIntervalMs(query.state.data?.status),
    // The page shows a missing domain (or another person's: the same 404) in place.
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useUserDomain(userId: string, id: string) {
  return useQuery(userDomainQueryOptions(userId, id));
}
