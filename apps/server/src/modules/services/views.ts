import { getTableColumns } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { services } from './schema';

// What other modules may read of services (decision 0036): views, not tables. Each is a subquery
// over the owner's table with the columns the owner shows; PostgreSQL folds it into the reader's
// statement (one statement, the plan of a join on the table), and the owner may change its tables
// behind it. Today they show whole rows but secrets; narrow them as readers settle.

const qb = new QueryBuilder();

/** Services, without their panel password. */
const {
  panelPassword: _panelPassword,
  deliveryDetails: _deliveryDetails,
  ...servicesViewColumns
} = getTableColumns(services);
export const servicesView = qb.select(servicesViewColumns).from(services).as('services_view');
