import { defineEvent } from '../../lib/events';

// What the billing module announces (decision 0036): the tax-system module above it sends each
// document it issues to the tax organisation, and billing never imports it.

/** A sales invoice or a credit note was issued in this transaction (not a receipt). */
export interface DocumentIssued {
  documentId: string;
  issuedAt: Date;
}

export const documentIssued = defineEvent<DocumentIssued>('billing:document-issued');
