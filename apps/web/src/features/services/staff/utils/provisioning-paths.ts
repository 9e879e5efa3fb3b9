// The addresses of the console's provisioning section (issue 20): the setup queue at its root,
// the panel servers, the product mapping, and one service's timeline.

export const PROVISIONING_PATH = '/admin/provisioning';
export const PANEL_SERVERS_PATH = `${PROVISIONING_PATH}/servers`;
export const PRODUCT_DELIVERY_PATH = `${PROVISIONING_PATH}/products`;
/** Products delivered by hand that wait for staff (issue 35). */
export const DELIVERY_QUEUE_PATH = `${PROVISIONING_PATH}/delivery`;

export function serviceTimelinePath(serviceId: string): string {
  return `${PROVISIONING_PATH}/services/${encodeURIComponent(serviceId)}`;
}

/** A customer's file in the customers section, where their other services are. */
export function customerFilePath(customerId: string): string {
  return `/admin/customers/${encodeURIComponent(customerId)}`;
}
