import { QueryBuilder } from 'drizzle-orm/pg-core';
import { viewColumns } from '../../db/view-columns';
import { ticketMessages, tickets } from './schema';

// What other modules may read of tickets (decision 0036): views, not tables. Each is a subquery
// over the owner's table with the columns the owner shows; PostgreSQL folds it into the reader's
// statement (one statement, the plan of a join on the table), and the owner may change its tables
// behind it. Each shows only the columns other modules read (db/view-columns.ts): a column a
// reader needs is added here, on purpose.

const qb = new QueryBuilder();

/** Support tickets. */
export const ticketsView = qb
  .select(viewColumns(tickets, ['customerReadAt', 'id', 'lastMessageAt', 'status', 'userId']))
  .from(tickets)
  .as('tickets_view');

/** The messages of each ticket. */
export const ticketMessagesView = qb
  .select(viewColumns(ticketMessages, ['authorRole', 'createdAt', 'internal', 'ticketId']))
  .from(ticketMessages)
  .as('ticket_messages_view');
