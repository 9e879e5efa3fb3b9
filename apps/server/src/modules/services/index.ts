// The public surface of this module (docs/architecture.md): what other modules may use.

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
