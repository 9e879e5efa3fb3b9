import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';

export const TRANSFER_CLAIMS_PAGE_SIZE = 20;

export type TransferClaimPage = PathResult<'/api/admin/billing/list-transfer-claims'>;
export type StaffTransferClaim = TransferClaimPage['items'][number];
export type TransferClaimsInput = PathInput<'/api/admin/billing/list-transfer-claims'>;

function transferClaimsKey(userId: string) {
  return ['admin', userId, 'billing', 'transfer-claims'] as const;
}

export function transferClaimsQueryOptions(userId: string, input: TransferClaimsInput) {
  return queryOptions({
    queryKey: [
      ...transferClaimsKey(userId),
      input.status ?? 'all',
      input.method ?? 'all',
      input.page ?? 1,
      input.after ?? null,
    ],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/billing/list-transfer-claims', input, { signal, silent: true }),
    placeholderData: keepPreviousData,
    // Customers claim transfers at any moment: the queue is asked again on every visit.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/**
 * One page of card-to-card and bank-transfer claims, those waiting for staff first: by number,
 * or after the cursor of the page before (decision 0033).
 */
export function useTransferClaims(userId: string, input: TransferClaimsInput) {
  return useQuery(transferClaimsQueryOptions(userId, input));
}

/**
 * A reviewed claim as the server answers it takes its place in every page already read, so the
 * row changes at once; the queue is then asked again (a filter on «pending» drops it).
 */
function useClaimAnswered(userId: string) {
  const queryClient = useQueryClient();
  return (claim: StaffTransferClaim) => {
    queryClient.setQueriesData<TransferClaimPage>(
      { queryKey: transferClaimsKey(userId) },
      (page) =>
        page && {
          ...page,
          items: page.items.map((item) => (item.id === claim.id ? claim : item)),
        },
    );
    // The order's page and the documents change with a confirmed payment.
    void queryClient.invalidateQueries({ queryKey: ['admin', userId], refetchType: 'none' });
  };
}

/** Confirms a claim seen in the bank (admins): its order is paid, or the wallet topped up. */
export function useConfirmTransfer(userId: string) {
  const answered = useClaimAnswered(userId);
  return useMutation({
    mutationFn: (paymentId: string) =>
      callAsUser('/api/admin/billing/confirm-transfer', { paymentId }, { silent: true }),
    onSuccess: answered,
  });
}

/** Rejects a claim with the reason the customer reads (admins). */
export function useRejectTransfer(userId: string) {
  const answered = useClaimAnswered(userId);
  return useMutation({
    mutationFn: (input: { paymentId: string; reason: string }) =>
      callAsUser('/api/admin/billing/reject-transfer', input, { silent: true }),
    onSuccess: answered,
  });
}
