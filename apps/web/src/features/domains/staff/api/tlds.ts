import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { UpdateTldInput } from '../utils/tld-form';
import { domainsConsoleKey, refreshDomainsConsole } from './domains-console-key';

export function staffTldsQueryOptions(staffId: string) {
  return queryOptions({
    queryKey: [...domainsConsoleKey(staffId), 'tlds'],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/domains/list-tlds', {}, { signal, silent: true }),
    staleTime: 0,
    // As a list the console's list body reads: the whole list is one page.
    select: (answer) => ({ items: answer.items, total: answer.items.length }),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** The TLDs on sale, with their registrar, terms, prices and how many domains each has. */
export function useStaffTlds(staffId: string) {
  return useQuery(staffTldsQueryOptions(staffId));
}

/** A TLD's terms and prices; its registration price becomes its store product's too. */
export function useUpdateTld(staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTldInput) =>
      callAsUser('/api/admin/domains/update-tld', input, { silent: true }),
    onSuccess: () =>
      Promise.all([
        refreshDomainsConsole(queryClient, staffId),
        queryClient.invalidateQueries({ queryKey: ['admin', staffId, 'catalog'] }),
      ]),
  });
}
