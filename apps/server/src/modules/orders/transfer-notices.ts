import { PAYMENT_METHOD_LABELS, pageUrl } from '@vitrin/contracts';
import { formatToman, toPersianDigits } from '@vitrin/fa';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { type JobContext, sendInTransaction } from '../../lib/job-queue';
import type { Logger } from '../../lib/logger';
import { type EmailContent, renderEmail } from '../../providers/email/email-layout';
import { MailSendError, type MailSender } from '../../providers/email/mail-sender';
import type { SmsSender } from '../../providers/sms/sms-sender';
import { peopleView } from '../accounts';
import { buyerProfiles, orders, type PaymentNoticeKind, paymentNotices, payments } from './schema';

// Telling a customer what staff decided about their transfer claim (issue 21), by SMS and
// e-mail, as the services' notices do (services/service-notices.ts): the job is queued in the
// transaction that confirms or rejects, so it exists exactly when the decision does, and each
// channel is claimed before sending and marked after, so a retried job never sends twice what
// went. A claim is reviewed once, so the payment and the kind name the event.

export const TRANSFER_NOTICE_JOB = 'orders.transfer-notice';

export interface TransferNoticeData {
  paymentId: string;
  kind: PaymentNoticeKind;
}

export interface TransferNoticeDeps {
  db: Database;
  sms: SmsSender;
  mail: MailSender;
  log: Logger;
  publicUrl: string;
}

/** Queues the notice of a decision, in the transaction that makes it. */
export function queueTransferNotice(tx: Transaction, paymentId: string, kind: PaymentNoticeKind) {
  const data: TransferNoticeData = { paymentId, kind };
  return sendInTransaction(tx, TRANSFER_NOTICE_JOB, data);
}

type PaymentRow = typeof payments.$inferSelect;

interface NoticeText {
  sms: string;
  subject: string;
  email: EmailContent;
}

/** What each notice says (Persian; the e-mail in the RTL layout with a plain-text part). */
export function transferNoticeText(
  kind: PaymentNoticeKind,
  payment: PaymentRow,
  context: { orderNumber: number | null; firstName: string | null; publicUrl: string },
): NoticeText {
  const method = PAYMENT_METHOD_LABELS[payment.gateway] ?? payment.gateway;
  const amount = formatToman(payment.amountRial);
  const reference = toPersianDigits(payment.transferReference ?? '');
  const order = context.orderNumber === null ? null : toPersianDigits(context.orderNumber);
  const link =
    payment.orderId && !payment.creditedToWallet
      ? pageUrl(context.publicUrl, 'order', { orderId: payment.orderId })
      : pageUrl(context.publicUrl, 'credit');
  const greeting = context.firstName ? `${context.firstName} عزیز، سلام` : 'سلام';
  const details = [
    { label: 'روش پرداخت', value: method },
    { label: 'مبلغ', value: amount },
    { label: 'کد پیگیری', value: reference },
    ...(order ? [{ label: 'سفارش', value: order }] : []),
  ];
  if (kind === 'transfer-rejected') {
    const reason = payment.rejectionReason ?? '';
    const what = order ? `برای سفارش ${order}` : 'برای افزایش اعتبار';
    return {
      sms: `پرداخت ${method} شما (${amount}، کد پیگیری ${reference}) ${what} تأیید نشد: ${reason} — ویترین ${link}`,
      subject: `پرداخت ${method} شما تأیید نشد`,
      email: {
        title: 'پرداخت شما تأیید نشد',
        greeting,
        paragraphs: [
          `کارشناس ما پرداخت ${method} شما ${what} را در حساب شرکت پیدا نکرد یا با مشخصات آن نخواند.`,
          `دلیل: ${reason}`,
          order
            ? 'سفارش شما هنوز در انتظار پرداخت است؛ می‌توانید آن را با روش دیگری بپردازید یا با کد پیگیری درست دوباره ثبت کنید.'
            : 'اگر مبلغ از حساب شما کم شده است، با کد پیگیری درست دوباره ثبت کنید یا تیکت بزنید.',
        ],
        details: [...details, { label: 'دلیل', value: reason }],
        action: { label: order ? 'مشاهدهٔ سفارش' : 'کیف پول', url: link },
      },
    };
  }
  const outcome = payment.creditedToWallet
    ? `سفارش ${order ?? ''} پیش‌تر بسته یا پرداخت شده بود؛ مبلغ به کیف پول شما افزوده شد.`
    : order
      ? `سفارش ${order} پرداخت شد.`
      : 'اعتبار کیف پول شما افزایش یافت.';
  return {
    sms: `پرداخت ${method} شما (${amount}، کد پیگیری ${reference}) تأیید شد. ${outcome} — ویترین ${link}`,
    subject: `پرداخت ${method} شما تأیید شد`,
    email: {
      title: 'پرداخت شما تأیید شد',
      greeting,
      paragraphs: [`پرداخت ${method} شما در حساب شرکت دیده و تأیید شد.`, outcome],
      details,
      action: { label: order && !payment.creditedToWallet ? 'مشاهدهٔ سفارش' : 'کیف پول', url: link },
    },
  };
}

