import {
  closeTicket,
  entityId,
  errorEnvelope,
  getTicketDetail,
  getTicketReplies,
  getUserTickets,
  RED_DOT_UNREAD_TICKETS,
  submitReply,
  submitTicket,
  TICKET_ATTACHMENT_PATH,
} from '@vitrin/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../lib/register-call';
import { type AuthUser, withUser } from '../../plugins/auth';
import { contentDisposition } from '../files';
import { readAttachment } from './ticket-attachments';
import { runTicketsJob } from './tickets.jobs';
import * as ticketsService from './tickets.service';

/** A read-back answer can never run script: no sniffing, no caching, a sandbox with no script. */
const DOWNLOAD_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
  'content-security-policy':
    "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
} as const;

/** The download's body (TICKET_ATTACHMENT_PATH): the id the upload answered. */
const attachmentRequest = z.strictObject({ attachmentId: entityId });

function signedInUser(request: FastifyRequest): AuthUser {
  // withUser's hook has set it for every route in the scope.
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/** Registered with fastify-plugin so that `app.ticketsJob` is visible to the whole app. */
export const ticketsRoutes = fp(registerTickets, {
  name: 'tickets',
  dependencies: ['auth', 'red-dots', 'sms', 'file-store'],
});

async function registerTickets(app: FastifyInstance) {
  await withUser(app, async (scope) => {
    registerCall(scope, getUserTickets, (query, { user }) =>
      ticketsService.listTickets(app.db, user.id, query),
    );
    registerCall(scope, getTicketDetail, ({ ticketId }, { user }) =>
      ticketsService.getTicketDetail(app.db, user.id, ticketId),
    );
    registerCall(scope, getTicketReplies, ({ ticketId }, { user }) =>
      ticketsService.getTicketReplies(app.db, user.id, ticketId),
    );
    registerCall(
      scope,
      submitTicket,
      (input, { user }) => ticketsService.submitTicket(app.db, user.id, input),
      { successMessage: 'تیکت شما ثبت شد', rateLimit: { max: 10, timeWindowMs: 60_000 } },
    );
    registerCall(
      scope,
      submitReply,
      (input, { user }) => ticketsService.submitReply(app.db, user.id, input),
      { successMessage: 'پاسخ شما ثبت شد', rateLimit: { max: 30, timeWindowMs: 60_000 } },
    );
    registerCall(
      scope,
      closeTicket,
      ({ ticketId }, { user }) => ticketsService.closeTicket(app.db, user.id, ticketId),
      { successMessage: 'تیکت بسته شد' },
    );

    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: TICKET_ATTACHMENT_PATH,
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        summary: 'خواندن فایل یک پیوست تیکت (پاسخ: خود فایل)',
        description:
          'Answers the raw bytes with their stored Content-Type, `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store` and a sandboxing Content-Security-Policy. Readable by the ticket’s owner, the uploader while the file is loose, and staff; anyone else gets 404.',
        tags: ['tickets'],
        security: [{ bearer: [] }],
        body: attachmentRequest,
        response: { '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
      handler: async (request, reply) => {
        const file = await readAttachment(app, signedInUser(request), request.body.attachmentId);
        // The answer is the file itself, not an envelope the schema would describe.
        return (reply as FastifyReply)
          .headers(DOWNLOAD_HEADERS)
          .header('content-disposition', contentDisposition(file.fileName, file.contentType))
          .type(file.contentType)
          .send(file.bytes);
      },
    });
  });

  app.redDots.addSource(async (db, user) => [
    { title: RED_DOT_UNREAD_TICKETS, value: await ticketsService.countUnreadTickets(db, user.id) },
  ]);

  const ticketsJob = app.jobs.periodic('tickets.upkeep', app.config.jobsIntervalMs, async (now) => {
    const report = await runTicketsJob(app, now);
    if (report.closedTickets + report.sentNotices > 0) {
      app.log.info({ job: 'tickets', ...report }, 'tickets job');
    }
  });
  app.decorate('ticketsJob', ticketsJob);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The tickets' background work, run once by hand (tests, the browser test, an operator). */
    ticketsJob: { runOnce(now?: Date): Promise<boolean> };
  }
}
