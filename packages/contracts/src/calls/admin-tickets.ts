import { z } from 'zod';
import { defineCall } from '../call';
import {
  SERVICE_STATUSES,
  TICKET_ATTACHMENTS_PER_MESSAGE,
  TICKET_BODY_MAX_LENGTH,
  TICKET_STATUSES,
} from '../constants';
import { multilineText, text, timestamp } from '../fields';
import { cursorListResult, cursorPaging, listPaging, listResult } from '../list';
import { STAFF_ROLES } from '../staff-permissions';
import { auditEntry } from './admin';
import { entityId } from './catalog';
import { ticketAttachment, ticketDepartment, ticketPriority, ticketStatus } from './tickets';

// The staff console's tickets calls (issue 8): `/api/admin/tickets/*`, for support and admins
// alike (`tickets.work`); see admin.ts for what the console's areas share. Staff see every
// message, internal notes flagged; the customer never sees a note (decision 0013).

export const CANNED_REPLY_TITLE_MAX_LENGTH = 100;
export const CANNED_REPLY_BODY_MAX_LENGTH = 5000;

/** A support or admin user: the assignee picker's entries and a ticket's assignee. */
export const ticketStaffMember = z.object({
  id: z.string(),
  /** Their name, or their mobile when they have none. */
  name: z.string(),
  role: z.enum(STAFF_ROLES),
});

/**
 * The queue's status filter: one status, `waiting` (open and customer-reply: the tickets whose
 * next move is staff's, the default) or `all`.
 */
export const adminTicketStatusFilter = z.enum([...TICKET_STATUSES, 'waiting', 'all']);
/** `waiting`: the longest-waiting first (the default); `newest`: newest opened first. */
export const adminTicketSort = z.enum(['waiting', 'newest', 'priority']);

const ticketCustomer = z.object({ id: z.string(), name: z.string(), mobile: z.string() });

export const adminTicketRow = z.object({
  id: z.string(),
  number: z.number().int(),
  subject: z.string(),
  department: ticketDepartment,
  priority: ticketPriority,
  status: ticketStatus,
  /** The ticket's next move is staff's: open or customer-reply. */
  waitingOnStaff: z.boolean(),
  customer: ticketCustomer,
  service: z
    .object({ id: z.string(), name: z.string(), domainName: z.string().nullable() })
    .nullable(),
  assignee: ticketStaffMember.nullable(),
  /** The newest message, internal notes included. */
  lastMessage: z
    .object({
      author: z.enum(['customer', 'staff']),
      authorName: z.string(),
      internal: z.boolean(),
      createdAt: timestamp,
    })
    .nullable(),
  createdAt: timestamp,
  /** The last message the customer can see: what the customer's list is ordered by. */
  lastMessageAt: timestamp,
  closedAt: timestamp.nullable(),
});

export const adminListTickets = defineCall({
  path: '/api/admin/tickets/list-tickets',
  summary: 'صف تیکت‌ها برای پشتیبانی: فیلتر بخش، وضعیت، اولویت، مسئول و جست‌وجو',
  tag: 'admin',
  access: { permission: 'tickets.work' },
  request: z.strictObject({
    status: adminTicketStatusFilter.default('waiting'),
    department: ticketDepartment.optional(),
    priority: ticketPriority.optional(),
    /** A staff member's id, `me` (the caller) or `none` (unassigned). */
    assignee: z.union([z.enum(['me', 'none']), entityId]).optional(),
    /** Subject, customer name, ticket number, or the customer's mobile in any form. */
    search: text({ min: 0, max: 100 }).optional(),
    sort: adminTicketSort.default('waiting'),
    /** `after`: the `nextCursor` of the page before, in the same sort (decision 0033). */
    ...cursorPaging,
  }),
  response: cursorListResult(adminTicketRow).extend({
    /** How many tickets of each status match the other filters (the status chips). */
    counts: z.record(ticketStatus, z.number().int()),
    /**
     * The statuses whose count is PostgreSQL's estimate, not a count: more matched than a list
     * counts (10,000; 1,000 while searching; decision 0031). Left out when every count is exact.
     */
    estimatedCounts: z.array(ticketStatus).optional(),
  }),
});

const ticketRequest = z.strictObject({ ticketId: entityId });

export const adminTicketMessage = z.object({
  id: z.string(),
  author: z.enum(['customer', 'staff']),
  /** The real person: staff see which colleague wrote a reply. */
  authorId: z.string(),
  authorName: z.string(),
  /** A note only staff see. */
  internal: z.boolean(),
  body: z.string(),
  attachments: z.array(ticketAttachment),
  /** When the customer was told of this staff reply by SMS. */
  smsSentAt: timestamp.nullable(),
  createdAt: timestamp,
});

export const adminTicketDetail = adminTicketRow.omit({ lastMessage: true }).extend({
  customer: ticketCustomer.extend({ locked: z.boolean(), createdAt: timestamp }),
  closedBy: z.enum(['customer', 'staff', 'system']).nullable(),
  /** Every message, oldest first, internal notes included and flagged. */
  messages: z.array(adminTicketMessage),
  /** The customer's services, newest first. */
  customerServices: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(SERVICE_STATUSES),
      domainName: z.string().nullable(),
      expiresAt: timestamp.nullable(),
    }),
  ),
  /** What staff did to this ticket, newest first. */
  audit: z.array(auditEntry),
});
export type AdminTicketDetail = z.infer<typeof adminTicketDetail>;

