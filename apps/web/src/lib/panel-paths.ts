import type { OrderStatus, ServiceStatus } from '@vitrin/contracts';

// The customer panel's addresses (issue 6), named once for every link into it: the panel's
// pages, the checkout's (orders, wallet) and the site's header.

export const PANEL_PATH = '/account';
export const PROFILE_PATH = '/account/profile';
export const SERVICES_PATH = '/account/services';
export const ORDERS_PATH = '/account/orders';
export const DISCOUNTS_PATH = '/account/discounts';
export const CREDIT_PATH = '/account/credit';
export const TICKETS_PATH = '/account/tickets';
export const LIVE_PATH = '/account/live';
export const DOCUMENTS_PATH = '/account/documents';

/** The services list, filtered to one status when given. */
export function servicesPath(status?: ServiceStatus): string {
  return status ? `${SERVICES_PATH}?status=${status}` : SERVICES_PATH;
}

export function servicePath(serviceId: string): string {
  return `${SERVICES_PATH}/${encodeURIComponent(serviceId)}`;
}

/** The orders list, filtered to one status when given. */
export function ordersPath(status?: OrderStatus): string {
  return status ? `${ORDERS_PATH}?status=${status}` : ORDERS_PATH;
}

export function orderPath(orderId: string): string {
  return `${ORDERS_PATH}/${encodeURIComponent(orderId)}`;
}

/** A new ticket, about one service when given. */
export function newTicketPath(serviceId?: string): string {
  const base = `${TICKETS_PATH}/new`;
  return serviceId ? `${base}?${new URLSearchParams({ serviceId })}` : base;
}

/** An order's current billing document: its pro-forma while unpaid, its invoice once paid. */
export function orderDocumentPath(orderId: string): string {
  return `${orderPath(orderId)}/document`;
}

/** One billing document (an invoice, a credit note, a receipt) by its id. */
export function documentPath(documentId: string): string {
  return `${DOCUMENTS_PATH}/${encodeURIComponent(documentId)}`;
}
