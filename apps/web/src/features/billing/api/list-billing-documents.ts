import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { billingQueryKey } from './get-billing-document';

export const DOCUMENTS_PAGE_SIZE = 10;

export type BillingDocumentsPage = PathResult<'/api/user/billing/list-documents'>;
export type BillingDocumentSummary = BillingDocumentsPage['items'][number];

/** One page of the person's invoices, credit notes and receipts, newest first. */
export function fetchBillingDocuments(page: number, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/billing/list-documents',
    { page, pageSize: DOCUMENTS_PAGE_SIZE },
    { signal, silent: true },
  );
}

export function billingDocumentsQueryOptions(userId: string, page: number) {
  return queryOptions({
    queryKey: [...billingQueryKey(userId), 'list', page],
    queryFn: ({ signal }) => fetchBillingDocuments(page, signal),
    placeholderData: keepPreviousData,
    // A payment or a refund adds a document: opening the list shows what is there now.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useBillingDocuments(userId: string, page: number) {
  return useQuery(billingDocumentsQueryOptions(userId, page));
}
