// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { billingRoutes } from './billing.routes';
export {
  buyerPartyOf,
  issueCreditNote,
  issueSalesInvoice,
  issueTopUpReceipt,
  orderDocumentRefs,
  paymentNoteOf,
} from './documents.service';
export {
  getPaymentSettings,
  type PaymentSettings,
  paymentMethodsFor,
  readPaymentSettings,
  updatePaymentSettings,
} from './payment-methods.service';
export { billingDocuments, documentCounters, taxRates } from './schema';
export { getSeller, updateSeller } from './seller.service';
export { vatRateAt } from './tax-rates.service';
