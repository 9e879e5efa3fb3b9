import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { domainContactQueryOptions } from './get-domain-contact';

export type DomainContactInput = PathInput<'/api/user/domains/save-contact'>;

/**
 * Saves the holder's details. Silent: the form shows each field's message under the field and
 * the whole message above the button, where the person is looking.
 */
export function saveDomainContact(contact: DomainContactInput) {
  return callAsUser('/api/user/domains/save-contact', contact, { silent: true });
}

export function useSaveDomainContact(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDomainContact,
    onSuccess: ({ contact }) =>
      queryClient.setQueryData(domainContactQueryOptions(userId).queryKey, { contact }),
  });
}
