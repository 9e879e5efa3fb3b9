import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callApi, ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

export type ProductListInput = PathInput<'/api/store/get-products'>;

/** The store's products with the group facet and the group's price range. */
export function fetchProducts(input: ProductListInput, signal?: AbortSignal) {
  return callApi('/api/store/get-products', input, { signal, silent: true });
}

export function productsQueryOptions(input: ProductListInput) {
  return queryOptions({
    queryKey: ['store', 'products', input],
    queryFn: ({ signal }) => fetchProducts(input, signal),
    placeholderData: keepPreviousData,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useProducts(input: ProductListInput) {
  return useQuery(productsQueryOptions(input));
}
