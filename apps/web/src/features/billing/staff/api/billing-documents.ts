import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { fetchFileAsUser, saveBlob } from '../../../../lib/file-download';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { documentPdfFileName } from '../../utils/document-text';
import type { SearchInput } from '../utils/document-filters';

export const DOCUMENTS_PAGE_SIZE = 20;

export type DocumentPage = PathResult<'/api/admin/billing/search-documents'>;
export type DocumentSummary = DocumentPage['items'][number];
export type StaffBillingDocument = PathResult<'/api/admin/billing/get-document'>;

/** Everything the billing section keeps about documents. */
export function billingDocumentsKey(userId: string) {
  return ['admin', userId, 'billing', 'documents'] as const;
}

export function documentSearchQueryOptions(userId: string, input: SearchInput) {
  return queryOptions({
    queryKey: [
      ...billingDocumentsKey(userId),
      'search',
      input.query ?? '',
      input.kind ?? 'all',
      input.from ?? '',
      input.to ?? '',
      input.page,
      input.after ?? null,
    ],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/billing/search-documents', input, { signal, silent: true }),
    placeholderData: keepPreviousData,
    // Every payment and refund issues a document: opening the list shows what is there now.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** One page of documents matching the search; nothing is asked while a date cannot be read. */
export function useDocumentSearch(userId: string, input: SearchInput | null) {
  return useQuery({
    ...documentSearchQueryOptions(userId, input ?? { page: 1, pageSize: DOCUMENTS_PAGE_SIZE }),
    enabled: input !== null,
  });
}

export function billingDocumentQueryOptions(userId: string, documentId: string) {
  return queryOptions({
    queryKey: [...billingDocumentsKey(userId), 'document', documentId],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/billing/get-document', { documentId }, { signal, silent: true }),
    // An issued document never changes (decision 0022).
    staleTime: Number.POSITIVE_INFINITY,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Any customer's invoice, credit note or receipt, as it was issued. */
export function useBillingDocument(userId: string, documentId: string) {
  return useQuery(billingDocumentQueryOptions(userId, documentId));
}

/** Downloads a document's PDF and saves it as the server names it: `vitrin-S1405-000123.pdf`. */
export function useDownloadBillingDocumentPdf() {
  return useMutation({
    mutationFn: async (document: { id: string; number: string | null }) => {
      const blob = await fetchFileAsUser('/api/admin/billing/download-document-pdf', {
        documentId: document.id,
      });
      saveBlob(blob, documentPdfFileName(document));
    },
  });
}
