import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

interface FilterCodec<F extends { page: number }> {
  parse: (params: URLSearchParams) => F;
  write: (filters: F) => URLSearchParams;
}

interface SetFilterOptions {
  /** Replace the history entry instead of adding one (for changes not worth a back step). */
  replace?: boolean;
  /** Keep the page number: for changes that do not change the list, such as an open preview. */
  keepPage?: boolean;
}

/**
 * A list's filters read from and written to the address. Changing a filter goes back to the
 * first page, since the old page number counts rows of a different list.
 */
export function useFilterParams<F extends { page: number }>(codec: FilterCodec<F>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { parse, write } = codec;
  const filters = useMemo(() => parse(searchParams), [parse, searchParams]);

  const setFilters = useCallback(
    (changes: Partial<F>, options: SetFilterOptions = {}) => {
      setSearchParams(
        (current) => {
          const now = parse(current);
          const keepPage = options.keepPage || 'page' in changes;
          return write({ ...now, ...(keepPage ? {} : { page: 1 }), ...changes });
        },
        { replace: options.replace },
      );
    },
    [parse, write, setSearchParams],
  );

  return [filters, setFilters] as const;
}
