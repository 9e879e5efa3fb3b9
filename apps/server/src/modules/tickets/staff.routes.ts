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
      ({ ticketId, assigneeId }, { actor }) =>
        ticketsAdmin.assignTicket({ db: app.db, actor, ticketId }, assigneeId),
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
      ({ ticketId }, { actor }) => ticketsAdmin.closeTicketAsStaff({ db: app.db, actor, ticketId }),
      { successMessage: 'تیکت بسته شد' },
    );
    registerCall(
      scope,
      adminSetTicketPriority,
      ({ ticketId, priority }, { actor }) =>
        ticketsAdmin.setTicketPriority({ db: app.db, actor, ticketId }, priority),
      { successMessage: 'اولویت تیکت تغییر کرد' },
    );
    registerCall(
      scope,
      adminSetTicketDepartment,
      ({ ticketId, department }, { actor }) =>
        ticketsAdmin.setTicketDepartment({ db: app.db, actor, ticketId }, department),
      { successMessage: 'تیکت به بخش دیگر رفت' },
    );

    registerCall(scope, adminListCannedReplies, (query) =>
      cannedReplies.listCannedReplies(app.db, query),
    );
    registerCall(
      scope,
      adminCreateCannedReply,
      (input, { actor }) => cannedReplies.createCannedReply(app.db, actor, input),
      { successMessage: 'پاسخ آماده ذخیره شد' },
    );
    registerCall(
      scope,
      adminUpdateCannedReply,
      (input, { actor }) => cannedReplies.updateCannedReply(app.db, actor, input),
      { successMessage: 'پاسخ آماده ذخیره شد' },
    );
    registerCall(
      scope,
      adminDeleteCannedReply,
      ({ id }, { actor }) => cannedReplies.deleteCannedReply(app.db, actor, id),
      { successMessage: 'پاسخ آماده حذف شد' },
    );
  });
}
