import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { domainDnsQueryKey } from './get-domain-dns';

/**
 * Replaces the domain's whole record set. Silent: the editor shows each problem beside its
 * record and field. The answer is the set as the server keeps it (names relative, hosts without
 * the final dot), and replaces the card's.
 */
export function saveDomainDns(input: PathInput<'/api/user/domains/save-dns'>) {
  return callAsUser('/api/user/domains/save-dns', input, { silent: true });
}

export function useSaveDomainDns(userId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDomainDns,
    onSuccess: (dns) => queryClient.setQueryData(domainDnsQueryKey(userId, id), dns),
  });
}
