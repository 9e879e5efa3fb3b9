import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { useDomainChange } from './domain-change';

/** Closes or opens the registrar lock at the registry; a refusal shows as a toast. */
export function setDomainLock(input: PathInput<'/api/user/domains/set-lock'>) {
  return callAsUser('/api/user/domains/set-lock', input);
}

export function useSetDomainLock(userId: string) {
  return useDomainChange(userId, setDomainLock);
}
