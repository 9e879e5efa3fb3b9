import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

/** Which document: one by its id, or an order's current one (pro-forma, then invoice). */
export type DocumentRequest = PathInput<'/api/user/billing/get-document'>;

/** Every billing query of `userId`: the list and each document live under it. */
export function billingQueryKey(userId: string) {
  return ['billing', userId] as const;
}

/** One of the person's documents, or the current document of one of their orders. */
export function fetchBillingDocument(request: DocumentRequest, signal?: AbortSignal) {
  return callAsUser('/api/user/billing/get-document', request, { signal, silent: true });
}

export function billingDocumentQueryOptions(userId: string, request: DocumentRequest) {
  return queryOptions({
    queryKey: [
      ...billingQueryKey(userId),
      'document',
      request.documentId ? { documentId: request.documentId } : { orderId: request.orderId },
    ],
    queryFn: ({ signal }) => fetchBillingDocument(request, signal),
    // An order's document becomes its invoice when it is paid: opening the page asks again.
    staleTime: 0,
    // The page shows a missing document (or another person's: the same 404) in place.
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useBillingDocument(userId: string, request: DocumentRequest) {
  return useQuery(billingDocumentQueryOptions(userId, request));
}
