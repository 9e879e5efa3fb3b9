import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { SellerView, UpdateSellerInput } from '../utils/seller-form';

function sellerKey(userId: string) {
  return ['admin', userId, 'billing', 'seller'] as const;
}

export function sellerQueryOptions(userId: string) {
  return queryOptions({
    queryKey: sellerKey(userId),
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/billing/get-seller', {}, { signal, silent: true }),
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** The seller's legal details the next documents print, and whether they are all there. */
export function useSeller(userId: string) {
  return useQuery(sellerQueryOptions(userId));
}

/** Saves the seller's details (admins); documents already issued keep what they printed. */
export function useUpdateSeller(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSellerInput) =>
      callAsUser('/api/admin/billing/update-seller', input, { silent: true }),
    onSuccess: (seller: SellerView) => queryClient.setQueryData(sellerKey(userId), seller),
  });
}
