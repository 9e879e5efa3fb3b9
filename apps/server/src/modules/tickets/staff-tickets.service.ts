import {
  type AdminTicketDetail,
  type AuditAction,
  type adminListTickets,
  type adminTicketRow,
  type CallParsed,
  STAFF_ROLES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketDepartment,
  type TicketPriority,
  type TicketStatus,
} from '@vitrin/contracts';
import { normalizeMobile, searchTokens, toLatinDigits } from '@vitrin/fa';
import { and, asc, desc, eq, ilike, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import {
  type Cursor,
  encodeCursor,
  listTotal,
  readCursor,
  SEARCH_EXACT_TOTAL_LIMIT,
  timestampText,
} from '../../lib/list-total';
import { foldedPart } from '../../lib/search-fold';
import { escapeLike, matchesSearchQuery } from '../../lib/search-sql';
import { peopleView, personName } from '../accounts';
import { changedFields, findRecordHistory, writeAudit } from '../audit';
import { servicesView } from '../services';
import { ticketMessages, tickets } from './schema';
import { findAttachmentsByMessageIds } from './ticket-attachments';

// The tickets side of the staff console (issue 8): the queue, one ticket with everything staff
// may see, and the changes staff make to a ticket, each with its audit row in its transaction.
// Replies go through the tickets module's `replyAsStaff`, which keeps the customer's rules.

type TicketRow = z.output<typeof adminTicketRow>;
type ListQuery = CallParsed<typeof adminListTickets>;

const TICKET_NOT_FOUND = 'این تیکت پیدا نشد';
const ASSIGNEE_NOT_STAFF = 'این کارمند پیدا نشد؛ تیکت را فقط به کارکنان پشتیبانی یا مدیران بسپارید';
const ALREADY_CLOSED = 'این تیکت پیش‌تر بسته شده است';
/** How many audit rows a ticket shows; a ticket has a handful in practice. */
const TICKET_AUDIT_LIMIT = 100;
const CUSTOMER_SERVICES_LIMIT = 50;

const WAITING_STATUSES: readonly TicketStatus[] = ['open', 'customer-reply'];

function ticketNotFound(): AppError {
  return new AppError('NOT_FOUND', TICKET_NOT_FOUND);
}

function isStaffRole(role: string): role is (typeof STAFF_ROLES)[number] {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

// A ticket names two people, its customer and its assignee: the people view joined twice, each
// under its own name (a subquery over the view, which PostgreSQL folds like the view itself).
const qb = new QueryBuilder();
const customer = qb
  .select({
    id: peopleView.id,
    firstName: peopleView.firstName,
    lastName: peopleView.lastName,
    mobile: peopleView.mobile,
    lockedAt: peopleView.lockedAt,
    createdAt: peopleView.createdAt,
  })
  .from(peopleView)
  .as('customer');
const assignee = qb
  .select({
    id: peopleView.id,
    firstName: peopleView.firstName,
    lastName: peopleView.lastName,
    mobile: peopleView.mobile,
    role: peopleView.role,
  })
  .from(peopleView)
  .as('assignee');

const rowColumns = {
  ticket: tickets,
  customer: { id: customer.id, firstName: customer.firstName, lastName: customer.lastName },
  customerMobile: customer.mobile,
  customerLockedAt: customer.lockedAt,
  customerCreatedAt: customer.createdAt,
  service: { id: servicesView.id, name: servicesView.name, domainName: servicesView.domainName },
  assignee: {
    id: assignee.id,
    firstName: assignee.firstName,
    lastName: assignee.lastName,
    mobile: assignee.mobile,
    role: assignee.role,
  },
};

function selectTicketRows(db: Database | Transaction) {
  return db
    .select(rowColumns)
    .from(tickets)
    .innerJoin(customer, eq(customer.id, tickets.userId))
    .leftJoin(servicesView, eq(servicesView.id, tickets.serviceId))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedTo))
    .$dynamic();
}

type JoinedRow = Awaited<ReturnType<typeof selectTicketRows>>[number];

