import { QueryBuilder } from 'drizzle-orm/pg-core';
import { viewColumns } from '../../db/view-columns';
import { services } from './schema';

// What other modules may read of services (decision 0036): views, not tables. Each is a subquery
// over the owner's table with the columns the owner shows; PostgreSQL folds it into the reader's
// statement (one statement, the plan of a join on the table), and the owner may change its tables
// behind it. Each shows only the columns other modules read (db/view-columns.ts): a column a
// reader needs is added here, on purpose.

const qb = new QueryBuilder();

/** Services as others list and count them (never their panel password or delivery details). */
export const servicesView = qb
  .select(
    viewColumns(services, [
      'createdAt',
      'cycle',
      'domainName',
      'expiresAt',
      'id',
      'name',
      'orderId',
      'startsAt',
      'status',
      'userId',
    ]),
  )
  .from(services)
  .as('services_view');
