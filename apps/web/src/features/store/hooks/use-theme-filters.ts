import { useFilterParams } from '../../../lib/use-filter-params';
import { parseThemeFilters, writeThemeFilters } from '../utils/theme-filters';

const codec = { parse: parseThemeFilters, write: writeThemeFilters };

/** A product's theme gallery filters and open preview, kept in the address. */
export function useThemeFilters() {
  return useFilterParams(codec);
}
