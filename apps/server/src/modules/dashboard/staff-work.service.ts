import {
  type getStaffWork,
  type PathResult,
  pageUrl,
  STAFF_ALERT_REPEAT_HOURS,
  STAFF_ALERT_TRANSFER_WAIT_MINUTES,
  TAX_DEADLINE_DAYS,
  TAX_NOTICE_DAYS,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { renderEmail } from '../../providers/email/email-layout';
import type { MailSender } from '../../providers/email/mail-sender';
import type { SmsSender } from '../../providers/sms/sms-sender';
import { peopleView } from '../accounts';
import { countDomainsNeedingStaff } from '../domains';
import { countWaitingTransferClaims } from '../orders';
import { countServiceWork } from '../services';
import { taxDocumentsOverdue } from '../tax-system';
import { staffWorkAlerts } from './schema';

// What waits for staff (issue 35): the console shows the counts on its menu and dashboard, and
// the periodic job tells admins by SMS and e-mail when a kind of work stands past its
// threshold: once when it crosses, again when it grows or after STAFF_ALERT_REPEAT_HOURS, and
// not at all once it is dealt with.

type StaffWork = PathResult<(typeof getStaffWork)['path']>;

/** The counts as of `now`. */
export async function readStaffWork(db: Database, now: Date = new Date()): Promise<StaffWork> {
  const late = new Date(now.getTime() - STAFF_ALERT_TRANSFER_WAIT_MINUTES * 60_000);
  const [claims, work, domains, taxOverdue] = await Promise.all([
    countWaitingTransferClaims(db, late),
    countServiceWork(db, now),
    countDomainsNeedingStaff(db),
    taxDocumentsOverdue(db, now),
  ]);
  return {
    transferClaims: claims.waiting,
    transferClaimsLate: claims.waitingLong,
    needsAttention: work.needsAttention,
    awaitingDelivery: work.awaitingDelivery,
    overdueDeliveries: work.overdueDeliveries,
    serverGroupsDown: work.serverGroupsDown,
    domainsNeedingStaff: domains,
    taxDocumentsOverdue: taxOverdue,
  };
}

export type StaffWorkKind =
  | 'transfer-claims'
  | 'needs-attention'
  | 'overdue-deliveries'
  | 'server-groups-down'
  | 'domains-need-staff'
  | 'tax-documents-overdue';

interface Standing {
  kind: StaffWorkKind;
  count: number;
  /** One line, for the SMS and the e-mail's paragraph. */
  text: string;
  link: string;
}

/** The kinds of work past their threshold now, each with what to tell admins. */
export function standingWork(work: StaffWork, publicUrl: string): Standing[] {
  const standing: Standing[] = [];
  const n = (count: number) => toPersianDigits(count);
  if (work.transferClaimsLate > 0) {
    standing.push({
      kind: 'transfer-claims',
      count: work.transferClaimsLate,
      text: `${n(work.transferClaimsLate)} پرداخت کارت‌به‌کارت یا واریز بیش از ${n(STAFF_ALERT_TRANSFER_WAIT_MINUTES)} دقیقه منتظر بررسی است`,
      link: pageUrl(publicUrl, 'adminTransfers'),
    });
  }
  if (work.needsAttention > 0) {
    standing.push({
      kind: 'needs-attention',
      count: work.needsAttention,
      text: `راه‌اندازی ${n(work.needsAttention)} سرویس خودکار پیش نرفت و منتظر کارشناس است`,
      link: pageUrl(publicUrl, 'adminWaitingWork'),
    });
  }
  if (work.overdueDeliveries > 0) {
    standing.push({
      kind: 'overdue-deliveries',
      count: work.overdueDeliveries,
      text: `${n(work.overdueDeliveries)} سرویس تحویل دستی از مهلت خود گذشته و هنوز تحویل نشده است`,
      link: pageUrl(publicUrl, 'adminDeliveryQueue'),
    });
  }
  if (work.serverGroupsDown.length > 0) {
    standing.push({
      kind: 'server-groups-down',
      count: work.serverGroupsDown.length,
      text: `همهٔ سرورهای گروه ${work.serverGroupsDown.map((group) => `«${group}»`).join('، ')} خاموش‌اند؛ سرویس‌های تازهٔ این گروه راه‌اندازی نمی‌شوند`,
      link: pageUrl(publicUrl, 'adminProvisioning'),
    });
  }
  if (work.domainsNeedingStaff > 0) {
    standing.push({
      kind: 'domains-need-staff',
      count: work.domainsNeedingStaff,
      text: `${n(work.domainsNeedingStaff)} دامنه منتظر کارشناس است: ثبت، انتقال یا تمدیدی که ثبت‌کننده به پایان نرساند`,
      link: pageUrl(publicUrl, 'adminWaitingWork'),
    });
  }
  if (work.taxDocumentsOverdue > 0) {
    standing.push({
      kind: 'tax-documents-overdue',
      count: work.taxDocumentsOverdue,
      text: `${n(work.taxDocumentsOverdue)} صورتحساب یا سند برگشت از فروش ${n(TAX_NOTICE_DAYS)} روز پس از صدور هنوز در سامانهٔ مودیان پذیرفته نشده است؛ مهلت ارسال ${n(TAX_DEADLINE_DAYS)} روز است`,
      link: pageUrl(publicUrl, 'adminTaxSystem'),
    });
  }
  return standing;
}

export interface StaffAlertDeps {
  db: Database;
  sms: SmsSender;
  mail: MailSender;
  log: Logger;
  publicUrl: string;
  /** Addresses told by e-mail besides the admins' own. */
  staffAlertEmails: readonly string[];
}

/**
 * One run of the admins' alerts as of `now`: tells them what newly stands past its threshold,
 * grew, or has stood STAFF_ALERT_REPEAT_HOURS since they were told; forgets what is dealt
 * with. Answers the kinds told.
 */
export async function alertStaffOfWork(
  deps: StaffAlertDeps,
  now: Date = new Date(),
): Promise<StaffWorkKind[]> {
  const standing = standingWork(await readStaffWork(deps.db, now), deps.publicUrl);
  const told = await deps.db.select().from(staffWorkAlerts);
  const toldOf = new Map(told.map((row) => [row.kind, row]));
  const cleared = told.filter((row) => !standing.some((work) => work.kind === row.kind));
  for (const row of cleared) {
    await deps.db.delete(staffWorkAlerts).where(eq(staffWorkAlerts.kind, row.kind));
  }
  const repeatMs = STAFF_ALERT_REPEAT_HOURS * 3_600_000;
  const due = standing.filter((work) => {
    const last = toldOf.get(work.kind);
    return !last || work.count > last.count || now.getTime() - last.alertedAt.getTime() >= repeatMs;
  });
  if (due.length === 0) return [];

  const admins = await deps.db
    .select({ mobile: peopleView.mobile, email: peopleView.email })
    .from(peopleView)
    .where(and(eq(peopleView.role, 'admin'), isNull(peopleView.lockedAt)));
  const emails = [
    ...new Set([
      ...admins.flatMap((admin) => (admin.email ? [admin.email] : [])),
      ...deps.staffAlertEmails,
    ]),
  ];
  const key = `staff-work.${now.getTime()}`;
  const sms = `ویترین، کارهای منتظر: ${due.map((work) => work.text).join('؛ ')}. ${pageUrl(deps.publicUrl, 'admin')}`;
  const { html, text } = renderEmail({
    title: 'کارهایی منتظر شماست',
    paragraphs: due.map((work) => `${work.text}.`),
    details: due.map((work) => ({ label: 'بررسی', value: work.link, ltr: true })),
    action: { label: 'کنسول کارکنان', url: pageUrl(deps.publicUrl, 'admin') },
  });
  let delivered = false;
  for (const [index, admin] of admins.entries()) {
    try {
      await deps.sms.sendNotice({ to: admin.mobile, text: sms, localId: `${key}.${index}` });
      delivered = true;
    } catch (error) {
      deps.log.warn({ err: error }, 'staff work alert: sms not sent');
    }
  }
  for (const [index, to] of emails.entries()) {
    try {
      await deps.mail.send({
        to,
        subject: `ویترین: ${toPersianDigits(due.length)} نوع کار منتظر کارکنان است`,
        html,
        text,
        messageId: `${key}.${index}`,
      });
      delivered = true;
    } catch (error) {
      deps.log.warn({ err: error }, 'staff work alert: e-mail not sent');
    }
  }
  // Told no one (every send failed): the next run tries again.
  if (!delivered) return [];
  for (const work of due) {
    await deps.db
      .insert(staffWorkAlerts)
      .values({ kind: work.kind, count: work.count, alertedAt: now })
      .onConflictDoUpdate({
        target: staffWorkAlerts.kind,
        set: { count: work.count, alertedAt: now },
      });
  }
  return due.map((work) => work.kind);
}
