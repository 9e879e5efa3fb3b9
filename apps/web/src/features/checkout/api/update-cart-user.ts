import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { cartUserQueryOptions } from './get-cart-user';

export type BuyerDetailsInput = PathInput<'/api/cart/update-user'>;

/** Saves the buyer's invoice details; every later order is issued to them. */
export function updateCartUser(details: BuyerDetailsInput) {
  return callAsUser('/api/cart/update-user', details);
}

export function useUpdateCartUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartUser,
    onSuccess: (buyer) => queryClient.setQueryData(cartUserQueryOptions(userId).queryKey, buyer),
  });
}
