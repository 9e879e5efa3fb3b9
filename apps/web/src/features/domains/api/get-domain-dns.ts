import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { domainsQueryKey } from './domains-query-key';

export type DomainDns = PathResult<'/api/user/domains/get-dns'>;

/** The domain's DNS records on our nameservers, and whether the domain points at them. */
export function fetchDomainDns(id: string, signal?: AbortSignal) {
  return callAsUser('/api/user/domains/get-dns', { id }, { signal, silent: true });
}

export function domainDnsQueryKey(userId: string, id: string) {
  return [...domainsQueryKey(userId), 'dns', id] as const;
}

export function domainDnsQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: domainDnsQueryKey(userId, id),
    queryFn: ({ signal }) => fetchDomainDns(id, signal),
    // The card shows why the records did not load, with a retry.
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useDomainDns(userId: string, id: string) {
  return useQuery(domainDnsQueryOptions(userId, id));
}
