import {
  adminConfirmTransfer,
  adminListTransferClaims,
  adminRejectTransfer,
  claimTransfer,
  listMyTransferClaims,
} from '@vitrin/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../lib/register-call';
import { withUser } from '../../plugins/auth';
import * as manualPayments from './manual-payments.service';
import {
  sendTransferNotice,
  TRANSFER_NOTICE_JOB,
  type TransferNoticeData,
} from './transfer-notices';

/**
 * Card-to-card and bank transfer (issue 21, decision 0023): the customer's claim and list, the
 * staff queue with confirm and reject, and the job that tells the customer what was decided.
 */
export async function manualPaymentsRoutes(app: FastifyInstance): Promise<void> {
  const deps = {
    db: app.db,
    sms: app.sms,
    mail: app.mail,
    log: app.log,
    publicUrl: app.config.publicUrl,
  };
  app.jobs.define<TransferNoticeData>({
    name: TRANSFER_NOTICE_JOB,
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    concurrency: 2,
    handler: (data, context) => sendTransferNotice(deps, data, context),
  });

  await withUser(app, async (scope) => {
    registerCall(
      scope,
      claimTransfer,
      (input, { user }) => manualPayments.claimTransfer(app.db, user.id, input),
      {
        successMessage: 'پرداخت شما ثبت شد و پس از بررسی کارشناس تأیید می‌شود',
        rateLimit: { max: 20, timeWindowMs: 60_000 },
      },
    );
    registerCall(scope, listMyTransferClaims, (query, { user }) =>
      manualPayments.listMyTransferClaims(app.db, user.id, query),
    );

    registerCall(scope, adminListTransferClaims, (query) =>
      manualPayments.listTransferClaims(app.db, query),
    );
    registerCall(
      scope,
      adminConfirmTransfer,
      ({ paymentId }, { actor }) => manualPayments.confirmTransfer(app.db, paymentId, actor),
      { successMessage: 'پرداخت تأیید شد' },
    );
    registerCall(
      scope,
      adminRejectTransfer,
      ({ paymentId, reason }, { actor }) =>
        manualPayments.rejectTransfer(app.db, paymentId, { reason, actor }),
      { successMessage: 'پرداخت رد شد و به مشتری خبر داده می‌شود' },
    );
  });
}
