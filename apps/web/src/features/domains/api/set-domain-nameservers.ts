import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { useDomainChange } from './domain-change';
import { domainDnsQueryKey } from './get-domain-dns';

export type DomainNameserversInput = PathInput<'/api/user/domains/set-nameservers'>;

/** Sets the domain's nameservers at its registry (2 to 4). Silent: the form shows why not. */
export function setDomainNameservers(input: DomainNameserversInput) {
  return callAsUser('/api/user/domains/set-nameservers', input, { silent: true });
}

export function useSetDomainNameservers(userId: string) {
  // Whether the zone answers for the domain follows its nameservers.
  return useDomainChange(userId, setDomainNameservers, (domain) => [
    domainDnsQueryKey(userId, domain.id),
  ]);
}
