import { DOMAIN_STATUS_LABELS, pageUrl } from '@vitrin/contracts';
import { formatJalaliLongDate, formatToman } from '@vitrin/fa';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { type JobContext, sendInTransaction } from '../../lib/job-queue';
import type { Logger } from '../../lib/logger';
import type { MailSender } from '../../providers/email/mail-sender';
import type { SmsSender } from '../../providers/sms/sms-sender';
import { peopleView } from '../accounts';
import { deliverNotice, type NoticeDelivery, type NoticeText } from '../services';
import type { DomainRow } from './lifecycle';
import { domainNotices, domains } from './schema';

// Telling a domain's owner what its registry did (issue 38), and staff when a domain needs a
// person. As with services' notices: a job queued in the transaction of its event, each channel
// claimed before sending and marked after, so a retried job never sends twice what went.

export const DOMAIN_NOTICE_JOB = 'domains.notice';

export const DOMAIN_NOTICE_KINDS = [
  'registered',
  'transferred-in',
  'pending-approval',
  'refused',
  'transfer-code-refused',
  'renewed',
  'renewal-refused',
  'restored',
  'restore-refused',
  'transfer-cancelled',
  'expiring',
  'renewal-due',
  'expired',
  'staff-alert',
] as const;
export type DomainNoticeKind = (typeof DOMAIN_NOTICE_KINDS)[number];

export interface DomainNoticeData {
  domainId: string;
  kind: DomainNoticeKind;
  eventKey: string;
  /** What happened, for a refusal or a staff alert. */
  message?: string;
  /** The money sent back to the wallet with a refusal. */
  refundedRial?: number;
}

export interface DomainNoticeDeps {
  db: Database;
  sms: SmsSender;
  mail: MailSender;
  log: Logger;
  publicUrl: string;
  staffAlertEmails: readonly string[];
}

export function queueDomainNotice(
  tx: Transaction,
  domain: Pick<DomainRow, 'id'>,
  kind: DomainNoticeKind,
  now: Date,
  extra: Pick<DomainNoticeData, 'message' | 'refundedRial'> = {},
) {
  const data: DomainNoticeData = {
    domainId: domain.id,
    kind,
    eventKey: `domain.${kind}.${domain.id}.${now.getTime()}`,
    ...extra,
  };
  return sendInTransaction(tx, DOMAIN_NOTICE_JOB, data);
}

/** What a refusal's message says of the money: back in the wallet, or none was taken. */
function refundSentence(refundedRial: number | undefined | null): string {
  return refundedRial && refundedRial > 0
    ? `مبلغ ${formatToman(refundedRial)} به کیف پول شما برگشت.`
    : 'مبلغی از شما کم نشده است.';
}

