import type { CallResult, getPanelSummary } from '@vitrin/contracts';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ordersView } from '../orders';
import { listExpiringServices, servicesView } from '../services';
import { ticketMessagesView, ticketsView } from '../tickets';
import { readBalance } from '../wallet';

/** The panel's first page in one call: balance, services, tickets and orders at a glance. */
export async function readPanelSummary(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<CallResult<typeof getPanelSummary>> {
  const count = sql<number>`count(*)`.mapWith(Number);
  const [balanceRial, [active], [ticketCounts], [unpaid], expiringServices] = await Promise.all([
    readBalance(db, userId),
    db
      .select({ total: count })
      .from(servicesView)
      .where(and(eq(servicesView.userId, userId), eq(servicesView.status, 'active'))),
    // Open and unread in one pass over the tickets that can be either: not closed, or with a
    // message since the customer last read. The others (a busy customer's closed, read tickets,
    // nearly all of them) are never joined with their messages (decision 0031).
    db
      .select({
        open: sql<number>`count(*) filter (where ${ne(ticketsView.status, 'closed')})`.mapWith(
          Number,
        ),
        unread:
          sql<number>`count(*) filter (where ${and(messageSinceRead(), unreadStaffReply())})`.mapWith(
            Number,
          ),
      })
      .from(ticketsView)
      .where(
        and(
          eq(ticketsView.userId, userId),
          or(ne(ticketsView.status, 'closed'), messageSinceRead()),
        ),
      ),
    db
      .select({ total: count })
      .from(ordersView)
      .where(and(eq(ordersView.userId, userId), eq(ordersView.status, 'pending'))),
    listExpiringServices(db, userId, now),
  ]);
  return {
    balanceRial,
    activeServices: active?.total ?? 0,
    openTickets: ticketCounts?.open ?? 0,
    unreadTickets: ticketCounts?.unread ?? 0,
    unpaidOrders: unpaid?.total ?? 0,
    expiringServices,
  };
}

/**
 * A message since the customer last read the ticket. Every reply they see moves the ticket's
 * `last_message_at` to its own time (an internal note does not), so a ticket without one has no
 * unread reply: what lets the unread count skip every other ticket's messages.
 */
function messageSinceRead() {
  return sql`(${ticketsView.customerReadAt} is null or ${ticketsView.lastMessageAt} > ${ticketsView.customerReadAt})`;
}

/** A staff reply the customer sees (not an internal note) newer than what they have read. */
function unreadStaffReply() {
  return sql`exists (select 1 from ${ticketMessagesView}
    where ${ticketMessagesView.ticketId} = ${ticketsView.id}
      and ${ticketMessagesView.authorRole} = 'staff' and not ${ticketMessagesView.internal}
      and (${ticketsView.customerReadAt} is null or ${ticketMessagesView.createdAt} > ${ticketsView.customerReadAt}))`;
}
