import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';
import { ordersQueryKey } from '../../../lib/shared-query-keys';
import type { ClaimBody } from '../utils/manual-payment';
import { transferClaimsQueryKey } from './list-transfer-claims';

/** Claims a card-to-card or bank transfer; staff confirm it after seeing it in the account. */
export function claimTransfer(body: ClaimBody) {
  return callAsUser('/api/pay/claim-transfer', body);
}

export function useClaimTransfer(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimTransfer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transferClaimsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey(userId) }),
      ]),
  });
}
