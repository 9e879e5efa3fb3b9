import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callApi, ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

type DomainSearch = PathResult<'/api/store/search-domains'>;
export type DomainNameCheck = DomainSearch['results'][number];

/**
 * The registry's answer for one whole name: the search's row for the TLD typed (it comes
 * first), or null when the name was read without one or its TLD is not on sale.
 */
export function checkOfName(search: DomainSearch): DomainNameCheck | null {
  const { tld } = search.query;
  if (tld === null) return null;
  return search.results.find((row) => row.tld === tld) ?? null;
}

/**
 * One name asked of its registry through the domain search, for the cart's offer under a plan
 * made on it (issue 38). Asked once while the cart is open: the offer is a suggestion, and the
 * add-domain call asks the registry again before the name goes in the cart.
 */
export function domainNameCheckQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['domain-name-check', name],
    queryFn: ({ signal }) =>
      callApi('/api/store/search-domains', { q: name }, { signal, silent: true }),
    select: checkOfName,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // A name the search refuses (a TLD not sold, a subdomain) simply gets no offer.
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useDomainNameCheck(name: string) {
  return useQuery(domainNameCheckQueryOptions(name));
}
