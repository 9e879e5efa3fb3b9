import { QueryBuilder } from 'drizzle-orm/pg-core';
import { viewColumns } from '../../db/view-columns';
import { cartLines, carts, orderLines, orders } from './schema';

// What other modules may read of orders (decision 0036): views, not tables. Each is a subquery
// over the owner's table with the columns the owner shows; PostgreSQL folds it into the reader's
// statement (one statement, the plan of a join on the table), and the owner may change its tables
// behind it. Each shows only the columns other modules read (db/view-columns.ts): a column a
// reader needs is added here, on purpose.

const qb = new QueryBuilder();

/** Orders, as services, billing and the dashboards read them. */
export const ordersView = qb
  .select(
    viewColumns(orders, [
      'buyer',
      'closedAt',
      'createdAt',
      'id',
      'number',
      'paidAt',
      'refundedAt',
      'status',
      'totalRial',
      'userId',
    ]),
  )
  .from(orders)
  .as('orders_view');

/** The lines of each order. */
export const orderLinesView = qb
  .select(
    viewColumns(orderLines, [
      'changesServiceId',
      'cycle',
      'discountRial',
      'id',
      'orderId',
      'planChange',
      'priceRial',
      'renewsServiceId',
      'totalRial',
      'vatRateBp',
      'vatRial',
    ]),
  )
  .from(orderLines)
  .as('order_lines_view');

/** Carts. */
export const cartsView = qb
  .select(viewColumns(carts, ['id', 'userId']))
  .from(carts)
  .as('carts_view');

/** The lines of each cart. */
export const cartLinesView = qb
  .select(viewColumns(cartLines, ['cartId', 'renewServiceId']))
  .from(cartLines)
  .as('cart_lines_view');
