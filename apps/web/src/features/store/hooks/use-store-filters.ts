import { useFilterParams } from '../../../lib/use-filter-params';
import { parseStoreFilters, writeStoreFilters } from '../utils/store-filters';

const codec = { parse: parseStoreFilters, write: writeStoreFilters };

/** The store list's filters, kept in the address. */
export function useStoreFilters() {
  return useFilterParams(codec);
}
