import {
  hasPermission,
  multilineText,
  TICKET_ATTACHMENTS_PER_MESSAGE,
  TICKET_BODY_MAX_LENGTH,
  TICKET_STATUSES,
  type TicketDepartment,
  type TicketPriority,
  type TicketStatus,
  type ticketMessage,
  type ticketSummary,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, asc, count, desc, eq, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { timestampText } from '../../lib/list-total';
import {
  afterCursor,
  countByStatus,
  type NewestFirst,
  nextCursorOf,
  pageOffset,
  statusPage,
  withStatus,
} from '../../lib/status-page';
import { peopleView } from '../accounts';
import { writeAudit } from '../audit';
import { servicesView } from '../services';
import { ticketMessages, tickets } from './schema';
import { bindAttachments, findAttachmentsByMessageIds } from './ticket-attachments';
import { type NoticeDeps, notifyStaffReply } from './ticket-notices';

// Support tickets (issue 6, decision 0013): open → answered (staff replied) → customer-reply
// (the customer replied) → … → closed. The customer may close; a reply reopens. Every call
// answers about the caller's own tickets only: another person's id is 404 like a missing one.

export type TicketSummary = z.output<typeof ticketSummary>;
export type TicketMessageView = z.output<typeof ticketMessage>;

/** What the ticket calls need: the database, the SMS sender, and somewhere to log. */
export type TicketDeps = NoticeDeps;

const TICKET_NOT_FOUND = 'این تیکت پیدا نشد';
const SERVICE_NOT_FOUND = 'این سرویس پیدا نشد';
const ALREADY_CLOSED = 'این تیکت پیش‌تر بسته شده است';
const NOT_STAFF = 'فقط کارکنان پشتیبانی می‌توانند به تیکت پاسخ دهند';
/** Shown as the author of every staff message: customers see the team, not the person. */
export const STAFF_DISPLAY_NAME = 'پشتیبانی ویترین';
const CUSTOMER_FALLBACK_NAME = 'شما';

function ticketNotFound(): AppError {
  return new AppError('NOT_FOUND', TICKET_NOT_FOUND);
}

// A staff reply the customer can see, newer than what they have read. Written with its own
// alias so the correlated `tickets` columns cannot be taken for the subquery's.
const hasUnreadStaffReply = sql<boolean>`exists (
  select 1 from ticket_messages unread_reply
  where unread_reply.ticket_id = ${tickets.id}
    and unread_reply.author_role = 'staff'
    and not unread_reply.internal
    and (${tickets.customerReadAt} is null or unread_reply.created_at > ${tickets.customerReadAt})
)`;

const visibleMessageCount = sql<number>`(
  select count(*) from ticket_messages visible_message
  where visible_message.ticket_id = ${tickets.id} and not visible_message.internal
)`;

const summaryColumns = {
  id: tickets.id,
  number: tickets.number,
  subject: tickets.subject,
  department: tickets.department,
  priority: tickets.priority,
  status: tickets.status,
  createdAt: tickets.createdAt,
  lastMessageAt: tickets.lastMessageAt,
  closedAt: tickets.closedAt,
  serviceId: servicesView.id,
  serviceName: servicesView.name,
  unread: hasUnreadStaffReply.mapWith((value) => value === true || value === 't'),
  messageCount: visibleMessageCount.mapWith(Number),
  /** The list's cursor: the last message's time to the microsecond. */
  lastMessageAtText: timestampText(tickets.lastMessageAt),
};

function selectSummaries(db: Database, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(tickets)
    .leftJoin(servicesView, eq(servicesView.id, tickets.serviceId))
    .where(where);
}

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function toSummary(row: SummaryRow): TicketSummary {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    department: row.department,
    priority: row.priority,
    status: row.status,
    relatedService:
      row.serviceId && row.serviceName ? { id: row.serviceId, name: row.serviceName } : null,
    unread: row.unread,
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

function ownTicket(userId: string, ticketId: string): SQL | undefined {
  return and(eq(tickets.id, ticketId), eq(tickets.userId, userId));
}

const latestActivity: NewestFirst = {
  time: tickets.lastMessageAt,
  key: tickets.number,
  keyForm: 'number',
};

/**
 * The caller's tickets, latest activity first, with how many they have in each status: from
 * `page`, or after the cursor `after` (decision 0033), through `tickets_user_idx`.
 */
export async function listTickets(
  db: Database,
  userId: string,
  query: {
    status?: TicketStatus | undefined;
    page: number;
    pageSize: number;
    after?: string | undefined;
  },
) {
  const own = eq(tickets.userId, userId);
  const after = afterCursor(latestActivity, query.after);
  const [rows, counts] = await Promise.all([
    selectSummaries(db, and(withStatus(own, tickets.status, query.status), after))
      .orderBy(desc(tickets.lastMessageAt), desc(tickets.number))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    countByStatus(db, tickets.status, TICKET_STATUSES, own),
  ]);
  const nextCursor = nextCursorOf(rows, query.pageSize, (row) => ({
    at: row.lastMessageAtText,
    key: row.number,
  }));
  return statusPage(rows.map(toSummary), counts, query, nextCursor);
}

/** One of the caller's tickets; 404 for a missing id and for another person's alike. */
export async function getTicketDetail(
  db: Database,
  userId: string,
  ticketId: string,
): Promise<TicketSummary> {
  const [row] = await selectSummaries(db, ownTicket(userId, ticketId));
  if (!row) throw ticketNotFound();
  return toSummary(row);
}

/**
 * The ticket's messages the customer may see (never internal notes), oldest first, each with its
 * attachments. Reading them marks the staff replies shown as read.
 */
export async function getTicketReplies(
  db: Database,
  userId: string,
  ticketId: string,
): Promise<{ items: TicketMessageView[] }> {
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(ownTicket(userId, ticketId));
    if (!ticket) throw ticketNotFound();
    const rows = await tx
      .select({
        id: ticketMessages.id,
        authorRole: ticketMessages.authorRole,
        body: ticketMessages.body,
        createdAt: ticketMessages.createdAt,
        firstName: peopleView.firstName,
        lastName: peopleView.lastName,
      })
      .from(ticketMessages)
      .innerJoin(peopleView, eq(peopleView.id, ticketMessages.authorId))
      .where(and(eq(ticketMessages.ticketId, ticket.id), eq(ticketMessages.internal, false)))
      .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
    const attachments = await findAttachmentsByMessageIds(
      tx,
      rows.map((row) => row.id),
    );
    await markStaffRepliesRead(
      tx,
      ticket.id,
      rows.filter((row) => row.authorRole === 'staff').map((row) => row.id),
    );
    return {
      items: rows.map((row) => ({
        id: row.id,
        author: row.authorRole,
        authorName:
          row.authorRole === 'staff'
            ? STAFF_DISPLAY_NAME
            : [row.firstName, row.lastName].filter(Boolean).join(' ') || CUSTOMER_FALLBACK_NAME,
        body: row.body,
        attachments: attachments.get(row.id) ?? [],
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });
}

/**
 * Moves the ticket's read mark up to the newest of the staff replies just shown, never back.
 * The newest shown reply, not the clock: a reply saved while these were read stays unread, and
 * the mark keeps the database's own precision.
 */
async function markStaffRepliesRead(tx: Transaction, ticketId: string, shownIds: string[]) {
  if (shownIds.length === 0) return;
  const newestShown = sql`(select max(${ticketMessages.createdAt}) from ${ticketMessages} where ${inArray(ticketMessages.id, shownIds)})`;
  await tx
    .update(tickets)
    .set({ customerReadAt: newestShown })
    .where(
      and(
        eq(tickets.id, ticketId),
        sql`(${tickets.customerReadAt} is null or ${tickets.customerReadAt} < ${newestShown})`,
      ),
    );
}

export interface NewTicket {
  department: TicketDepartment;
  priority: TicketPriority;
  serviceId?: string | null | undefined;
  subject: string;
  body: string;
  attachmentIds: readonly string[];
}

/**
 * Opens a ticket with its first message and attachments, in one transaction. A related service
 * must be the caller's own (404 on `serviceId` otherwise).
 */
export async function submitTicket(
  db: Database,
  userId: string,
  input: NewTicket,
  now: Date = new Date(),
): Promise<TicketSummary> {
  const ticketId = await db.transaction(async (tx) => {
    if (input.serviceId) {
      const [service] = await tx
        .select({ id: servicesView.id })
        .from(servicesView)
        .where(and(eq(servicesView.id, input.serviceId), eq(servicesView.userId, userId)));
      if (!service) {
        throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND, {
          fields: { serviceId: SERVICE_NOT_FOUND },
        });
      }
    }
    const [ticket] = await tx
      .insert(tickets)
      .values({
        userId,
        subject: input.subject,
        department: input.department,
        priority: input.priority,
        serviceId: input.serviceId ?? null,
        status: 'open',
        createdAt: now,
        lastMessageAt: now,
      })
      .returning({ id: tickets.id });
    if (!ticket) throw new Error('ticket insert returned no row');
    await addCustomerMessage(tx, ticket.id, userId, input, now);
    return ticket.id;
  });
  return getTicketDetail(db, userId, ticketId);
}

async function addMessage(
  tx: Transaction,
  message: {
    ticketId: string;
    authorId: string;
    authorRole: 'customer' | 'staff';
    body: string;
    internal: boolean;
    attachmentIds: readonly string[];
    now: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(ticketMessages)
    .values({
      ticketId: message.ticketId,
      authorId: message.authorId,
      authorRole: message.authorRole,
      body: message.body,
      internal: message.internal,
      createdAt: message.now,
    })
    .returning({ id: ticketMessages.id });
  if (!row) throw new Error('ticket message insert returned no row');
  await bindAttachments(tx, {
    userId: message.authorId,
    messageId: row.id,
    attachmentIds: message.attachmentIds,
    now: message.now,
  });
  return row.id;
}

/** The customer's own message on their ticket (a customer never writes an internal note). */
function addCustomerMessage(
  tx: Transaction,
  ticketId: string,
  userId: string,
  message: { body: string; attachmentIds: readonly string[] },
  now: Date,
): Promise<string> {
  return addMessage(tx, {
    ticketId,
    authorId: userId,
    authorRole: 'customer',
    body: message.body,
    internal: false,
    attachmentIds: message.attachmentIds,
    now,
  });
}

/** The caller's ticket, locked for the change about to be made; 404 if not theirs. */
async function lockOwnTicket(tx: Transaction, userId: string, ticketId: string) {
  const [ticket] = await tx
    .select({ id: tickets.id, status: tickets.status })
    .from(tickets)
    .where(ownTicket(userId, ticketId))
    .for('update');
  if (!ticket) throw ticketNotFound();
  return ticket;
}

/**
 * The customer's reply, with its attachments. The ticket waits for staff again
 * (`customer-reply`); a closed ticket reopens. A ticket no one has answered yet stays `open`.
 */
export async function submitReply(
  db: Database,
  userId: string,
  input: { ticketId: string; body: string; attachmentIds: readonly string[] },
  now: Date = new Date(),
): Promise<TicketSummary> {
  await db.transaction(async (tx) => {
    const ticket = await lockOwnTicket(tx, userId, input.ticketId);
    await addCustomerMessage(tx, ticket.id, userId, input, now);
    await tx
      .update(tickets)
      .set({
        status: ticket.status === 'open' ? 'open' : 'customer-reply',
        lastMessageAt: now,
        closedAt: null,
        closedBy: null,
      })
      .where(eq(tickets.id, ticket.id));
  });
  return getTicketDetail(db, userId, input.ticketId);
}

/** The customer closes their ticket; closing a closed one is 409. */
export async function closeTicket(
  db: Database,
  userId: string,
  ticketId: string,
  now: Date = new Date(),
): Promise<TicketSummary> {
  await db.transaction(async (tx) => {
    const ticket = await lockOwnTicket(tx, userId, ticketId);
    if (ticket.status === 'closed') throw new AppError('CONFLICT', ALREADY_CLOSED);
    await tx
      .update(tickets)
      .set({ status: 'closed', closedAt: now, closedBy: 'customer' })
      .where(eq(tickets.id, ticket.id));
  });
  return getTicketDetail(db, userId, ticketId);
}

const staffReplyBody = multilineText({ min: 1, max: TICKET_BODY_MAX_LENGTH });

export interface StaffReply {
  ticketId: string;
  /** Must be a staff member (support or admin), not locked. */
  staffUserId: string;
  body: string;
  /** The staff member's own loose uploads. */
  attachmentIds?: readonly string[];
  /** A note the customer never sees: no status change, no SMS, not in the customer's list. */
  internal?: boolean;
  /** The staff console's request, for the audit row's client address. */
  ipAddress?: string | null;
}

export interface StaffReplyOutcome {
  messageId: string;
  /** Whether this call sent the SMS (false for a note, or when the send failed or was taken). */
  smsSent: boolean;
}

/**
 * A staff reply (the staff console, issue 8): the ticket becomes `answered` (reopened if
 * closed), and after the commit its owner gets one SMS. Its audit row (`ticket.reply` or
 * `ticket.note`: the message's id, never its text) is written in the same transaction.
 */
export async function replyAsStaff(
  deps: TicketDeps,
  reply: StaffReply,
  now: Date = new Date(),
): Promise<StaffReplyOutcome> {
  const body = staffReplyBody.safeParse(reply.body);
  if (!body.success) {
    const message = body.error.issues[0]?.message ?? 'متن پاسخ درست نیست';
    throw new AppError('VALIDATION', undefined, { fields: { body: message } });
  }
  const attachmentIds = reply.attachmentIds ?? [];
  if (attachmentIds.length > TICKET_ATTACHMENTS_PER_MESSAGE) {
    const message = `حداکثر ${toPersianDigits(TICKET_ATTACHMENTS_PER_MESSAGE)} پیوست`;
    throw new AppError('VALIDATION', undefined, { fields: { attachmentIds: message } });
  }
  const internal = reply.internal ?? false;
  const messageId = await deps.db.transaction(async (tx) => {
    const [staff] = await tx
      .select({ role: peopleView.role, lockedAt: peopleView.lockedAt })
      .from(peopleView)
      .where(eq(peopleView.id, reply.staffUserId));
    if (!staff || !hasPermission(staff.role, 'tickets.work') || staff.lockedAt)
      throw new AppError('FORBIDDEN', NOT_STAFF);
    const [ticket] = await tx
      .select({ id: tickets.id, status: tickets.status })
      .from(tickets)
      .where(eq(tickets.id, reply.ticketId))
      .for('update');
    if (!ticket) throw ticketNotFound();
    const id = await addMessage(tx, {
      ticketId: ticket.id,
      authorId: reply.staffUserId,
      authorRole: 'staff',
      body: body.data,
      internal,
      attachmentIds,
      now,
    });
    // A note leaves the customer's view as it was: the order of their list, the status, and
    // the seven days after which an answered ticket closes.
    if (!internal) {
      await tx
        .update(tickets)
        .set({ status: 'answered', lastMessageAt: now, closedAt: null, closedBy: null })
        .where(eq(tickets.id, ticket.id));
    }
    await writeAudit(tx, {
      actorId: reply.staffUserId,
      action: internal ? 'ticket.note' : 'ticket.reply',
      entityType: 'ticket',
      entityId: ticket.id,
      before: internal ? undefined : { status: ticket.status },
      after: {
        messageId: id,
        internal,
        attachments: attachmentIds.length,
        ...(internal ? {} : { status: 'answered' }),
      },
      ipAddress: reply.ipAddress,
    });
    return id;
  });
  if (internal) return { messageId, smsSent: false };
  try {
    return { messageId, smsSent: await notifyStaffReply(deps, messageId) };
  } catch (error) {
    // The reply is saved; the tickets job sends what is left.
    deps.log.error({ err: error, messageId }, 'ticket reply SMS step failed');
    return { messageId, smsSent: false };
  }
}

/** How many of the person's tickets have a staff reply they have not read (the red dot). */
export async function countUnreadTickets(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(tickets)
    // Every reply the customer sees moves `last_message_at` to its own time, so only a ticket
    // with a message since they last read can hold one: the others' messages are never looked
    // at, through tickets_user_attention_idx (decision 0031).
    .where(
      and(
        eq(tickets.userId, userId),
        sql`(${tickets.customerReadAt} is null or ${tickets.lastMessageAt} > ${tickets.customerReadAt})`,
        hasUnreadStaffReply,
      ),
    );
  return row?.total ?? 0;
}

/** How many of the person's tickets are not closed (the panel's summary). */
export async function countOpenTickets(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(tickets)
    .where(and(eq(tickets.userId, userId), ne(tickets.status, 'closed')));
  return row?.total ?? 0;
}

/** Closes tickets answered by staff and left untouched for `TICKET_AUTO_CLOSE_DAYS`. */
export async function closeStaleAnsweredTickets(
  db: Database,
  autoCloseDays: number,
  now: Date,
): Promise<number> {
  const closed = await db
    .update(tickets)
    .set({ status: 'closed', closedAt: now, closedBy: 'system' })
    .where(
      and(
        eq(tickets.status, 'answered'),
        lte(tickets.lastMessageAt, new Date(now.getTime() - autoCloseDays * 86_400_000)),
      ),
    )
    .returning({ id: tickets.id });
  return closed.length;
}
