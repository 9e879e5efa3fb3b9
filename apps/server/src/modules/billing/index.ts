// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { billingRoutes } from './billing.routes';
export { orderForDocument } from './document-queries';
export {
  buyerPartyOf,
  issueCreditNote,
  issueSalesInvoice,
  issueTopUpReceipt,
  type OrderBuyer,
  type OrderForDocument,
  type OrderLineSource,
  type OrderSource,
  orderDocumentRefs,
  type PlanChangeNote,
  paymentNoteOf,
} from './documents.service';
export { type DocumentIssued, documentIssued } from './events';
export {
  getPaymentSettings,
  type PaymentSettings,
  paymentMethodsFor,
  readPaymentSettings,
  updatePaymentSettings,
} from './payment-methods.service';
export { getSeller, updateSeller } from './seller.service';
export { vatRateAt } from './tax-rates.service';
export {
  countDocumentsInTaxStates,
  creditNotesOf,
  documentsInTaxStates,
  setTaxSystemRecord,
  type TaxSystemDocument,
  taxSystemDocument,
  taxSystemTotals,
} from './tax-system-documents';