/** Claims one delivery; false when it already went (or failed for good) for this decision. */
async function claim(
  db: Database,
  data: TransferNoticeData,
  channel: 'sms' | 'email',
  recipient: string,
): Promise<boolean> {
  const rows = await db
    .insert(paymentNotices)
    .values({ paymentId: data.paymentId, kind: data.kind, channel, recipient, state: 'sending' })
    .onConflictDoUpdate({
      target: [
        paymentNotices.paymentId,
        paymentNotices.kind,
        paymentNotices.channel,
        paymentNotices.recipient,
      ],
      set: { attempts: sql`${paymentNotices.attempts} + 1` },
      setWhere: eq(paymentNotices.state, 'sending'),
    })
    .returning({ id: paymentNotices.id });
  return rows.length > 0;
}

async function mark(
  db: Database,
  data: TransferNoticeData,
  channel: 'sms' | 'email',
  recipient: string,
  outcome: { state: 'sent' } | { state: 'failed'; error: string },
) {
  await db
    .update(paymentNotices)
    .set({
      state: outcome.state,
      sentAt: outcome.state === 'sent' ? new Date() : null,
      error: outcome.state === 'failed' ? outcome.error : null,
    })
    .where(
      and(
        eq(paymentNotices.paymentId, data.paymentId),
        eq(paymentNotices.kind, data.kind),
        eq(paymentNotices.channel, channel),
        eq(paymentNotices.recipient, recipient),
      ),
    );
}

/** One run of the notice job: each channel once. */
export async function sendTransferNotice(
  deps: TransferNoticeDeps,
  data: TransferNoticeData,
  context: JobContext,
): Promise<void> {
  const [found] = await deps.db
    .select({
      payment: payments,
      orderNumber: orders.number,
      mobile: peopleView.mobile,
      email: peopleView.email,
      firstName: peopleView.firstName,
      // The address the buyer details give, when the account has none of its own.
      buyerEmail: buyerProfiles.email,
    })
    .from(payments)
    .innerJoin(peopleView, eq(peopleView.id, payments.userId))
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(buyerProfiles, eq(buyerProfiles.userId, payments.userId))
    .where(eq(payments.id, data.paymentId));
  if (!found) return;
  const text = transferNoticeText(data.kind, found.payment, {
    orderNumber: found.orderNumber,
    firstName: found.firstName,
    publicUrl: deps.publicUrl,
  });
  const email = found.email ?? (found.buyerEmail || null);
  const deliveries: Array<{ channel: 'sms' | 'email'; to: string }> = [
    { channel: 'sms', to: found.mobile },
    ...(email ? [{ channel: 'email' as const, to: email }] : []),
  ];
  const eventKey = `${data.kind}.${data.paymentId}`;
  let retry: Error | null = null;
  for (const delivery of deliveries) {
    if (!(await claim(deps.db, data, delivery.channel, delivery.to))) continue;
    try {
      if (delivery.channel === 'sms') {
        await deps.sms.sendNotice({ to: delivery.to, text: text.sms, localId: eventKey });
      } else {
        const { html, text: plain } = renderEmail(text.email);
        await deps.mail.send({
          to: delivery.to,
          subject: text.subject,
          html,
          text: plain,
          messageId: eventKey,
        });
      }
      await mark(deps.db, data, delivery.channel, delivery.to, { state: 'sent' });
    } catch (error) {
      const permanent = error instanceof MailSendError && error.permanent;
      if (permanent || context.lastAttempt) {
        await mark(deps.db, data, delivery.channel, delivery.to, {
          state: 'failed',
          error: (error as Error).message,
        });
        deps.log.warn(
          { err: error, notice: data.kind, channel: delivery.channel },
          'transfer notice not delivered',
        );
      } else {
        retry ??= error as Error;
      }
    }
  }
  if (retry) throw retry;
}