function toRowBase(row: JoinedRow): Omit<TicketRow, 'lastMessage'> {
  const { ticket } = row;
  const staff = row.assignee;
  return {
    id: ticket.id,
    number: ticket.number,
    subject: ticket.subject,
    department: ticket.department,
    priority: ticket.priority,
    status: ticket.status,
    waitingOnStaff: WAITING_STATUSES.includes(ticket.status),
    customer: {
      id: row.customer.id,
      name: personName({ ...row.customer, mobile: row.customerMobile }),
      mobile: row.customerMobile,
    },
    service: row.service
      ? { id: row.service.id, name: row.service.name, domainName: row.service.domainName }
      : null,
    // A former staff member may still be named on old tickets: shown with the role they had.
    assignee: staff
      ? {
          id: staff.id,
          name: personName(staff),
          role: isStaffRole(staff.role) ? staff.role : 'support',
        }
      : null,
    createdAt: ticket.createdAt.toISOString(),
    lastMessageAt: ticket.lastMessageAt.toISOString(),
    closedAt: ticket.closedAt?.toISOString() ?? null,
  };
}

/** The queue's filters other than status, as SQL over the joined row. */
function queueFilters(query: ListQuery, staffId: string): SQL[] {
  const conditions: SQL[] = [];
  if (query.department) conditions.push(eq(tickets.department, query.department));
  if (query.priority) conditions.push(eq(tickets.priority, query.priority));
  if (query.assignee === 'none') conditions.push(isNull(tickets.assignedTo));
  else if (query.assignee === 'me') conditions.push(eq(tickets.assignedTo, staffId));
  else if (query.assignee) conditions.push(eq(tickets.assignedTo, query.assignee));
  const search = query.search?.trim();
  if (search) conditions.push(searchCondition(search));
  return conditions;
}

/**
 * A search box's text: every word of it in the subject or in the customer's name (folded as
 * packages/fa folds them: Arabic ي/ك, half-spaces, Persian digits, case); or it is a ticket
 * number (`1001`, `#۱۰۰۱`); or a mobile in any form (`0912 123 4567`, `+98912…`, Persian
 * digits), in full or as four or more of its digits. Each part is answered from an index
 * (decision 0031): the subject's and the customer's folded text by trigrams, the customers
 * found first and their tickets then read by `tickets_user_idx`, not by joining every ticket
 * with its customer.
 */
function searchCondition(search: string): SQL {
  const alternatives: SQL[] = [];
  const customerConditions: SQL[] = [];
  if (searchTokens(search).length > 0) {
    alternatives.push(matchesSearchQuery(tickets.searchText, search) as SQL);
    // `search_text` is the first name, last name and e-mail: the index finds the words in it,
    // and the name (its first two parts) must hold them all.
    const name = sql`${foldedPart(peopleView.searchText, 1)} || ' ' || ${foldedPart(peopleView.searchText, 2)}`;
    customerConditions.push(
      and(
        matchesSearchQuery(peopleView.searchText, search),
        matchesSearchQuery(name, search),
      ) as SQL,
    );
  } else {
    // No letter or digit in it (`%`, `-`): the text as typed, which no index can narrow.
    const pattern = `%${escapeLike(search)}%`;
    alternatives.push(ilike(tickets.subject, pattern));
    customerConditions.push(
      ilike(sql`concat_ws(' ', ${peopleView.firstName}, ${peopleView.lastName})`, pattern),
    );
  }
  const digits = toLatinDigits(search).replace(/[\s#+()\-.]/g, '');
  if (/^\d{1,9}$/.test(digits)) alternatives.push(eq(tickets.number, Number(digits)));
  const mobile = normalizeMobile(search);
  if (mobile) customerConditions.push(eq(peopleView.mobile, mobile));
  else if (/^\d{4,}$/.test(digits)) {
    // A part of the number as people type it: its national form's leading 0 is not stored.
    customerConditions.push(like(peopleView.mobile, `%${digits.replace(/^0+/, '')}%`));
  }
  alternatives.push(
    sql`${tickets.userId} = any(array(select ${peopleView.id} from ${peopleView} where ${or(...customerConditions)}))`,
  );
  return or(...alternatives) as SQL;
}

/** The priority sort's parts, in their order: high first, then normal, then low. */
const PRIORITY_ORDER: readonly TicketPriority[] = ['high', 'normal', 'low'];

const priorityRank = sql`case ${tickets.priority} when 'high' then 0 when 'normal' then 1 else 2 end`;

function queueOrder(sort: ListQuery['sort']): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(tickets.createdAt), desc(tickets.number)];
    case 'priority':
      return [asc(priorityRank), asc(tickets.lastMessageAt), asc(tickets.number)];
    default:
      return [asc(tickets.lastMessageAt), asc(tickets.number)];
  }
}