export function domainNoticeText(
  data: DomainNoticeData,
  domain: DomainRow,
  owner: { firstName: string | null },
  publicUrl: string,
): NoticeText {
  const link = pageUrl(publicUrl, 'myDomain', { domainId: domain.id });
  const name = domain.name;
  const greeting = owner.firstName ? `${owner.firstName} عزیز، سلام` : 'سلام';
  const expiry = domain.expiresAt ? formatJalaliLongDate(domain.expiresAt) : null;
  const details = [
    { label: 'دامنه', value: name, ltr: true },
    { label: 'وضعیت', value: DOMAIN_STATUS_LABELS[domain.status] },
    ...(expiry ? [{ label: 'اعتبار تا', value: expiry }] : []),
  ];
  const action = { label: 'مشاهدهٔ دامنه', url: link };
  switch (data.kind) {
    case 'registered':
    case 'transferred-in': {
      const done = data.kind === 'registered' ? 'ثبت شد' : 'به ویترین منتقل شد';
      return {
        sms: `دامنهٔ ${name} ${done}${expiry ? ` و تا ${expiry} اعتبار دارد` : ''}. مدیریت: ${link}`,
        subject: `دامنهٔ ${name} ${done}`,
        email: {
          title: `دامنهٔ شما ${done}`,
          greeting,
          paragraphs: [
            `دامنهٔ ${name} ${done} و اکنون از آنِ شماست.`,
            'نام‌سرورها، رکوردهای DNS و تمدید خودکار را در صفحهٔ دامنه مدیریت کنید.',
          ],
          details,
          action,
        },
      };
    }
    case 'pending-approval':
      return {
        sms: `درخواست دامنهٔ ${name} به ثبت‌کننده رسید و در انتظار تأیید اوست. پیگیری: ${link}`,
        subject: `دامنهٔ ${name} در انتظار تأیید ثبت‌کننده است`,
        email: {
          title: 'دامنهٔ شما در انتظار تأیید ثبت‌کننده است',
          greeting,
          paragraphs: [
            `ثبت‌کننده درخواست دامنهٔ ${name} را گرفت و پس از بررسی پاسخ می‌دهد.`,
            'نتیجه را با پیامک و رایانامه خبر می‌دهیم؛ اگر ثبت‌کننده نپذیرد، مبلغ به کیف پول شما برمی‌گردد.',
          ],
          details,
          action,
        },
      };
    case 'refused': {
      const refund = refundSentence(data.refundedRial);
      return {
        sms: `ثبت‌کننده دامنهٔ ${name} را نپذیرفت. ${refund} ${link}`,
        subject: `دامنهٔ ${name} ثبت نشد`,
        email: {
          title: 'دامنهٔ شما ثبت نشد',
          greeting,
          paragraphs: [
            `ثبت‌کننده درخواست دامنهٔ ${name} را نپذیرفت${data.message ? `: ${data.message}` : '.'}`,
            `${refund} صورت‌حساب برگشتی آن در بخش اسناد مالی است.`,
          ],
          details,
          action,
        },
      };
    }
    case 'transfer-code-refused':
      return {
        sms: `کد انتقال دامنهٔ ${name} پذیرفته نشد. کد درست را از دارندهٔ فعلی بگیرید و وارد کنید: ${link}`,
        subject: `کد انتقال دامنهٔ ${name} پذیرفته نشد`,
        email: {
          title: 'کد انتقال دامنه پذیرفته نشد',
          greeting,
          paragraphs: [
            `ثبت‌کننده کد انتقالی را که برای ${name} وارد کردید نپذیرفت.`,
            'کد تازه را از ثبت‌کنندهٔ فعلی دامنه بگیرید و در صفحهٔ دامنه وارد کنید؛ انتقال از همان‌جا ادامه می‌یابد.',
          ],
          details,
          action,
        },
      };
    case 'renewed':
      return {
        sms: `دامنهٔ ${name} تمدید شد${expiry ? ` و تا ${expiry} اعتبار دارد` : ''}. ${link}`,
        subject: `دامنهٔ ${name} تمدید شد`,
        email: {
          title: 'دامنهٔ شما تمدید شد',
          greeting,
          paragraphs: [`ثبت‌کننده تمدید دامنهٔ ${name} را انجام داد.`],
          details,
          action,
        },
      };
    case 'renewal-refused': {
      const refund = refundSentence(data.refundedRial);
      return {
        sms: `ثبت‌کننده تمدید دامنهٔ ${name} را نپذیرفت. ${refund} ${link}`,
        subject: `تمدید دامنهٔ ${name} انجام نشد`,
        email: {
          title: 'تمدید دامنهٔ شما انجام نشد',
          greeting,
          paragraphs: [
            `ثبت‌کننده تمدید دامنهٔ ${name} را نپذیرفت.`,
            `${refund} صورت‌حساب برگشتی آن در بخش اسناد مالی است. برای پیگیری تیکت بفرستید.`,
          ],
          details,
          action,
        },
      };
    }
    case 'restored':
      return {
        sms: `دامنهٔ ${name} از دورهٔ بازخرید بازگشت${expiry ? ` و تا ${expiry} اعتبار دارد` : ''}. ${link}`,
        subject: `دامنهٔ ${name} بازگردانده شد`,
        email: {
          title: 'دامنهٔ شما بازگردانده شد',
          greeting,
          paragraphs: [
            `ثبت‌کننده دامنهٔ ${name} را از دورهٔ بازخرید بازگرداند و تمدید کرد.`,
            'دامنه دوباره فعال است؛ تمدید خودکار را روشن نگه دارید تا دوباره منقضی نشود.',
          ],
          details,
          action,
        },
      };
    case 'restore-refused': {
      const refund = refundSentence(data.refundedRial);
      return {
        sms: `ثبت‌کننده بازگردانی دامنهٔ ${name} را نپذیرفت. ${refund} ${link}`,
        subject: `بازگردانی دامنهٔ ${name} انجام نشد`,
        email: {
          title: 'بازگردانی دامنهٔ شما انجام نشد',
          greeting,
          paragraphs: [
            `ثبت‌کننده بازگردانی دامنهٔ ${name} از دورهٔ بازخرید را نپذیرفت.`,
            `${refund} صورت‌حساب برگشتی آن در بخش اسناد مالی است. برای پیگیری تیکت بفرستید.`,
          ],
          details,
          action,
        },
      };
    }
    case 'transfer-cancelled': {
      const refund = refundSentence(data.refundedRial);
      return {
        sms: `انتقال دامنهٔ ${name} به درخواست شما لغو شد. ${refund} ${link}`,
        subject: `انتقال دامنهٔ ${name} لغو شد`,
        email: {
          title: 'انتقال دامنه لغو شد',
          greeting,
          paragraphs: [
            `انتقال دامنهٔ ${name} به ویترین به درخواست شما لغو شد و دامنه نزد ثبت‌کنندهٔ فعلی‌اش می‌ماند.`,
            `${refund} صورت‌حساب برگشتی آن در بخش اسناد مالی است.`,
          ],
          details,
          action,
        },
      };
    }
    case 'expiring':
      return {
        sms: `دامنهٔ ${name}${expiry ? ` در ${expiry}` : ''} منقضی می‌شود${data.message ? ` (${data.message})` : ''}. تمدید: ${link}`,
        subject: `دامنهٔ ${name} به‌زودی منقضی می‌شود`,
        email: {
          title: 'دامنهٔ شما به‌زودی منقضی می‌شود',
          greeting,
          paragraphs: [
            `دامنهٔ ${name}${expiry ? ` تا ${expiry}` : ''} اعتبار دارد.`,
            data.message ??
              'اگر تمدید نشود، پس از دورهٔ ارفاق از دسترس بیرون می‌رود و دیگری می‌تواند آن را ثبت کند.',
          ],
          details,
          action: { label: 'تمدید دامنه', url: link },
        },
      };
    case 'renewal-due':
      return {
        sms: `تمدید خودکار دامنهٔ ${name} انجام نشد چون موجودی کیف پول کافی نبود. سفارش تمدید آماده است: ${link}`,
        subject: `تمدید خودکار دامنهٔ ${name} منتظر پرداخت است`,
        email: {
          title: 'تمدید خودکار منتظر پرداخت شماست',
          greeting,
          paragraphs: [
            `موجودی کیف پول برای تمدید خودکار دامنهٔ ${name} کافی نبود؛ سفارش تمدید برایتان ساخته شد.`,
            'با پرداخت سفارش، دامنه بی‌درنگ در ثبت‌کننده تمدید می‌شود.',
          ],
          details,
          action: data.message ? { label: 'پرداخت سفارش تمدید', url: data.message } : action,
        },
      };
    case 'expired':
      return {
        sms: `دامنهٔ ${name} منقضی شد. تا پایان دورهٔ ارفاق با همان بهای تمدید برمی‌گردد: ${link}`,
        subject: `دامنهٔ ${name} منقضی شد`,
        email: {
          title: 'دامنهٔ شما منقضی شد',
          greeting,
          paragraphs: [
            `دامنهٔ ${name} منقضی شده و در دورهٔ ارفاق است.`,
            'تا پایان این دوره با بهای تمدید برمی‌گردد؛ پس از آن بازگرداندنش هزینهٔ بیشتری دارد و سپس آزاد می‌شود.',
          ],
          details,
          action: { label: 'تمدید دامنه', url: link },
        },
      };
    case 'staff-alert': {
      const staffLink = pageUrl(publicUrl, 'adminCustomers');
      return {
        sms: `دامنهٔ ${name} به کارشناس نیاز دارد: ${data.message ?? ''}`,
        subject: `دامنهٔ ${name} به کارشناس نیاز دارد`,
        email: {
          title: 'دامنه‌ای به کارشناس نیاز دارد',
          greeting: 'سلام',
          paragraphs: [`دامنهٔ ${name}: ${data.message ?? 'وضعیت آن را بررسی کنید.'}`],
          details,
          action: { label: 'کنسول مدیریت', url: staffLink },
        },
      };
    }
  }
}