export const adminGetTicket = defineCall({
  path: '/api/admin/tickets/get-ticket',
  summary: 'یک تیکت با همهٔ پیام‌ها (یادداشت‌های داخلی هم)، مشتری، سرویس‌ها و گزارش کارها',
  tag: 'admin',
  access: { permission: 'tickets.work' },
  request: ticketRequest,
  response: adminTicketDetail,
});

export const adminListStaffMembers = defineCall({
  path: '/api/admin/tickets/list-staff-members',
  summary: 'کارکنان پشتیبانی و مدیران (برای انتخاب مسئول تیکت)',
  tag: 'admin',
  access: { permission: 'tickets.work' },
  request: z.strictObject({}),
  response: z.object({ items: z.array(ticketStaffMember) }),
});

export const adminAssignTicket = defineCall({
  path: '/api/admin/tickets/assign-ticket',
  summary: 'سپردن تیکت به یک کارمند، یا برداشتن مسئول (null)',
  tag: 'admin',
  access: { permission: 'tickets.work' },
  request: z.strictObject({ ticketId: entityId, assigneeId: entityId.nullable() }),
  response: adminTicketDetail,
});

export const adminReplyTicket = defineCall({
  path: '/api/admin/tickets/reply-ticket',
  summary: 'پاسخ پشتیبانی (پیامک به مشتری) یا یادداشت داخلی که مشتری هرگز نمی‌بیند',
  tag: 'admin',
  access: { permission: 'tickets.work' },
  request: z.strictObject({
    ticketId: entityId,
    body: multilineText({ min: 1, max: TICKET_BODY_MAX_LENGTH }),
    /** The caller's own uploads (TICKET_UPLOAD_PATH); each is used once. */
    attachmentIds: z
      .array(entityId)
      .max(TICKET_ATTACHMENTS_PER_MESSAGE, `حداکثر ${TICKET_ATTACHMENTS_PER_MESSAGE} پیوست`)
      .default([]),
    internal: z.boolean().default(false),
  }),
  response: adminTicketDetail,
});

export const adminCloseTicket = defineCall({
  path: '/api/admin/tickets/close-ticket',
  summary: 'بستن تیکت به دست پشتیبانی',
  tag: 'admin',
  access: { permission: 'tickets.work' },
  request: ticketRequest,
  response: adminTicketDetail,
});

export const adminSetTicketPriority = defineCall({
  path: '/api/admin/tickets/set-ticket-priority',
  summary: 'تغییر اولویت تیکت',
  tag: 'admin',
  access: { permission: 'tickets.work' },
  request: z.strictObject({ ticketId: entityId, priority: ticketPriority }),
  response: adminTicketDetail,
});

export const adminSetTicketDepartment = defineCall({
  path: '/api/admin/tickets/set-ticket-department',
  summary: 'انتقال تیکت به بخش دیگر',
  tag: 'admin',
  access: { permission: 'tickets.work' },
  request: z.strictObject({ ticketId: entityId, department: ticketDepartment }),
  response: adminTicketDetail,
});

export const cannedReply = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  createdBy: ticketStaffMember.pick({ id: true, name: true }).nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const cannedReplyFields = {
  title: text({ min: 1, max: CANNED_REPLY_TITLE_MAX_LENGTH }),
  body: multilineText({ min: 1, max: CANNED_REPLY_BODY_MAX_LENGTH }),
};

export const adminListCannedReplies = defineCall({
  path: '/api/admin/tickets/list-canned-replies',
  summary: 'پاسخ‌های آماده، به ترتیب عنوان، با جست‌وجو در عنوان و متن',
  tag: 'admin',
  access: { permission: 'tickets.work' },
  request: z.strictObject({ search: text({ min: 0, max: 100 }).optional(), ...listPaging }),
  response: listResult(cannedReply),
});

export const adminCreateCannedReply = defineCall({
  path: '/api/admin/tickets/create-canned-reply',
  summary: 'افزودن پاسخ آماده',
  tag: 'admin',
  access: { permission: 'tickets.work' },
  request: z.strictObject(cannedReplyFields),
  response: cannedReply,
});

export const adminUpdateCannedReply = defineCall({
  path: '/api/admin/tickets/update-canned-reply',
  summary: 'ویرایش پاسخ آماده',
  tag: 'admin',
  access: { permission: 'tickets.work' },
  request: z.strictObject({ id: entityId, ...cannedReplyFields }),
  response: cannedReply,
});

export const adminDeleteCannedReply = defineCall({
  path: '/api/admin/tickets/delete-canned-reply',
  summary: 'حذف پاسخ آماده',
  tag: 'admin',
  access: { permission: 'tickets.work' },
  request: z.strictObject({ id: entityId }),
  response: z.object({ id: z.string() }),
});
