// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { addDomainLineToCart, addRenewalToCart, type CartOwner } from './cart.service';
export {
  type DomainRenewalOrder,
  pendingDomainRenewalOrder,
  placeDomainRenewalOrder,
} from './domain-orders';
export {
  type CartDomainLine,
  type CartRenewals,
  cartRenewals,
  type DomainLineTerms,
  type DomainPurchase,
  domainLineTerms,
  domainOrderReady,
  type OrderLineDomain,
  type OrderLineDomains,
  type OrderPaid,
  type OrderPaidReport,
  type OrderRef,
  type OrderRefunded,
  type OrderRefundReport,
  orderLineDomains,
  orderPaid,
  orderRefunded,
  type PaidPlanChange,
  type PurchasedLine,
  type RenewableService,
  type RenewalLine,
  type RenewedService,
  renewableService,
  servicesOfOrder,
  servicesStillAsOrdered,
  soldAsDomain,
} from './events';
export { manualPaymentsRoutes } from './manual-payments.routes';
export { countWaitingTransferClaims } from './manual-payments.service';
export {
  creditUnusedTerm,
  previewUnusedTermCredit,
  refundOrderLine,
  type TermPayment,
} from './order-refunds';
export { panelOrdersRoutes } from './panel.routes';
export { default as paymentsPlugin } from './payments.plugin';
export {
  pendingServiceOrder,
  pendingServiceOrderText,
  refuseIfServiceOrderPending,
} from './pending-service-orders';
export { dropCartRenewals, type PlanChangeLine, placePlanChangeOrder } from './plan-change-orders';
export { type CyclePrice, pricesOnOffer } from './prices-on-offer';
export { ordersReactions } from './reactions';
export type { BuyerSnapshot, PlanChangeRecord } from './schema';
export { staffOrdersRoutes } from './staff.routes';
export { checkoutRoutes } from './store.routes';
export { cartLinesView, cartsView, orderLinesView, ordersView } from './views';
