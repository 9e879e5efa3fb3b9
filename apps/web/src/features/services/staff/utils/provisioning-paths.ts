import { PAGES, pagePath } from '@vitrin/contracts';

// The addresses of the console's provisioning section (issue 20): the setup queue at its root,
// the panel servers, the product mapping, and one service's timeline.

export const PROVISIONING_PATH = PAGES.adminProvisioning;
export const PANEL_SERVERS_PATH = `${PROVISIONING_PATH}/servers`;
export const PRODUCT_DELIVERY_PATH = `${PROVISIONING_PATH}/products`;
/** Products delivered by hand that wait for staff (issue 35). */
export const DELIVERY_QUEUE_PATH = PAGES.adminDeliveryQueue;

export function serviceTimelinePath(serviceId: string): string {
  return pagePath('adminProvisioningService', { serviceId });
}
