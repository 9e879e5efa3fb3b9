import { answer, type ModuleReactions, on } from '../../lib/events';
import {
  cartRenewals,
  orderPaid,
  orderRefunded,
  renewableService,
  servicesOfOrder,
  servicesStillAsOrdered,
} from '../orders';
import { orderServicesView, startPaidOrder, takeBackRefundedOrder } from './order-services';
import { findRenewableService, refuseIfRenewalStopped, renewalsInCart } from './renewals';

// What the services module does when the orders module below it announces something, and the
// questions of orders it answers (decision 0036; src/reactions.ts wires them in, once).
export const servicesReactions: ModuleReactions = {
  module: 'services',
  subscribes: [
    // A paid order's services start, its renewals extend theirs, its upgrade is applied.
    on(orderPaid, startPaidOrder),
    // A refunded order's services are cancelled, shortened or moved back to their plan.
    on(orderRefunded, takeBackRefundedOrder),
  ],
  answers: [
    answer(servicesStillAsOrdered, refuseIfRenewalStopped),
    answer(renewableService, findRenewableService),
    answer(cartRenewals, renewalsInCart),
    answer(servicesOfOrder, orderServicesView),
  ],
};
