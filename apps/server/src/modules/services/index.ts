// The public surface of this module (docs/architecture.md): what the app and other modules use.

export { cancelOrderServices, startPurchasedServices, takeBackRenewals } from './order-services';
export { panelRoutes } from './panel.routes';
export { applyPaidPlanChange, revertPlanChanges } from './plan-change';
export {
  addMonths,
  extendRenewedService,
  findRenewableService,
  pricesOnOffer,
  RENEWAL_PROBLEMS,
  refuseIfRenewalPending,
  refuseIfRenewalStopped,
  renewalProblem,
} from './renewals';
export { services } from './schema';
export { listExpiringServices } from './services.service';
export { staffServicesRoutes } from './staff.routes';
export { adminServiceViewOf } from './staff-services.service';
export { countServiceWork, type ServiceWork } from './staff-work';
export { servicesView } from './views';
