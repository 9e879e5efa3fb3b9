import { useFilterParams } from '../../../lib/use-filter-params';
import { parseArticleFilters, writeArticleFilters } from '../utils/article-filters';

const codec = { parse: parseArticleFilters, write: writeArticleFilters };

/** The article list's filters, kept in the address. */
export function useArticleFilters() {
  return useFilterParams(codec);
}
