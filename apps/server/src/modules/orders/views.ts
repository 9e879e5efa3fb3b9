import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { cartLines, carts, orderLines, orders } from './schema';

// What other modules may read of orders (decision 0036): views, not tables. Each is a subquery
// over the owner's table with the columns the owner shows; PostgreSQL folds it into the reader's
// statement (one statement, the plan of a join on the table), and the owner may change its tables
// behind it. Today they show whole rows but secrets; narrow them as readers settle.

const qb = new QueryBuilder();

/** Orders, as services, billing and the dashboards read them. */
export const ordersView = qb.select(getTableColumns(orders)).from(orders).as('orders_view');

/** The lines of each order. */
export const orderLinesView = qb
  .select(getTableColumns(orderLines))
  .from(orderLines)
  .as('order_lines_view');

/** Carts. */
export const cartsView = qb.select(getTableColumns(carts)).from(carts).as('carts_view');

/** The lines of each cart. */
export const cartLinesView = qb
  .select(getTableColumns(cartLines))
  .from(cartLines)
  .as('cart_lines_view');
