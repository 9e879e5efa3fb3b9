import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { useDomainChange } from './domain-change';

/** Gives the transfer the code the current registrar gave its holder. Silent: the form says why not. */
export function submitDomainTransferCode(
  input: PathInput<'/api/user/domains/submit-transfer-code'>,
) {
  return callAsUser('/api/user/domains/submit-transfer-code', input, { silent: true });
}

export function useSubmitDomainTransferCode(userId: string) {
  return useDomainChange(userId, submitDomainTransferCode);
}
