import { getDiscounts, getOrderSuccessfulPayments, getUserOrders } from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import { listDiscounts } from './discounts.service';
import { listSuccessfulPayments, listUserOrders } from './panel-orders.service';

/** The customer panel's order calls (issue 6): orders, their payments, discount codes. */
export async function panelOrdersRoutes(app: FastifyInstance): Promise<void> {
  await withUser(app, async (scope) => {
    registerCall(scope, getUserOrders, (query, { user }) => listUserOrders(app.db, user.id, query));
    registerCall(scope, getOrderSuccessfulPayments, ({ orderId }, { user }) =>
      listSuccessfulPayments(app.db, user.id, orderId),
    );
    registerCall(scope, getDiscounts, (_input, { user }) => listDiscounts(app.db, user.id));
  });
}
