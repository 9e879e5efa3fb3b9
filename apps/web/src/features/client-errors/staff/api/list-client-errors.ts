import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { ClientErrorFilters } from '../utils/client-error-filters';
import { clientErrorsKey } from './client-errors-key';

export const CLIENT_ERRORS_PAGE_SIZE = 20;

type ListPath = '/api/admin/errors/list-client-errors';
export type ClientErrorGroup = PathResult<ListPath>['items'][number];

export function fetchClientErrors(filters: ClientErrorFilters, signal?: AbortSignal) {
  const input: PathInput<ListPath> = {
    days: filters.days,
    sort: filters.sort,
    page: filters.page,
    pageSize: CLIENT_ERRORS_PAGE_SIZE,
  };
  if (filters.platform) input.platform = filters.platform;
  return callAsUser('/api/admin/errors/list-client-errors', input, { signal, silent: true });
}

export function clientErrorsQueryOptions(staffId: string, filters: ClientErrorFilters) {
  return queryOptions({
    queryKey: [
      ...clientErrorsKey(staffId),
      'groups',
      filters.days,
      filters.sort,
      filters.platform ?? 'all',
      filters.page,
    ],
    queryFn: ({ signal }) => fetchClientErrors(filters, signal),
    placeholderData: keepPreviousData,
    // Reports arrive all the time: opening the page shows what is there now.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** The period's client errors, grouped, a page at a time. */
export function useClientErrors(staffId: string, filters: ClientErrorFilters) {
  return useQuery(clientErrorsQueryOptions(staffId, filters));
}