async function claim(
  db: Database,
  data: DomainNoticeData,
  channel: 'sms' | 'email',
  recipient: string,
): Promise<boolean> {
  const rows = await db
    .insert(domainNotices)
    .values({
      domainId: data.domainId,
      kind: data.kind,
      eventKey: data.eventKey,
      channel,
      recipient,
      state: 'sending',
    })
    .onConflictDoUpdate({
      target: [domainNotices.eventKey, domainNotices.channel, domainNotices.recipient],
      set: { attempts: sql`${domainNotices.attempts} + 1` },
      setWhere: eq(domainNotices.state, 'sending'),
    })
    .returning({ id: domainNotices.id });
  return rows.length > 0;
}

async function mark(
  db: Database,
  data: DomainNoticeData,
  channel: 'sms' | 'email',
  recipient: string,
  outcome: { state: 'sent' } | { state: 'failed'; error: string },
) {
  await db
    .update(domainNotices)
    .set({
      state: outcome.state,
      sentAt: outcome.state === 'sent' ? new Date() : null,
      error: outcome.state === 'failed' ? outcome.error : null,
    })
    .where(
      and(
        eq(domainNotices.eventKey, data.eventKey),
        eq(domainNotices.channel, channel),
        eq(domainNotices.recipient, recipient),
      ),
    );
}

/** One run of the notice job: each channel and recipient once. */
export async function sendDomainNotice(
  deps: DomainNoticeDeps,
  data: DomainNoticeData,
  context: JobContext,
): Promise<void> {
  const [found] = await deps.db
    .select({
      domain: domains,
      mobile: peopleView.mobile,
      email: peopleView.email,
      firstName: peopleView.firstName,
    })
    .from(domains)
    .innerJoin(peopleView, eq(peopleView.id, domains.userId))
    .where(eq(domains.id, data.domainId));
  if (!found) return;
  const text = domainNoticeText(data, found.domain, found, deps.publicUrl);
  const deliveries: NoticeDelivery[] =
    data.kind === 'staff-alert'
      ? deps.staffAlertEmails.map((to) => ({ channel: 'email' as const, to }))
      : [
          { channel: 'sms' as const, to: found.mobile },
          ...(found.email ? [{ channel: 'email' as const, to: found.email }] : []),
        ];
  await deliverNotice(deps, { kind: data.kind, eventKey: data.eventKey }, text, deliveries, {
    claim: (channel, to) => claim(deps.db, data, channel, to),
    mark: (channel, to, outcome) => mark(deps.db, data, channel, to, outcome),
    lastAttempt: context.lastAttempt,
  });
}
