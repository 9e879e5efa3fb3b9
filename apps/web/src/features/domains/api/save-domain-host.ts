import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { useDomainChange } from './domain-change';

/**
 * Makes a child nameserver of the domain, or gives one new addresses, at its registry first.
 * Silent: the dialog shows each problem on its field.
 */
export function saveDomainHost(input: PathInput<'/api/user/domains/save-host'>) {
  return callAsUser('/api/user/domains/save-host', input, { silent: true });
}

export function useSaveDomainHost(userId: string) {
  return useDomainChange(userId, saveDomainHost);
}
