import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import type { ListPosition } from '../../../lib/list-cursor';
import { billingQueryKey } from './get-billing-document';

export const DOCUMENTS_PAGE_SIZE = 10;

export type BillingDocumentsPage = PathResult<'/api/user/billing/list-documents'>;
export type BillingDocumentSummary = BillingDocumentsPage['items'][number];

/**
 * One page of the person's invoices, credit notes and receipts, newest first: by number, or
 * after the cursor of the page before (decision 0033).
 */
export function fetchBillingDocuments(position: ListPosition, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/billing/list-documents',
    {
      page: position.page,
      pageSize: DOCUMENTS_PAGE_SIZE,
      ...(position.after ? { after: position.after } : {}),
    },
    { signal, silent: true },
  );
}

export function billingDocumentsQueryOptions(userId: string, position: ListPosition) {
  return queryOptions({
    queryKey: [...billingQueryKey(userId), 'list', position.page, position.after],
    queryFn: ({ signal }) => fetchBillingDocuments(position, signal),
    placeholderData: keepPreviousData,
    // A payment or a refund adds a document: opening the list shows what is there now.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useBillingDocuments(userId: string, position: ListPosition) {
  return useQuery(billingDocumentsQueryOptions(userId, position));
}
