import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { domainsConsoleKey, refreshDomainsConsole } from './domains-console-key';

export type ImportDomainInput = PathInput<'/api/admin/domains/import-domain'>;

/** Adds a name the company already manages to a customer's account, read from its registry. */
export function useImportDomain(staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportDomainInput) =>
      callAsUser('/api/admin/domains/import-domain', input, { silent: true }),
    onSuccess: () => refreshDomainsConsole(queryClient, staffId),
  });
}

/** Customers matching a mobile or a name, for the import's owner. */
export function useDomainOwnerSearch(staffId: string, query: string) {
  return useQuery({
    queryKey: [...domainsConsoleKey(staffId), 'owner-search', query],
    queryFn: ({ signal }) =>
      callAsUser(
        '/api/admin/customers/search-customers',
        { query, role: 'customer', pageSize: 10 },
        { signal, silent: true },
      ),
    enabled: query.trim().length >= 2,
    placeholderData: keepPreviousData,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}
