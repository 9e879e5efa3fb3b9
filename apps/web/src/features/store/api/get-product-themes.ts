import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callApi, ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

export type ProductThemesInput = PathInput<'/api/store/get-product-themes'>;

/** The themes a website-builder product offers, with the category facet. */
export function fetchProductThemes(input: ProductThemesInput, signal?: AbortSignal) {
  return callApi('/api/store/get-product-themes', input, { signal, silent: true });
}

export function productThemesQueryOptions(input: ProductThemesInput) {
  return queryOptions({
    queryKey: ['store', 'product-themes', input],
    queryFn: ({ signal }) => fetchProductThemes(input, signal),
    placeholderData: keepPreviousData,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useProductThemes(input: ProductThemesInput, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productThemesQueryOptions(input), enabled: options.enabled ?? true });
}
