import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callApi, ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

export type DomainSearch = PathResult<'/api/store/search-domains'>;
export type DomainSearchRow = DomainSearch['results'][number];

/** The domain search (issue 38): every TLD on sale, each answered by its registry. */
export function domainSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['store', 'domains', q],
    queryFn: ({ signal }) => callApi('/api/store/search-domains', { q }, { signal, silent: true }),
    enabled: q !== '',
    // A registry's answer is of its moment: asked again when the page is opened again.
    staleTime: 30_000,
    retry: false,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useDomainSearch(q: string) {
  return useQuery(domainSearchQueryOptions(q));
}
