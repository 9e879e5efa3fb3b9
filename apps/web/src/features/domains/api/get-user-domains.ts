import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { isWithRegistry, REGISTRY_POLL_MS } from '../utils/domain-status';
import { domainsQueryKey } from './domains-query-key';

export type UserDomain = PathResult<'/api/user/domains/get-domains'>['domains'][number];

/** The person's domains, newest first, with their state and expiry. */
export function fetchUserDomains(signal?: AbortSignal) {
  return callAsUser('/api/user/domains/get-domains', {}, { signal, silent: true });
}

export function userDomainsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...domainsQueryKey(userId), 'list'],
    queryFn: ({ signal }) => fetchUserDomains(signal),
    // Days left move with time, and a name just paid for is being registered: asked when shown,
    // and again while one is with its registry.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.domains.some((domain) => isWithRegistry(domain.status))
        ? REGISTRY_POLL_MS
        : false,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useUserDomains(userId: string) {
  return useQuery(userDomainsQueryOptions(userId));
}