/** The cursor's key: the ticket number, and in the priority sort its priority before it. */
const NUMBER_KEY = /^\d{1,9}$/;
const PRIORITY_KEY = new RegExp(`^(${TICKET_PRIORITIES.join('|')}):\\d{1,9}$`);

/** A page's tickets by their sort key, before anything is joined to them. */
interface QueueKey {
  id: string;
  number: number;
  priority: TicketPriority;
  /** The sort's time (created_at for newest first, last_message_at otherwise) as text. */
  atText: string;
}

function cursorOf(sort: ListQuery['sort'], key: QueueKey): string {
  return encodeCursor({
    at: key.atText,
    key: sort === 'priority' ? `${key.priority}:${key.number}` : String(key.number),
  });
}

/** Rows after the cursor's ticket in the sort by time and number (newest first or waiting). */
function afterCondition(sort: ListQuery['sort'], cursor: Cursor): SQL {
  const key = sql`(${cursor.at}::timestamptz, ${Number(cursor.key)}::int)`;
  return sort === 'newest'
    ? sql`(${tickets.createdAt}, ${tickets.number}) < ${key}`
    : sql`(${tickets.lastMessageAt}, ${tickets.number}) > ${key}`;
}

/**
 * The page's tickets, keys only (the joins come after, for those 20): by `page` (the offset),
 * or after the cursor `after`, the row the page before ended with (decision 0033). The priority
 * sort's first page and its pages by cursor read one priority at a time, each through the
 * (last message, number) indexes in order, as far as the page goes; by number it still sorts
 * every matching ticket.
 */
