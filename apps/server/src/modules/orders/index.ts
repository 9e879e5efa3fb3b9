// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { addRenewalToCart } from './cart.service';
export { panelOrdersRoutes } from './panel.routes';
export { default as payments } from './payments.plugin';
export { cartLines, carts, orderLines, orders } from './schema';
export { staffOrdersRoutes } from './staff.routes';
export { checkoutRoutes } from './store.routes';
