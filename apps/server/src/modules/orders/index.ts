// The public surface of this module (docs/architecture.md): what other modules may use.

export { addRenewalToCart } from './cart.service';
export { listDiscounts } from './discounts.service';
export { listSuccessfulPayments, listUserOrders } from './panel-orders.service';
export { cartLines, carts, orderLines, orders } from './schema';
export { tehranDay, tehranDayOf } from './staff-orders.service';
