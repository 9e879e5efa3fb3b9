// Addresses of a customer's file and of the other console lists narrowed to one customer. The
// orders list and the ticket queue read `q` as a mobile number in any form (their codecs:
// order-filters.ts, ticket-filters.ts); the queue shows only waiting tickets unless told `all`.

export const CUSTOMERS_PATH = '/admin/customers';

export function customerPath(customerId: string): string {
  return `${CUSTOMERS_PATH}/${encodeURIComponent(customerId)}`;
}

export function customerOrdersPath(mobile: string): string {
  return `/admin/orders?${new URLSearchParams({ q: mobile })}`;
}

export function customerTicketsPath(mobile: string): string {
  return `/admin/tickets?${new URLSearchParams({ status: 'all', q: mobile })}`;
}

export function adminOrderPath(orderId: string): string {
  return `/admin/orders/${encodeURIComponent(orderId)}`;
}
