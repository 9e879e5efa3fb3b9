import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callApi, ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

export type ArticleListInput = PathInput<'/api/information/get-informations'>;

/** Published articles, newest first, with the category facet. */
export function fetchInformations(input: ArticleListInput, signal?: AbortSignal) {
  return callApi('/api/information/get-informations', input, { signal, silent: true });
}

export function informationsQueryOptions(input: ArticleListInput) {
  return queryOptions({
    queryKey: ['content', 'articles', input],
    queryFn: ({ signal }) => fetchInformations(input, signal),
    // The list stays on screen, dimmed, while the next filter's answer loads.
    placeholderData: keepPreviousData,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useInformations(input: ArticleListInput) {
  return useQuery(informationsQueryOptions(input));
}
