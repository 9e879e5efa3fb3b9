import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

/** One published article with its body and related articles. */
export function fetchInformation(slug: string, signal?: AbortSignal) {
  return callApi('/api/information/get-information', { slug }, { signal, silent: true });
}

export function informationQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['content', 'article', slug],
    queryFn: ({ signal }) => fetchInformation(slug, signal),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useInformation(slug: string) {
  return useQuery(informationQueryOptions(slug));
}
