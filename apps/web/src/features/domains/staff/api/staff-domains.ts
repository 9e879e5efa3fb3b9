import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { StaffDomainFilters } from '../utils/staff-domain-filters';
import { domainsConsoleKey } from './domains-console-key';

export const STAFF_DOMAINS_PAGE_SIZE = 20;

type ListPath = '/api/admin/domains/list-domains';
export type StaffDomainsPage = PathResult<ListPath>;
export type StaffDomainRow = StaffDomainsPage['items'][number];

export function fetchStaffDomains(filters: StaffDomainFilters, signal?: AbortSignal) {
  const input: PathInput<ListPath> = { page: filters.page, pageSize: STAFF_DOMAINS_PAGE_SIZE };
  if (filters.q) input.q = filters.q;
  if (filters.status) input.status = filters.status;
  if (filters.needsStaff) input.needsStaff = true;
  return callAsUser('/api/admin/domains/list-domains', input, { signal, silent: true });
}

export function staffDomainsQueryOptions(staffId: string, filters: StaffDomainFilters) {
  return queryOptions({
    queryKey: [
      ...domainsConsoleKey(staffId),
      'list',
      filters.q,
      filters.status ?? 'all',
      filters.needsStaff ? 'staff' : 'all',
      filters.page,
    ],
    queryFn: ({ signal }) => fetchStaffDomains(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Every customer's domains, filtered and paged by the server, with how many wait for staff. */
export function useStaffDomains(staffId: string, filters: StaffDomainFilters) {
  return useQuery(staffDomainsQueryOptions(staffId, filters));
}
