import { TICKET_DEPARTMENTS, TICKET_PRIORITIES, TICKET_STATUSES } from '@vitrin/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { foldedForSearch } from '../../lib/search-fold';
import { users } from '../accounts/schema';
import { uploads } from '../files/schema';
import { services } from '../services/schema';

// Support tickets (issue 6, docs/decisions/0013). Text is stored as the person typed it and
// shown as plain text; files live in the file store, these rows only name them.

export const ticketAuthorRoles = ['customer', 'staff'] as const;
export type TicketAuthorRole = (typeof ticketAuthorRoles)[number];
export const ticketClosers = ['customer', 'staff', 'system'] as const;

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique().generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    subject: text('subject').notNull(),
    /** The subject folded for the staff queue's search (lib/search-fold.ts). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => foldedForSearch(tickets.subject)),
    department: text('department', { enum: TICKET_DEPARTMENTS }).notNull(),
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull().default('normal'),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    serviceId: uuid('service_id').references(() => services.id),
    /** The staff member handling it (staff console, issue 8). */
    assignedTo: uuid('assigned_to').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last message anyone (customer or staff) left; the list's order. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when the customer has read staff replies: a later staff reply is unread. */
    customerReadAt: timestamp('customer_read_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by', { enum: ticketClosers }),
  },
  (table) => [
    index('tickets_user_idx').on(table.userId, table.lastMessageAt),
    index('tickets_answered_idx').on(table.lastMessageAt).where(sql`${table.status} = 'answered'`),
    // The staff queue (decision 0031): waiting tickets, longest waiting first; every ticket by
    // its last message or by when it was opened; the open ones counted on the dashboard.
    index('tickets_waiting_idx')
      .on(table.lastMessageAt, table.number)
      .where(sql`${table.status} in ('open', 'customer-reply')`),
    index('tickets_last_message_idx').on(table.lastMessageAt, table.number),
    index('tickets_created_idx').on(table.createdAt, table.number),
    // The staff queue's search in subjects (decision 0031).
    index('tickets_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    index('tickets_not_closed_idx').on(table.status).where(sql`${table.status} <> 'closed'`),
    // The panel dashboard's open and unread tickets: only those that can be either (0031).
    index('tickets_user_attention_idx')
      .on(table.userId)
      .where(
        sql`${table.status} <> 'closed' or ${table.customerReadAt} is null or ${table.lastMessageAt} > ${table.customerReadAt}`,
      ),
    check(
      'tickets_status_check',
      sql`${table.status} in ('open', 'answered', 'customer-reply', 'closed')`,
    ),
    check(
      'tickets_department_check',
      sql`${table.department} in ('sales', 'technical', 'billing')`,
    ),
    check('tickets_priority_check', sql`${table.priority} in ('low', 'normal', 'high')`),
    check(
      'tickets_closed_check',
      sql`(${table.status} = 'closed') = (${table.closedAt} is not null)`,
    ),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    authorRole: text('author_role', { enum: ticketAuthorRoles }).notNull(),
    body: text('body').notNull(),
    /** A staff note the customer never sees (staff console, issue 8). */
    internal: boolean('internal').notNull().default(false),
    /** When the customer was told of this staff reply by SMS; set once, never twice. */
    smsSentAt: timestamp('sms_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ticket_messages_ticket_idx').on(table.ticketId, table.createdAt),
    check('ticket_messages_role_check', sql`${table.authorRole} in ('customer', 'staff')`),
    check(
      'ticket_messages_internal_check',
      sql`not ${table.internal} or ${table.authorRole} = 'staff'`,
    ),
  ],
);

/**
 * The files sent with a message: each a person's upload (modules/files), on one message only,
 * kept by files from the moment it is bound so its cleanup never takes it.
 */
export const ticketMessageFiles = pgTable(
  'ticket_message_files',
  {
    uploadId: uuid('upload_id')
      .primaryKey()
      .references(() => uploads.id),
    messageId: uuid('message_id')
      .notNull()
      .references(() => ticketMessages.id, { onDelete: 'cascade' }),
  },
  (table) => [index('ticket_message_files_message_idx').on(table.messageId)],
);

/** Support's saved answers, offered when replying to a ticket. */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('canned_replies_title_idx').on(sql`lower(${table.title})`)],
);
