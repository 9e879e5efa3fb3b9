import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { domainsConsoleKey, refreshDomainsConsole } from './domains-console-key';

export type StaffDomain = PathResult<'/api/admin/domains/get-domain'>;
export type StaffDomainEvent = StaffDomain['timeline'][number];

/** While the registry is being asked, the page reads the domain again this often. */
const WITH_REGISTRY_REFRESH_MS = 3_000;

export function staffDomainQueryOptions(staffId: string, domainId: string) {
  return queryOptions({
    queryKey: [...domainsConsoleKey(staffId), 'domain', domainId],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/domains/get-domain', { id: domainId }, { signal, silent: true }),
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'pending-registration' || status === 'pending-transfer'
        ? WITH_REGISTRY_REFRESH_MS
        : false;
    },
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** One domain with its customer, registry statuses and timeline (newest first). */
export function useStaffDomain(staffId: string, domainId: string) {
  return useQuery(staffDomainQueryOptions(staffId, domainId));
}

type ActionPath =
  | '/api/admin/domains/retry-domain'
  | '/api/admin/domains/sync-domain'
  | '/api/admin/domains/complete-domain'
  | '/api/admin/domains/refund-domain';

/**
 * The four things staff do to a domain, each with its reason; each reads the section again. A
 * refusal (409: the action does not apply to the domain as it is) is thrown to the dialog.
 */
export function useDomainAction(staffId: string, domainId: string, path: ActionPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => callAsUser(path, { id: domainId, reason }, { silent: true }),
    onSuccess: () => refreshDomainsConsole(queryClient, staffId),
  });
}