async function queueKeys(
  db: Database,
  query: ListQuery,
  where: SQL | undefined,
): Promise<QueueKey[]> {
  const select = (condition: SQL | undefined) =>
    db
      .select({
        id: tickets.id,
        number: tickets.number,
        priority: tickets.priority,
        atText: timestampText(query.sort === 'newest' ? tickets.createdAt : tickets.lastMessageAt),
      })
      .from(tickets)
      .where(condition)
      .$dynamic();
  if (query.sort !== 'priority') {
    const cursor = query.after ? readCursor(query.after, NUMBER_KEY) : null;
    return select(cursor ? and(where, afterCondition(query.sort, cursor)) : where)
      .orderBy(...queueOrder(query.sort))
      .limit(query.pageSize)
      .offset(cursor ? 0 : (query.page - 1) * query.pageSize);
  }
  if (!query.after && query.page > 1) {
    return select(where)
      .orderBy(...queueOrder(query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
  }
  const cursor = query.after ? readCursor(query.after, PRIORITY_KEY) : null;
  const [cursorPriority, cursorNumber] = cursor ? cursor.key.split(':') : [];
  const start = cursorPriority ? PRIORITY_ORDER.indexOf(cursorPriority as TicketPriority) : 0;
  const keys: QueueKey[] = [];
  for (const priority of PRIORITY_ORDER.slice(start)) {
    if (keys.length >= query.pageSize) break;
    // A filter on another priority: that part has nothing (and would scan the index for it).
    if (query.priority && query.priority !== priority) continue;
    const after =
      cursor && priority === cursorPriority
        ? afterCondition('waiting', { at: cursor.at, key: cursorNumber ?? '' })
        : undefined;
    const part = await select(and(where, eq(tickets.priority, priority), after))
      .orderBy(asc(tickets.lastMessageAt), asc(tickets.number))
      .limit(query.pageSize - keys.length);
    keys.push(...part);
  }
  return keys;
}

function statusCondition(status: ListQuery['status']): SQL | undefined {
  if (status === 'all') return undefined;
  if (status === 'waiting') return inArray(tickets.status, [...WAITING_STATUSES]);
  return eq(tickets.status, status);
}

/** The statuses a status filter shows: its chips' counts add up to its total. */
function statusesOf(status: ListQuery['status']): readonly TicketStatus[] {
  if (status === 'all') return TICKET_STATUSES;
  if (status === 'waiting') return WAITING_STATUSES;
  return [status];
}

/** The newest message of each ticket (internal notes too), with its author's name. */
async function findLastMessages(db: Database, ticketIds: string[]) {
  const byTicket = new Map<string, TicketRow['lastMessage']>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await db
    .selectDistinctOn([ticketMessages.ticketId], {
      ticketId: ticketMessages.ticketId,
      authorRole: ticketMessages.authorRole,
      internal: ticketMessages.internal,
      createdAt: ticketMessages.createdAt,
      firstName: peopleView.firstName,
      lastName: peopleView.lastName,
      mobile: peopleView.mobile,
    })
    .from(ticketMessages)
    .innerJoin(peopleView, eq(peopleView.id, ticketMessages.authorId))
    .where(inArray(ticketMessages.ticketId, ticketIds))
    .orderBy(ticketMessages.ticketId, desc(ticketMessages.createdAt), desc(ticketMessages.id));
  for (const row of rows) {
    byTicket.set(row.ticketId, {
      author: row.authorRole,
      authorName: personName(row),
      internal: row.internal,
      createdAt: row.createdAt.toISOString(),
    });
  }
  return byTicket;
}

/**
 * The staff queue: filtered, searched, sorted and paged, with the status chips' counts, each
 * exact up to SEARCH_EXACT_TOTAL_LIMIT and an estimate beyond; the total is the sum of the
 * shown statuses' chips, an estimate when one of them is (decision 0031).
 */
export async function listQueue(db: Database, staffId: string, query: ListQuery) {
  const filters = queueFilters(query, staffId);
  const status = statusCondition(query.status);
  const where = and(...filters, ...(status ? [status] : []));
  // The search finds its customers in a subquery of its own: counting needs no join. The status
  // chips count exactly up to SEARCH_EXACT_TOTAL_LIMIT, searched or not: four counts on every
  // page of the queue, a glance at how much waits, where «حدود ۵٬۲۵۴» says as much as 5,001 and
  // costs a tenth; a search's common word matches scattered rows (decision 0031). The statuses
  // split the queue, so the total is their sum and costs no count of its own.
  const countOf = (condition: SQL | undefined) =>
    listTotal(
      db,
      db.select({ one: sql`1` }).from(tickets).where(condition),
      SEARCH_EXACT_TOTAL_LIMIT,
    );
  const [keys, ...statusTotals] = await Promise.all([
    queueKeys(db, query, where),
    ...TICKET_STATUSES.map((each) => countOf(and(...filters, eq(tickets.status, each)))),
  ]);
  const ids = keys.map((key) => key.id);
  const [joined, lastMessages] = await Promise.all([
    ids.length > 0 ? selectTicketRows(db).where(inArray(tickets.id, ids)) : [],
    findLastMessages(db, ids),
  ]);
  const byId = new Map(joined.map((row) => [row.ticket.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const last = keys.at(-1);
  const nextCursor = last && keys.length === query.pageSize ? cursorOf(query.sort, last) : null;
  const counts = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as Record<
    TicketStatus,
    number
  >;
  TICKET_STATUSES.forEach((each, index) => {
    counts[each] = statusTotals[index]?.total ?? 0;
  });
  const estimatedCounts = TICKET_STATUSES.filter(
    (_, index) => statusTotals[index]?.totalIsEstimate,
  );
  const shown = statusesOf(query.status);
  const counted = {
    total: shown.reduce((sum, each) => sum + counts[each], 0),
    totalIsEstimate: shown.some((each) => estimatedCounts.includes(each)),
  };
  return {
    items: rows.map((row) => ({
      ...toRowBase(row),
      lastMessage: lastMessages.get(row.ticket.id) ?? null,
    })),
    ...counted,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor,
    counts,
    ...(estimatedCounts.length > 0 ? { estimatedCounts } : {}),
  };
}

/** One ticket with everything staff may see: every message, the customer, and the audit. */
export async function getStaffTicket(db: Database, ticketId: string): Promise<AdminTicketDetail> {
  const [row] = await selectTicketRows(db).where(eq(tickets.id, ticketId));
  if (!row) throw ticketNotFound();
  const [messages, customerServices, audit] = await Promise.all([
    db
      .select({
        message: ticketMessages,
        firstName: peopleView.firstName,
        lastName: peopleView.lastName,
        mobile: peopleView.mobile,
      })
      .from(ticketMessages)
      .innerJoin(peopleView, eq(peopleView.id, ticketMessages.authorId))
      .where(eq(ticketMessages.ticketId, ticketId))
      .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id)),
    db
      .select()
      .from(servicesView)
      .where(eq(servicesView.userId, row.ticket.userId))
      .orderBy(desc(servicesView.createdAt), desc(servicesView.id))
      .limit(CUSTOMER_SERVICES_LIMIT),
    findRecordHistory(db, 'ticket', ticketId, TICKET_AUDIT_LIMIT),
  ]);
  const attachments = await findAttachmentsByMessageIds(
    db,
    messages.map(({ message }) => message.id),
  );
  const base = toRowBase(row);
  return {
    ...base,
    customer: {
      ...base.customer,
      locked: row.customerLockedAt !== null,
      createdAt: row.customerCreatedAt.toISOString(),
    },
    closedBy: row.ticket.closedBy,
    messages: messages.map(({ message, ...author }) => ({
      id: message.id,
      author: message.authorRole,
      authorId: message.authorId,
      authorName: personName(author),
      internal: message.internal,
      body: message.body,
      attachments: attachments.get(message.id) ?? [],
      smsSentAt: message.smsSentAt?.toISOString() ?? null,
      createdAt: message.createdAt.toISOString(),
    })),
    customerServices: customerServices.map((service) => ({
      id: service.id,
      name: service.name,
      status: service.status,
      domainName: service.domainName,
      expiresAt: service.expiresAt?.toISOString() ?? null,
    })),
    audit,
  };
}

/** Support and admin users who are not locked: who a ticket can be given to. */
export async function listStaffMembers(db: Database | Transaction) {
  const rows = await db
    .select({
      id: peopleView.id,
      firstName: peopleView.firstName,
      lastName: peopleView.lastName,
      mobile: peopleView.mobile,
      role: peopleView.role,
    })
    .from(peopleView)
    .where(and(inArray(peopleView.role, [...STAFF_ROLES]), isNull(peopleView.lockedAt)))
    .orderBy(asc(peopleView.firstName), asc(peopleView.lastName), asc(peopleView.mobile));
  return rows.flatMap((row) =>
    isStaffRole(row.role) ? [{ id: row.id, name: personName(row), role: row.role }] : [],
  );
}

interface StaffChange {
  db: Database;
  actor: Actor;
  ticketId: string;
}

/** The ticket row, locked for the change about to be made; 404 when there is none. */
async function lockTicket(tx: Transaction, ticketId: string) {
  const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
  if (!ticket) throw ticketNotFound();
  return ticket;
}

/**
 * Changes some of a ticket's staff-side fields and writes the audit row with what changed, in
 * one transaction; a change to what it already is writes nothing.
 */
async function changeTicket(
  change: StaffChange,
  action: AuditAction,
  update: (
    ticket: typeof tickets.$inferSelect,
    tx: Transaction,
  ) => Promise<Partial<typeof tickets.$inferInsert>>,
): Promise<AdminTicketDetail> {
  await change.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, change.ticketId);
    const next = await update(ticket, tx);
    const { before, after } = changedFields(ticket as Record<string, unknown>, next);
    if (Object.keys(after).length === 0) return;
    await tx.update(tickets).set(next).where(eq(tickets.id, ticket.id));
    await writeAudit(tx, {
      actorId: change.actor.id,
      action,
      entityType: 'ticket',
      entityId: ticket.id,
      before,
      after,
      ipAddress: change.actor.ipAddress,
    });
  });
  return getStaffTicket(change.db, change.ticketId);
}

