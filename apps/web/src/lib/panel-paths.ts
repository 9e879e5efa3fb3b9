import { type OrderStatus, PAGES, pagePath, type ServiceStatus } from '@vitrin/contracts';

// The customer panel's addresses (issue 6), named once for every link into it: the panel's
// pages, the checkout's (orders, wallet) and the site's header. From the route table the router
// and the server's messages share (contracts' pages.ts).

export const PANEL_PATH = PAGES.account;
export const PROFILE_PATH = PAGES.profile;
export const SERVICES_PATH = PAGES.services;
export const ORDERS_PATH = PAGES.orders;
export const DISCOUNTS_PATH = PAGES.discounts;
export const CREDIT_PATH = PAGES.credit;
export const TICKETS_PATH = PAGES.tickets;
export const LIVE_PATH = PAGES.live;
export const DOCUMENTS_PATH = PAGES.documents;

/** The services list, filtered to one status when given. */
export function servicesPath(status?: ServiceStatus): string {
  return status ? `${SERVICES_PATH}?status=${status}` : SERVICES_PATH;
}

export function servicePath(serviceId: string): string {
  return pagePath('service', { serviceId });
}

/** The orders list, filtered to one status when given. */
export function ordersPath(status?: OrderStatus): string {
  return status ? `${ORDERS_PATH}?status=${status}` : ORDERS_PATH;
}

export function orderPath(orderId: string): string {
  return pagePath('order', { orderId });
}

/** A new ticket, about one service when given. */
export function newTicketPath(serviceId?: string): string {
  const base = PAGES.newTicket;
  return serviceId ? `${base}?${new URLSearchParams({ serviceId })}` : base;
}

/** An order's current billing document: its pro-forma while unpaid, its invoice once paid. */
export function orderDocumentPath(orderId: string): string {
  return pagePath('orderDocument', { orderId });
}

/** One billing document (an invoice, a credit note, a receipt) by its id. */
export function documentPath(documentId: string): string {
  return pagePath('document', { documentId });
}
