import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { cartQueryKey } from '../../../lib/cart-query-key';

export type DomainRestoreRequest = PathInput<'/api/user/domains/restore-domain'>;

/**
 * Puts the restore of a domain in redemption, with its renewal for `years`, in the person's cart
 * at its TLD's prices; answers the whole cart. Silent: the restore block shows a refusal where
 * the person is looking.
 */
export function restoreDomain(input: DomainRestoreRequest) {
  return callAsUser('/api/user/domains/restore-domain', input, { silent: true });
}

export function useRestoreDomain(userId: string) {
  const queryClient = useQueryClient();
  const cartKey = cartQueryKey(userId);
  return useMutation({
    mutationFn: async (input: DomainRestoreRequest) => {
      // A cart read still on its way would otherwise land after this answer and undo it.
      await queryClient.cancelQueries({ queryKey: cartKey });
      return restoreDomain(input);
    },
    onSuccess: async (cart) => {
      await queryClient.cancelQueries({ queryKey: cartKey });
      queryClient.setQueryData(cartKey, cart);
    },
  });
}
