import { toPersianDigits } from '@vitrin/fa';
import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { SmsSender } from '../../providers/sms/sms-sender';
import { peopleView } from '../accounts';
import { ticketMessages, tickets } from './schema';

// SMS on a staff reply (decision 0013): once per reply, never twice. The reply's `sms_sent_at`
// is claimed by a conditional update before the send and cleared if the send fails, so the
// tickets job can try again. A crash between claim and send loses that one SMS: at most once.

/** What sending a notice needs: the database, the SMS sender, and somewhere to log. */
export interface NoticeDeps {
  db: Database;
  sms: SmsSender;
  log: Logger;
}

/** Unsent staff replies younger than this are retried by the tickets job. */
export const REPLY_SMS_RETRY_WINDOW_MS = 2 * 24 * 3_600_000;
const SUBJECT_IN_SMS_MAX_LENGTH = 40;

/** The notice's text: the ticket's number in Persian digits and its subject, shortened. */
export function staffReplyNoticeText(ticket: { number: number; subject: string }): string {
  const characters = Array.from(ticket.subject);
  const subject =
    characters.length > SUBJECT_IN_SMS_MAX_LENGTH
      ? `${characters.slice(0, SUBJECT_IN_SMS_MAX_LENGTH - 1).join('')}…`
      : ticket.subject;
  return `پاسخ تازه‌ای برای تیکت شمارهٔ ${toPersianDigits(ticket.number)} ثبت شد: ${subject} — ویترین`;
}

/**
 * Tells the ticket's owner by SMS of staff reply `messageId`, unless someone already has (or is
 * doing so now). Answers whether this call sent it. A failed send is logged and released.
 */
export async function notifyStaffReply(deps: NoticeDeps, messageId: string): Promise<boolean> {
  const [claimed] = await deps.db
    .update(ticketMessages)
    .set({ smsSentAt: sql`now()` })
    .where(
      and(
        eq(ticketMessages.id, messageId),
        isNull(ticketMessages.smsSentAt),
        eq(ticketMessages.authorRole, 'staff'),
        eq(ticketMessages.internal, false),
      ),
    )
    .returning({ ticketId: ticketMessages.ticketId });
  if (!claimed) return false;
  try {
    const [target] = await deps.db
      .select({ mobile: peopleView.mobile, number: tickets.number, subject: tickets.subject })
      .from(tickets)
      .innerJoin(peopleView, eq(peopleView.id, tickets.userId))
      .where(eq(tickets.id, claimed.ticketId));
    if (!target) throw new Error(`ticket ${claimed.ticketId} of reply ${messageId} is missing`);
    await deps.sms.sendNotice({ to: target.mobile, text: staffReplyNoticeText(target) });
    return true;
  } catch (error) {
    deps.log.warn({ err: error, messageId }, 'ticket reply SMS not sent; the tickets job retries');
    await deps.db
      .update(ticketMessages)
      .set({ smsSentAt: null })
      .where(eq(ticketMessages.id, messageId));
    return false;
  }
}

/**
 * Sends the SMS of staff replies that have none yet: not internal, younger than two days, and
 * not yet read by the customer (a reply already read needs no SMS). Answers how many were sent.
 */
export async function retryUnsentReplyNotices(deps: NoticeDeps, now: Date): Promise<number> {
  const pending = await deps.db
    .select({ id: ticketMessages.id })
    .from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .where(
      and(
        eq(ticketMessages.authorRole, 'staff'),
        eq(ticketMessages.internal, false),
        isNull(ticketMessages.smsSentAt),
        gt(ticketMessages.createdAt, new Date(now.getTime() - REPLY_SMS_RETRY_WINDOW_MS)),
        lte(ticketMessages.createdAt, now),
        sql`(${tickets.customerReadAt} is null or ${tickets.customerReadAt} < ${ticketMessages.createdAt})`,
      ),
    )
    .orderBy(asc(ticketMessages.createdAt))
    .limit(200);
  let sent = 0;
  for (const { id } of pending) {
    try {
      if (await notifyStaffReply(deps, id)) sent += 1;
    } catch (error) {
      // The database failed while releasing a claim: the next run sees what is left.
      deps.log.error({ err: error, messageId: id }, 'ticket reply SMS retry failed');
    }
  }
  return sent;
}
