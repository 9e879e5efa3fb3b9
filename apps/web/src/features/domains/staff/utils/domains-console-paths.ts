import { PAGES, pagePath } from '@vitrin/contracts';

// The addresses of the console's domains section (issue 38): the domains at its root, the TLDs,
// the registrar accounts, and one domain's page.

export const DOMAINS_CONSOLE_PATH = PAGES.adminDomains;
export const TLDS_PATH = `${DOMAINS_CONSOLE_PATH}/tlds`;
export const REGISTRARS_PATH = `${DOMAINS_CONSOLE_PATH}/registrars`;

export function staffDomainPath(domainId: string): string {
  return pagePath('adminDomain', { domainId });
}

/** A customer's file in the customers section, where their services and orders are. */
export function customerFilePath(customerId: string): string {
  return `${PAGES.adminCustomers}/${encodeURIComponent(customerId)}`;
}

/** The order a domain was bought with, in the orders section. */
export function orderFilePath(orderId: string): string {
  return `${PAGES.adminOrders}/${encodeURIComponent(orderId)}`;
}
