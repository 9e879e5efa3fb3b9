import { useMutation } from '@tanstack/react-query';
import { fetchFileAsUser, saveBlob } from '../../../lib/file-download';
import { documentPdfFileName } from '../utils/document-text';
import type { DocumentRequest } from './get-billing-document';

interface PdfDownload {
  request: DocumentRequest;
  /** Names the saved file as the server does: the document's number, or a pro-forma's order. */
  name: { number: string | null; orderNumber?: number | null };
}

/** The document as the server draws it in PDF, saved as a download. */
export async function downloadBillingDocumentPdf({ request, name }: PdfDownload): Promise<void> {
  const pdf = await fetchFileAsUser('/api/user/billing/download-document-pdf', request);
  saveBlob(pdf, documentPdfFileName(name));
}

/** «دانلود PDF»: its failure is the server's message, shown beside the button. */
export function useDownloadBillingDocumentPdf() {
  return useMutation({ mutationFn: downloadBillingDocumentPdf });
}
