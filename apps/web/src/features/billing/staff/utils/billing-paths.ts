import { PAGES } from '@vitrin/contracts';
import { BILLING_PATH } from '../../../console/utils/admin-sections';

// The addresses of the console's billing section (issue 21): the documents at its root, one
// document, the VAT rates, the seller's details, the transfer claims queue, the payment methods,
// the sales and VAT report and the tax organisation's سامانه مودیان.

export { BILLING_PATH };
export const TAX_RATES_PATH = `${BILLING_PATH}/tax-rates`;
export const SELLER_PATH = `${BILLING_PATH}/seller`;
export const TRANSFERS_PATH = PAGES.adminTransfers;
export const PAYMENT_SETTINGS_PATH = `${BILLING_PATH}/payments`;
export const SALES_REPORT_PATH = `${BILLING_PATH}/report`;
export const TAX_SYSTEM_PATH = PAGES.adminTaxSystem;

export function billingDocumentPath(documentId: string): string {
  return `${BILLING_PATH}/documents/${encodeURIComponent(documentId)}`;
}

/** An order's page in the orders section, where its refunds are made. */
export function staffOrderPath(orderId: string): string {
  return `/admin/orders/${encodeURIComponent(orderId)}`;
}
