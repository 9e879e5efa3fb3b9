import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { useDomainChange } from './domain-change';

/** Has IRNIC e-mail the current holder the PIN of a holder change; a refusal shows as a toast. */
export function requestDomainHolderPin(input: PathInput<'/api/user/domains/request-holder-pin'>) {
  return callAsUser('/api/user/domains/request-holder-pin', input);
}

export function useRequestDomainHolderPin(userId: string) {
  return useDomainChange(userId, requestDomainHolderPin);
}

/** Sends IRNIC the holder change with the PIN. Silent: the form says why not. */
export function changeDomainHolder(input: PathInput<'/api/user/domains/change-holder'>) {
  return callAsUser('/api/user/domains/change-holder', input, { silent: true });
}

export function useChangeDomainHolder(userId: string) {
  return useDomainChange(userId, changeDomainHolder);
}
