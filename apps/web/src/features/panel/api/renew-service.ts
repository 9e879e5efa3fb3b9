import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingCycle } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { cartQueryKey } from '../../../lib/cart-query-key';
import { servicesQueryKey } from './get-user-services';

export interface RenewalRequest {
  serviceId: string;
  cycle: BillingCycle;
}

/**
 * Puts a renewal of the service in the person's cart at today's price (decision 0013); asked
 * again, it changes the renewal's cycle. Answers with the whole cart.
 */
export function renewService({ serviceId, cycle }: RenewalRequest) {
  return callAsUser('/api/user/services/renew-service', { serviceId, cycle });
}

export function useRenewService(userId: string) {
  const queryClient = useQueryClient();
  const cartKey = cartQueryKey(userId);
  return useMutation({
    mutationFn: async (request: RenewalRequest) => {
      // A cart read still on its way would otherwise land after this answer and undo it.
      await queryClient.cancelQueries({ queryKey: cartKey });
      return renewService(request);
    },
    onSuccess: async (cart) => {
      // The header's count and the cart page follow at once, without asking again; a read that
      // started while this was on its way is dropped, as it may not hold the renewal yet.
      await queryClient.cancelQueries({ queryKey: cartKey });
      queryClient.setQueryData(cartKey, cart);
      // Each service says whether its renewal is in the cart.
      void queryClient.invalidateQueries({ queryKey: servicesQueryKey(userId) });
      void queryClient.invalidateQueries({ queryKey: ['panel', userId] });
    },
  });
}
