import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

export type DomainContact = NonNullable<PathResult<'/api/user/domains/get-contact'>['contact']>;

/** The domain holder's details on file (one per person, used for every domain), or null. */
export function fetchDomainContact(signal?: AbortSignal) {
  return callAsUser('/api/user/domains/get-contact', {}, { signal, silent: true });
}

export function domainContactQueryOptions(userId: string) {
  return queryOptions({
    // Not under domainsQueryKey: the holder's card loads apart from the domain pages (in the
    // cart too), and nothing changes the holder and a domain together.
    queryKey: ['domain-contact', userId],
    queryFn: ({ signal }) => fetchDomainContact(signal),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useDomainContact(userId: string) {
  return useQuery(domainContactQueryOptions(userId));
}
