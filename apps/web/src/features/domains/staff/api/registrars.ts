import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { SaveRegistrarInput } from '../utils/registrar-form';
import { domainsConsoleKey, refreshDomainsConsole } from './domains-console-key';

export type StaffRegistrar = PathResult<'/api/admin/domains/list-registrars'>['items'][number];
export type RegistrarTest = PathResult<'/api/admin/domains/test-registrar'>;

export function staffRegistrarsQueryOptions(staffId: string) {
  return queryOptions({
    queryKey: [...domainsConsoleKey(staffId), 'registrars'],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/domains/list-registrars', {}, { signal, silent: true }),
    staleTime: 0,
    select: (answer) => ({ items: answer.items, total: answer.items.length }),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** The registrar accounts (never their passwords or tokens), each with the TLDs it sells. */
export function useStaffRegistrars(staffId: string) {
  return useQuery(staffRegistrarsQueryOptions(staffId));
}

/** Asks an account's registry about a free name and the balance: a failure is an answer (ok false). */
export function useTestRegistrar() {
  return useMutation({
    mutationFn: (id: string) =>
      callAsUser('/api/admin/domains/test-registrar', { id }, { silent: true }),
  });
}

/** Adds an account (no id) or changes one; credentials left out of an edit stay as they were. */
export function useSaveRegistrar(staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveRegistrarInput) =>
      callAsUser('/api/admin/domains/save-registrar', input, { silent: true }),
    onSuccess: () => refreshDomainsConsole(queryClient, staffId),
  });
}
