// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { addRenewalToCart } from './cart.service';
export { manualPaymentsRoutes } from './manual-payments.routes';
export { countWaitingTransferClaims } from './manual-payments.service';
export {
  creditUnusedTerm,
  previewUnusedTermCredit,
  type TermPayment,
} from './order-refunds';
export { panelOrdersRoutes } from './panel.routes';
export { default as payments } from './payments.plugin';
export {
  dropCartRenewals,
  type PlanChangeLine,
  pendingServiceOrder,
  pendingServiceOrderText,
  placePlanChangeOrder,
  refuseIfServiceOrderPending,
} from './plan-change-orders';
export { ordersReactions } from './reactions';
export {
  type BuyerSnapshot,
  buyerProfiles,
  cartLines,
  carts,
  orderLines,
  orders,
  type PlanChangeRecord,
} from './schema';
export { staffOrdersRoutes } from './staff.routes';
export { checkoutRoutes } from './store.routes';
export { cartLinesView, cartsView, orderLinesView, ordersView } from './views';
