import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { cartQueryKey } from '../../../lib/cart-query-key';

export type DomainRenewalRequest = PathInput<'/api/user/domains/renew-domain'>;

/**
 * Puts a renewal of the domain for `years` in the person's cart at its TLD's price; answers the
 * whole cart. Silent: the renewal block shows the refusal (a term the TLD does not sell, a paid
 * renewal on its way) where the person is looking.
 */
export function renewDomain(input: DomainRenewalRequest) {
  return callAsUser('/api/user/domains/renew-domain', input, { silent: true });
}

export function useRenewDomain(userId: string) {
  const queryClient = useQueryClient();
  const cartKey = cartQueryKey(userId);
  return useMutation({
    mutationFn: async (input: DomainRenewalRequest) => {
      // A cart read still on its way would otherwise land after this answer and undo it.
      await queryClient.cancelQueries({ queryKey: cartKey });
      return renewDomain(input);
    },
    onSuccess: async (cart) => {
      // The header's count and the cart page follow at once, without asking again.
      await queryClient.cancelQueries({ queryKey: cartKey });
      queryClient.setQueryData(cartKey, cart);
    },
  });
}
