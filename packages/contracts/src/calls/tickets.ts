import { z } from 'zod';
import { defineCall } from '../call';
import {
  TICKET_ATTACHMENT_TYPES,
  TICKET_ATTACHMENTS_PER_MESSAGE,
  TICKET_BODY_MAX_LENGTH,
  TICKET_DEPARTMENTS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX_LENGTH,
} from '../constants';
import { multilineText, text, timestamp } from '../fields';
import { cursorListResult, cursorPaging } from '../list';
import { entityId } from './catalog';

// Support tickets (issue 6, spec §7 `/api/user/tickets/*`, docs/decisions/0013).
// open → answered (staff replied) → customer-reply (the customer replied) → … → closed.
// The customer may close a ticket; a reply reopens it. Text is plain: never rendered as HTML.

export const ticketStatus = z.enum(TICKET_STATUSES);
export const ticketDepartment = z.enum(TICKET_DEPARTMENTS);
export const ticketPriority = z.enum(TICKET_PRIORITIES);

/** A stored file, as the upload answers it and as a message lists it. */
export const ticketAttachment = z.object({
  id: z.string(),
  /** The name the person's file had, cleaned for display. */
  fileName: z.string(),
  /** What the bytes are, found from the content (never from the name). */
  contentType: z.enum(TICKET_ATTACHMENT_TYPES),
  sizeBytes: z.number().int(),
});

export const ticketSummary = z.object({
  id: z.string(),
  /** The number people quote to support. */
  number: z.number().int(),
  subject: z.string(),
  department: ticketDepartment,
  priority: ticketPriority,
  status: ticketStatus,
  relatedService: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** A staff reply the person has not yet read. */
  unread: z.boolean(),
  messageCount: z.number().int(),
  createdAt: timestamp,
  /** The last message's time. */
  lastMessageAt: timestamp,
  closedAt: timestamp.nullable(),
});

export const getUserTickets = defineCall({
  path: '/api/user/tickets/get-user-tickets',
  summary: 'تیکت‌های پشتیبانی کاربر، تازه‌ترین فعالیت اول، با فیلتر وضعیت',
  tag: 'tickets',
  access: 'user',
  request: z.strictObject({ status: ticketStatus.optional(), ...cursorPaging }),
  response: cursorListResult(ticketSummary).extend({
    counts: z.record(ticketStatus, z.number().int()),
  }),
});

const ticketRequest = z.strictObject({ ticketId: entityId });

export const getTicketDetail = defineCall({
  path: '/api/user/tickets/get-ticket-detail',
  summary: 'مشخصات یک تیکت',
  tag: 'tickets',
  access: 'user',
  request: ticketRequest,
  response: ticketSummary,
});

export const ticketMessage = z.object({
  id: z.string(),
  author: z.enum(['customer', 'staff']),
  /** The customer's own name, or the staff member's display name («پشتیبانی ویترین»). */
  authorName: z.string(),
  /** Plain text with line breaks: shown as text, never as HTML. */
  body: z.string(),
  attachments: z.array(ticketAttachment),
  createdAt: timestamp,
});

export const getTicketReplies = defineCall({
  path: '/api/user/tickets/get-ticket-replies',
  summary: 'پیام‌های یک تیکت به ترتیب زمان؛ خواندن، پاسخ‌های پشتیبانی را خوانده‌شده می‌کند',
  tag: 'tickets',
  access: 'user',
  request: ticketRequest,
  response: z.object({ items: z.array(ticketMessage) }),
});

const attachmentIds = z
  .array(entityId)
  .max(TICKET_ATTACHMENTS_PER_MESSAGE, `حداکثر ${TICKET_ATTACHMENTS_PER_MESSAGE} پیوست`)
  .default([]);

export const submitTicket = defineCall({
  path: '/api/user/tickets/submit-ticket',
  summary: 'ثبت تیکت تازه با بخش، اولویت، سرویس مرتبط و پیوست',
  tag: 'tickets',
  access: 'user',
  request: z.strictObject({
    department: ticketDepartment,
    priority: ticketPriority.default('normal'),
    serviceId: entityId.nullable().optional(),
    subject: text({ min: 3, max: TICKET_SUBJECT_MAX_LENGTH }),
    body: multilineText({ min: 10, max: TICKET_BODY_MAX_LENGTH }),
    /** Ids the upload call answered; each is used once. */
    attachmentIds,
  }),
  response: ticketSummary,
});

export const submitReply = defineCall({
  path: '/api/user/tickets/submit-reply',
  summary: 'پاسخ به تیکت؛ تیکت بسته دوباره باز می‌شود',
  tag: 'tickets',
  access: 'user',
  request: z.strictObject({
    ticketId: entityId,
    body: multilineText({ min: 1, max: TICKET_BODY_MAX_LENGTH }),
    attachmentIds,
  }),
  response: ticketSummary,
});

export const closeTicket = defineCall({
  path: '/api/user/tickets/close-ticket',
  summary: 'بستن تیکت به دست مشتری',
  tag: 'tickets',
  access: 'user',
  request: ticketRequest,
  response: ticketSummary,
});

/** The upload's answer (`TICKET_UPLOAD_PATH`, multipart): not a JSON call. */
export const uploadedTicketAttachment = ticketAttachment;
