import { pageUrl, SERVICE_STATUS_LABELS } from '@vitrin/contracts';
import { formatJalaliLongDate } from '@vitrin/fa';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { type JobContext, sendInTransaction } from '../../lib/job-queue';
import type { Logger } from '../../lib/logger';
import { type EmailContent, renderEmail } from '../../providers/email/email-layout';
import { MailSendError, type MailSender } from '../../providers/email/mail-sender';
import type { SmsSender } from '../../providers/sms/sms-sender';
import { peopleView } from '../accounts';
import { ordersView } from '../orders';
import type { ServiceRow } from './lifecycle';
import { serviceNotices, services } from './schema';

// Telling people what happened to a service (issue 20): the customer by SMS and e-mail, staff
// by e-mail when a service needs them. Each notice is a job queued in the transaction of the
// event it reports, so it is neither lost (the event committed, so did the job) nor sent for an
// event that did not happen. Per channel it is claimed before sending and marked after, so a
// retried job never sends again what went; see serviceNotices for the one gap and its cover.

export const NOTICE_JOB = 'services.notice';

export const NOTICE_KINDS = [
  'awaiting-delivery',
  'delivered',
  'ready',
  'taken-over',
  'suspension-warning',
  'suspended',
  'renewed',
  'termination-warning',
  'terminated',
  'staff-alert',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface NoticeData {
  serviceId: string;
  kind: NoticeKind;
  /** One event: `<kind>.<service id>.<when>`. */
  eventKey: string;
  /** Staff alerts: what happened. */
  message?: string;
}

export interface NoticeDeps {
  db: Database;
  sms: SmsSender;
  mail: MailSender;
  log: Logger;
  publicUrl: string;
  staffAlertEmails: readonly string[];
}

function eventKey(kind: NoticeKind, serviceId: string, now: Date): string {
  return `${kind}.${serviceId}.${now.getTime()}`;
}

/** Queues a notice to the service's owner, in the transaction of its event. */
export function queueServiceNotice(
  tx: Transaction,
  service: Pick<ServiceRow, 'id'>,
  kind: Exclude<NoticeKind, 'staff-alert'>,
  now: Date,
) {
  const data: NoticeData = {
    serviceId: service.id,
    kind,
    eventKey: eventKey(kind, service.id, now),
  };
  return sendInTransaction(tx, NOTICE_JOB, data);
}

/**
 * Queues an e-mail to staff that a service needs them (the console shows it in any case).
 * `key` names the event when it must be told once whatever the time (a delivery overdue).
 */
export function queueStaffAlert(
  tx: Transaction,
  service: Pick<ServiceRow, 'id'>,
  message: string,
  now: Date,
  key?: string,
) {
  const data: NoticeData = {
    serviceId: service.id,
    kind: 'staff-alert',
    eventKey: key ? `staff-alert.${key}.${service.id}` : eventKey('staff-alert', service.id, now),
    message,
  };
  return sendInTransaction(tx, NOTICE_JOB, data);
}

interface Recipient {
  mobile: string;
  email: string | null;
  firstName: string | null;
}

export interface NoticeText {
  sms: string;
  subject: string;
  email: EmailContent;
}

/** What each notice says (Persian; the e-mail in the RTL layout with a plain-text part). */
export function noticeText(
  kind: NoticeKind,
  service: ServiceRow,
  owner: Recipient,
  publicUrl: string,
  message?: string,
): NoticeText {
  const link = pageUrl(publicUrl, 'service', { serviceId: service.id });
  const name = `«${service.name}»`;
  const greeting = owner.firstName ? `${owner.firstName} عزیز، سلام` : 'سلام';
  const expiry = service.expiresAt ? formatJalaliLongDate(service.expiresAt) : null;
  const account = [
    ...(service.domainName ? [{ label: 'دامنه', value: service.domainName, ltr: true }] : []),
    ...(service.panelUsername
      ? [{ label: 'نام کاربری کنترل پنل', value: service.panelUsername, ltr: true }]
      : []),
    ...(expiry ? [{ label: 'اعتبار تا', value: expiry }] : []),
  ];
  const open = { label: 'مشاهدهٔ سرویس', url: link };
  switch (kind) {
    case 'awaiting-delivery':
      return {
        sms: `پرداخت ${name} انجام شد. کارشناسان ما این سرویس را دستی تحویل می‌دهند و دورهٔ آن از روز تحویل آغاز می‌شود. پیگیری: ${link}`,
        subject: `${service.name} در انتظار تحویل است`,
        email: {
          title: 'سرویس شما در انتظار تحویل است',
          greeting,
          paragraphs: [
            `پرداخت سرویس ${name} انجام شد. این سرویس را کارشناسان ما دستی آماده و تحویل می‌دهند.`,
            'دورهٔ سرویس از روز تحویل آغاز می‌شود، نه از امروز. وقتی تحویل شد، پیامک و رایانامه می‌گیرید و اطلاعات دسترسی در صفحهٔ سرویس است.',
          ],
          details: account,
          action: open,
        },
      };
    case 'delivered':
      return {
        sms: `سرویس ${name} تحویل شد${expiry ? ` و تا ${expiry} اعتبار دارد` : ''}. اطلاعات دسترسی در پنل ویترین: ${link}`,
        subject: `سرویس ${service.name} تحویل شد`,
        email: {
          title: 'سرویس شما تحویل شد',
          greeting,
          paragraphs: [
            `سرویس ${name} آماده است و دورهٔ آن از امروز آغاز شد.`,
            'اطلاعات دسترسی را در صفحهٔ سرویس، پس از وارد کردن گذرواژهٔ حساب ویترین خود، می‌بینید.',
          ],
          details: account,
          action: open,
        },
      };
    case 'ready':
      return {
        sms: `سرویس ${name} شما آماده است. ورود به کنترل پنل و گذرواژه در پنل ویترین: ${link}`,
        subject: `سرویس ${service.name} آماده است`,
        email: {
          title: 'سرویس شما آماده است',
          greeting,
          paragraphs: [
            `سرویس ${name} راه‌اندازی شد و کار می‌کند.`,
            'گذرواژهٔ کنترل پنل را در صفحهٔ سرویس، پس از وارد کردن گذرواژهٔ حساب ویترین خود، می‌بینید؛ دکمهٔ «ورود به کنترل پنل» شما را بی‌گذرواژه وارد می‌کند.',
          ],
          details: account,
          action: open,
        },
      };
    case 'taken-over':
      return {
        sms: `راه‌اندازی سرویس ${name} به کارشناس پشتیبانی سپرده شد و به‌زودی آماده می‌شود. پیگیری: ${link}`,
        subject: `راه‌اندازی ${service.name} در دست پشتیبانی است`,
        email: {
          title: 'راه‌اندازی سرویس در دست پشتیبانی است',
          greeting,
          paragraphs: [
            `راه‌اندازی خودکار سرویس ${name} به مشکل خورد و کارشناسان ما آن را در دست گرفته‌اند.`,
            'نیازی به کاری از سوی شما نیست؛ وقتی سرویس آماده شد، پیامک و رایانامه می‌گیرید.',
          ],
          details: account,
          action: open,
        },
      };
    case 'suspension-warning':
      return {
        sms: `سرویس ${name} منقضی شده است و اگر تمدید نشود به‌زودی معلق می‌شود. تمدید: ${link}`,
        subject: `سرویس ${service.name} به‌زودی معلق می‌شود`,
        email: {
          title: 'سرویس شما به‌زودی معلق می‌شود',
          greeting,
          paragraphs: [
            `مهلت سرویس ${name} به پایان رسیده است و در دورهٔ ارفاق است.`,
            'اگر تا پایان این دوره تمدید نشود، سرویس معلق می‌شود و سایت از دسترس بیرون می‌رود.',
          ],
          details: account,
          action: { label: 'تمدید سرویس', url: link },
        },
      };
    case 'suspended':
      return {
        sms: `سرویس ${name} به دلیل تمدیدنشدن معلق شد. با تمدید، بی‌درنگ فعال می‌شود: ${link}`,
        subject: `سرویس ${service.name} معلق شد`,
        email: {
          title: 'سرویس شما معلق شد',
          greeting,
          paragraphs: [
            `سرویس ${name} تمدید نشد و معلق شد؛ سایت اکنون در دسترس نیست، ولی داده‌های آن هنوز نگه داشته می‌شود.`,
            'با پرداخت تمدید، سرویس بی‌درنگ دوباره فعال می‌شود.',
          ],
          details: account,
          action: { label: 'تمدید و فعال‌سازی', url: link },
          warning: 'اگر سرویس معلق تمدید نشود، پس از مدتی حذف می‌شود و داده‌های آن بازنمی‌گردد.',
        },
      };
    case 'renewed':
      return {
        sms: `سرویس ${name} تمدید شد${expiry ? ` و تا ${expiry} اعتبار دارد` : ''}.`,
        subject: `سرویس ${service.name} تمدید شد`,
        email: {
          title: 'سرویس شما تمدید شد',
          greeting,
          paragraphs: [`تمدید سرویس ${name} پرداخت شد و سرویس فعال است.`],
          details: account,
          action: open,
        },
      };
    case 'termination-warning':
      return {
        sms: `هشدار: سرویس معلق ${name} و همهٔ داده‌هایش به‌زودی حذف می‌شود. برای نگه داشتن آن تمدید کنید: ${link}`,
        subject: `هشدار حذف سرویس ${service.name}`,
        email: {
          title: 'سرویس شما به‌زودی حذف می‌شود',
          greeting,
          paragraphs: [`سرویس ${name} معلق است و به‌زودی حذف می‌شود.`],
          details: account,
          action: { label: 'تمدید سرویس', url: link },
          warning: 'پس از حذف، فایل‌ها، پایگاه داده و رایانامه‌های این سرویس بازگرداندنی نیست.',
        },
      };
    case 'terminated':
      return {
        sms: `سرویس ${name} و داده‌هایش حذف شد.`,
        subject: `سرویس ${service.name} حذف شد`,
        email: {
          title: 'سرویس شما حذف شد',
          greeting,
          paragraphs: [
            `سرویس ${name} ${SERVICE_STATUS_LABELS[service.status]} است و حساب آن از سرور برداشته شد.`,
            'اگر این سرویس را دوباره می‌خواهید، از فروشگاه ویترین آن را سفارش دهید.',
          ],
          details: account,
        },
      };
    case 'staff-alert':
      return {
        sms: '',
        subject: `نیاز به اقدام: ${service.name}`,
        email: {
          title: 'سرویسی به کارشناس نیاز دارد',
          paragraphs: [message ?? 'یک سرویس در صف راه‌اندازی ناموفق است.'],
          details: [
            { label: 'سرویس', value: service.name },
            { label: 'وضعیت', value: SERVICE_STATUS_LABELS[service.status] },
            { label: 'شناسه', value: service.id, ltr: true },
          ],
          action: {
            label: 'پروندهٔ سرویس در کنسول',
            url: pageUrl(publicUrl, 'adminProvisioningService', { serviceId: service.id }),
          },
        },
      };
  }
}

/** Claims one delivery; false when it already went (or failed for good) for this event. */
async function claim(
  db: Database,
  data: NoticeData,
  channel: 'sms' | 'email',
  recipient: string,
): Promise<boolean> {
  const rows = await db
    .insert(serviceNotices)
    .values({
      serviceId: data.serviceId,
      kind: data.kind,
      eventKey: data.eventKey,
      channel,
      recipient,
      state: 'sending',
    })
    .onConflictDoUpdate({
      target: [serviceNotices.eventKey, serviceNotices.channel, serviceNotices.recipient],
      set: { attempts: sql`${serviceNotices.attempts} + 1` },
      setWhere: eq(serviceNotices.state, 'sending'),
    })
    .returning({ id: serviceNotices.id });
  return rows.length > 0;
}

async function mark(
  db: Database,
  data: NoticeData,
  channel: 'sms' | 'email',
  recipient: string,
  outcome: { state: 'sent' } | { state: 'failed'; error: string },
) {
  await db
    .update(serviceNotices)
    .set({
      state: outcome.state,
      sentAt: outcome.state === 'sent' ? new Date() : null,
      error: outcome.state === 'failed' ? outcome.error : null,
    })
    .where(
      and(
        eq(serviceNotices.eventKey, data.eventKey),
        eq(serviceNotices.channel, channel),
        eq(serviceNotices.recipient, recipient),
      ),
    );
}

/** One run of the notice job: each channel and recipient once. */
export async function sendServiceNotice(
  deps: NoticeDeps,
  data: NoticeData,
  context: JobContext,
): Promise<void> {
  const [found] = await deps.db
    .select({
      service: services,
      mobile: peopleView.mobile,
      email: peopleView.email,
      firstName: peopleView.firstName,
      // The address given on the order that bought it, when the account has none of its own.
      buyerEmail: sql<string | null>`${ordersView.buyer}->>'email'`,
    })
    .from(services)
    .innerJoin(peopleView, eq(peopleView.id, services.userId))
    .leftJoin(ordersView, eq(ordersView.id, services.orderId))
    .where(eq(services.id, data.serviceId));
  if (!found) return;
  const row = { ...found, email: found.email ?? (found.buyerEmail || null) };
  const text = noticeText(data.kind, row.service, row, deps.publicUrl, data.message);
  const deliveries: Array<{ channel: 'sms' | 'email'; to: string }> =
    data.kind === 'staff-alert'
      ? deps.staffAlertEmails.map((to) => ({ channel: 'email' as const, to }))
      : [
          { channel: 'sms' as const, to: row.mobile },
          ...(row.email ? [{ channel: 'email' as const, to: row.email }] : []),
        ];
  await deliverNotice(deps, { kind: data.kind, eventKey: data.eventKey }, text, deliveries, {
    claim: (channel, to) => claim(deps.db, data, channel, to),
    mark: (channel, to, outcome) => mark(deps.db, data, channel, to, outcome),
    lastAttempt: context.lastAttempt,
  });
}

export interface NoticeDelivery {
  channel: 'sms' | 'email';
  to: string;
}

/** Where a notice's sends are claimed and marked: each event once per channel and recipient. */
export interface NoticeLedger {
  /** True when this run may send (not sent already); false to skip. */
  claim(channel: NoticeDelivery['channel'], to: string): Promise<boolean>;
  mark(
    channel: NoticeDelivery['channel'],
    to: string,
    outcome: { state: 'sent' } | { state: 'failed'; error: string },
  ): Promise<void>;
  /** The job's last run: a failed send is marked failed rather than retried. */
  lastAttempt: boolean;
}

/**
 * Sends one notice to each recipient once (services' and domains' notices alike): claimed before
 * sending and marked after, so a retried job never sends again what went. A send that may work
 * later makes the job throw after the others, to be retried; a permanent one is marked failed.
 */
export async function deliverNotice(
  deps: { sms: SmsSender; mail: MailSender; log: Logger },
  notice: { kind: string; eventKey: string },
  text: NoticeText,
  deliveries: readonly NoticeDelivery[],
  ledger: NoticeLedger,
): Promise<void> {
  let retry: Error | null = null;
  for (const delivery of deliveries) {
    if (!(await ledger.claim(delivery.channel, delivery.to))) continue;
    try {
      if (delivery.channel === 'sms') {
        await deps.sms.sendNotice({ to: delivery.to, text: text.sms, localId: notice.eventKey });
      } else {
        const { html, text: plain } = renderEmail(text.email);
        await deps.mail.send({
          to: delivery.to,
          subject: text.subject,
          html,
          text: plain,
          messageId: notice.eventKey,
        });
      }
      await ledger.mark(delivery.channel, delivery.to, { state: 'sent' });
    } catch (error) {
      const permanent = error instanceof MailSendError && error.permanent;
      if (permanent || ledger.lastAttempt) {
        await ledger.mark(delivery.channel, delivery.to, {
          state: 'failed',
          error: (error as Error).message,
        });
        deps.log.warn(
          { err: error, notice: notice.kind, channel: delivery.channel },
          'notice not delivered',
        );
      } else {
        retry ??= error as Error;
      }
    }
  }
  if (retry) throw retry;
}
