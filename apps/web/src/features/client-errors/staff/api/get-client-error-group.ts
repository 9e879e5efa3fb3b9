import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { ClientErrorGroupFilters } from '../utils/client-error-filters';
import { clientErrorsKey } from './client-errors-key';

export const CLIENT_ERROR_SAMPLES_PAGE_SIZE = 10;

type GroupPath = '/api/admin/errors/get-client-error-group';
export type ClientErrorGroupReports = PathResult<GroupPath>;
export type ClientErrorSample = ClientErrorGroupReports['samples']['items'][number];

export function fetchClientErrorGroup(
  groupId: string,
  filters: ClientErrorGroupFilters,
  signal?: AbortSignal,
) {
  return callAsUser(
    '/api/admin/errors/get-client-error-group',
    { groupId, days: filters.days, page: filters.page, pageSize: CLIENT_ERROR_SAMPLES_PAGE_SIZE },
    { signal, silent: true },
  );
}

export function clientErrorGroupQueryOptions(
  staffId: string,
  groupId: string,
  filters: ClientErrorGroupFilters,
) {
  return queryOptions({
    queryKey: [...clientErrorsKey(staffId), 'group', groupId, filters.days, filters.page],
    queryFn: ({ signal }) => fetchClientErrorGroup(groupId, filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** One error of the period and its reports, newest first. */
export function useClientErrorGroup(
  staffId: string,
  groupId: string,
  filters: ClientErrorGroupFilters,
) {
  return useQuery(clientErrorGroupQueryOptions(staffId, groupId, filters));
}
