import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A list's place: its page number, and for lists that page by cursor the page's cursor. */
interface ListPlace {
  page: number;
  after?: string | null;
}

interface FilterCodec<F extends ListPlace> {
  parse: (params: URLSearchParams) => F;
  write: (filters: F) => URLSearchParams;
}

interface SetFilterOptions {
  /** Replace the history entry instead of adding one (for changes not worth a back step). */
  replace?: boolean;
  /** Keep the page number: for changes that do not change the list, such as an open preview. */
  keepPage?: boolean;
  /** The history entry's state: a cursor list's trail of earlier pages (lib/list-cursor). */
  state?: unknown;
}

/**
 * A list's filters read from and written to the address. Changing a filter goes back to the
 * first page, since the old page number (or cursor) counts rows of a different list.
 */
export function useFilterParams<F extends ListPlace>(codec: FilterCodec<F>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { parse, write } = codec;
  const filters = useMemo(() => parse(searchParams), [parse, searchParams]);

  const setFilters = useCallback(
    (changes: Partial<F>, options: SetFilterOptions = {}) => {
      setSearchParams(
        (current) => {
          const now = parse(current);
          const keepPage = options.keepPage || 'page' in changes;
          const firstPage = 'after' in now ? { page: 1, after: null } : { page: 1 };
          return write({ ...now, ...(keepPage ? {} : firstPage), ...changes });
        },
        { replace: options.replace, state: options.state },
      );
    },
    [parse, write, setSearchParams],
  );

  return [filters, setFilters] as const;
}
