import type { CallResult, getPanelSummary } from '@vitrin/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../orders';
import { listExpiringServices, services } from '../services';
import { ticketMessages, tickets } from '../tickets';
import { readBalance } from '../wallet';

/** The panel's first page in one call: balance, services, tickets and orders at a glance. */
export async function readPanelSummary(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<CallResult<typeof getPanelSummary>> {
  const count = sql<number>`count(*)`.mapWith(Number);
  const [balanceRial, [active], [open], [unread], [unpaid], expiringServices] = await Promise.all([
    readBalance(db, userId),
    db
      .select({ total: count })
      .from(services)
      .where(and(eq(services.userId, userId), eq(services.status, 'active'))),
    db
      .select({ total: count })
      .from(tickets)
      .where(and(eq(tickets.userId, userId), ne(tickets.status, 'closed'))),
    db
      .select({ total: count })
      .from(tickets)
      .where(and(eq(tickets.userId, userId), unreadStaffReply())),
    db
      .select({ total: count })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'))),
    listExpiringServices(db, userId, now),
  ]);
  return {
    balanceRial,
    activeServices: active?.total ?? 0,
    openTickets: open?.total ?? 0,
    unreadTickets: unread?.total ?? 0,
    unpaidOrders: unpaid?.total ?? 0,
    expiringServices,
  };
}

/** A staff reply the customer sees (not an internal note) newer than what they have read. */
function unreadStaffReply() {
  return sql`exists (select 1 from ${ticketMessages}
    where ${ticketMessages.ticketId} = ${tickets.id}
      and ${ticketMessages.authorRole} = 'staff' and not ${ticketMessages.internal}
      and (${tickets.customerReadAt} is null or ${ticketMessages.createdAt} > ${tickets.customerReadAt}))`;
}
