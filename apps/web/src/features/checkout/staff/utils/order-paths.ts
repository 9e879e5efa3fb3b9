import { BILLING_PATH } from '../../../console/utils/admin-sections';

/** The console's orders list; the dashboard links to it with a status filter too. */
export const ADMIN_ORDERS_PATH = '/admin/orders';

export function adminOrderPath(orderId: string): string {
  return `${ADMIN_ORDERS_PATH}/${orderId}`;
}

/** A sales invoice or credit note's page in the billing section. */
export function billingDocumentPath(documentId: string): string {
  return `${BILLING_PATH}/documents/${encodeURIComponent(documentId)}`;
}
