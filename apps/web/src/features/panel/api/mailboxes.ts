import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { serviceAccessQueryKey } from './get-service-access';
import { servicesQueryKey } from './get-user-services';

// A business e-mail service's mailboxes (issue 35 item 3).

export type ServiceMail = NonNullable<PathResult<'/api/user/services/list-mailboxes'>['email']>;
export type MailboxView = NonNullable<ServiceMail['mailboxes']>[number];
export type MailDnsRecord = ServiceMail['dnsRecords'][number];

export function mailboxesQueryKey(userId: string, serviceId: string) {
  return [...servicesQueryKey(userId), 'mailboxes', serviceId] as const;
}

export function mailboxesQueryOptions(userId: string, serviceId: string) {
  return queryOptions({
    queryKey: mailboxesQueryKey(userId, serviceId),
    queryFn: ({ signal }) =>
      callAsUser('/api/user/services/list-mailboxes', { serviceId }, { signal, silent: true }),
    // Usage moves as mail arrives: asked again each time it is shown.
    staleTime: 0,
  });
}

export function useMailboxes(userId: string, serviceId: string, enabled: boolean) {
  return useQuery({ ...mailboxesQueryOptions(userId, serviceId), enabled });
}

type MailboxCall =
  | '/api/user/services/create-mailbox'
  | '/api/user/services/reset-mailbox-password'
  | '/api/user/services/set-mailbox-quota'
  | '/api/user/services/delete-mailbox';

/** One change to a mailbox; the list and the timeline (which records it) are read again. */
export function useMailboxChange<P extends MailboxCall>(userId: string, path: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PathInput<P>) => callAsUser(path, input),
    onSettled: (_answer, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mailboxesQueryKey(userId, input.serviceId) }),
        queryClient.invalidateQueries({
          queryKey: serviceAccessQueryKey(userId, input.serviceId),
        }),
      ]),
  });
}
