import {
  adminAssignTicket,
  adminCloseTicket,
  adminCreateCannedReply,
  adminDeleteCannedReply,
  adminGetTicket,
  adminListCannedReplies,
  adminListStaffMembers,
  adminListTickets,
  adminReplyTicket,
  adminSetTicketDepartment,
  adminSetTicketPriority,
  adminUpdateCannedReply,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import * as cannedReplies from './canned-replies.service';
import * as ticketsAdmin from './staff-tickets.service';
import { replyAsStaff } from './tickets.service';

/**
 * The staff console's tickets calls (issue 8): support and admins alike. Replies and notes go
 * through the tickets module, so the customer's side (status, SMS, red dot) stays its rules.
 */
export async function staffTicketsRoutes(app: FastifyInstance): Promise<void> {
  await withUser(app, async (scope) => {
    registerCall(scope, adminListTickets, (query, { user }) =>
      ticketsAdmin.listQueue(app.db, user.id, query),
    );
    registerCall(scope, adminGetTicket, ({ ticketId }) =>
      ticketsAdmin.getStaffTicket(app.db, ticketId),
    );
    registerCall(scope, adminListStaffMembers, async () => ({
      items: await ticketsAdmin.listStaffMembers(app.db),
    }));
    registerCall(
      scope,
      adminAssignTicket,
      ({ ticketId, assigneeId }, { user, request }) =>
        ticketsAdmin.assignTicket(
          { db: app.db, staffId: user.id, ticketId, ipAddress: request.ip },
          assigneeId,
        ),
      { successMessage: 'مسئول تیکت ثبت شد' },
    );
    registerCall(
      scope,
      adminReplyTicket,
      async (input, { user, request }) => {
        await replyAsStaff(app, {
          ticketId: input.ticketId,
          staffUserId: user.id,
          body: input.body,
          attachmentIds: input.attachmentIds,
          internal: input.internal,
          ipAddress: request.ip,
        });
        return ticketsAdmin.getStaffTicket(app.db, input.ticketId);
      },
      { successMessage: 'پیام ثبت شد', rateLimit: { max: 60, timeWindowMs: 60_000 } },
    );
    registerCall(
      scope,
      adminCloseTicket,
      ({ ticketId }, { user, request }) =>
        ticketsAdmin.closeTicketAsStaff({
          db: app.db,
          staffId: user.id,
          ticketId,
          ipAddress: request.ip,
        }),
      { successMessage: 'تیکت بسته شد' },
    );
    registerCall(
      scope,
      adminSetTicketPriority,
      ({ ticketId, priority }, { user, request }) =>
        ticketsAdmin.setTicketPriority(
          { db: app.db, staffId: user.id, ticketId, ipAddress: request.ip },
          priority,
        ),
      { successMessage: 'اولویت تیکت تغییر کرد' },
    );
    registerCall(
      scope,
      adminSetTicketDepartment,
      ({ ticketId, department }, { user, request }) =>
        ticketsAdmin.setTicketDepartment(
          { db: app.db, staffId: user.id, ticketId, ipAddress: request.ip },
          department,
        ),
      { successMessage: 'تیکت به بخش دیگر رفت' },
    );

    registerCall(scope, adminListCannedReplies, (query) =>
      cannedReplies.listCannedReplies(app.db, query),
    );
    registerCall(
      scope,
      adminCreateCannedReply,
      (input, { user, request }) =>
        cannedReplies.createCannedReply(app.db, { staffId: user.id, ipAddress: request.ip }, input),
      { successMessage: 'پاسخ آماده ذخیره شد' },
    );
    registerCall(
      scope,
      adminUpdateCannedReply,
      (input, { user, request }) =>
        cannedReplies.updateCannedReply(app.db, { staffId: user.id, ipAddress: request.ip }, input),
      { successMessage: 'پاسخ آماده ذخیره شد' },
    );
    registerCall(
      scope,
      adminDeleteCannedReply,
      ({ id }, { user, request }) =>
        cannedReplies.deleteCannedReply(app.db, { staffId: user.id, ipAddress: request.ip }, id),
      { successMessage: 'پاسخ آماده حذف شد' },
    );
  });
}