/** Gives the ticket to a staff member (support or admin, not locked), or to no one. */
export function assignTicket(change: StaffChange, assigneeId: string | null) {
  return changeTicket(change, 'ticket.assign', async (_ticket, tx) => {
    if (assigneeId !== null) {
      const [member] = await tx
        .select({ role: peopleView.role, lockedAt: peopleView.lockedAt })
        .from(peopleView)
        .where(eq(peopleView.id, assigneeId));
      if (!member || member.lockedAt || !isStaffRole(member.role)) {
        throw new AppError('NOT_FOUND', ASSIGNEE_NOT_STAFF, {
          fields: { assigneeId: ASSIGNEE_NOT_STAFF },
        });
      }
    }
    return { assignedTo: assigneeId };
  });
}

/** Staff close the ticket (`closed_by = 'staff'`); closing a closed ticket is 409. */
export function closeTicketAsStaff(change: StaffChange, now: Date = new Date()) {
  return changeTicket(change, 'ticket.close', async (ticket) => {
    if (ticket.status === 'closed') throw new AppError('CONFLICT', ALREADY_CLOSED);
    return { status: 'closed', closedAt: now, closedBy: 'staff' };
  });
}

export function setTicketPriority(change: StaffChange, priority: TicketPriority) {
  return changeTicket(change, 'ticket.set-priority', async () => ({ priority }));
}

export function setTicketDepartment(change: StaffChange, department: TicketDepartment) {
  return changeTicket(change, 'ticket.set-department', async () => ({ department }));
}
