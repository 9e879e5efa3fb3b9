import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { useDomainChange } from './domain-change';

/** Turns the domain's automatic renewal on or off; a refusal shows as a toast. */
export function setDomainAutoRenew(input: PathInput<'/api/user/domains/set-auto-renew'>) {
  return callAsUser('/api/user/domains/set-auto-renew', input);
}

export function useSetDomainAutoRenew(userId: string) {
  return useDomainChange(userId, setDomainAutoRenew);
}
