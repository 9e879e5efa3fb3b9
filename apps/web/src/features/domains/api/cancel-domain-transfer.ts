import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ordersQueryKey, walletQueryKey } from '../../../lib/shared-query-keys';
import { useDomainChange } from './domain-change';

/**
 * Calls off the domain's pending transfer in; answers the domain as it now is: cancelled, or
 * active when the transfer had finished at the registry first. A refusal shows as a toast.
 */
export function cancelDomainTransfer(input: PathInput<'/api/user/domains/cancel-transfer'>) {
  return callAsUser('/api/user/domains/cancel-transfer', input);
}

export function useCancelDomainTransfer(userId: string) {
  // The line's money went back to the wallet, with a credit note on the order.
  return useDomainChange(userId, cancelDomainTransfer, () => [
    walletQueryKey(userId),
    ordersQueryKey(userId),
  ]);
}
