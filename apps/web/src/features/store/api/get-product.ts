import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

/** One product with its cycles, features, comparison table and related products. */
export function fetchProduct(slug: string, signal?: AbortSignal) {
  return callApi('/api/store/get-product', { slug }, { signal, silent: true });
}

export function productQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['store', 'product', slug],
    queryFn: ({ signal }) => fetchProduct(slug, signal),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useProduct(slug: string) {
  return useQuery(productQueryOptions(slug));
}
