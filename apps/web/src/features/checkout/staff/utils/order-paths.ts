/** The console's orders list; the dashboard links to it with a status filter too. */
export const ADMIN_ORDERS_PATH = '/admin/orders';

export function adminOrderPath(orderId: string): string {
  return `${ADMIN_ORDERS_PATH}/${orderId}`;
}
