import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { useDomainChange } from './domain-change';

/** Deletes a child nameserver at the registry, then here. Silent: the dialog says why not. */
export function deleteDomainHost(input: PathInput<'/api/user/domains/delete-host'>) {
  return callAsUser('/api/user/domains/delete-host', input, { silent: true });
}

export function useDeleteDomainHost(userId: string) {
  return useDomainChange(userId, deleteDomainHost);
}
