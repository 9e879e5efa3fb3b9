import { SERVICE_REMINDER_DAYS } from '@vitrin/contracts';
import { formatJalaliLongDate } from '@vitrin/fa';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { SmsSender } from '../../providers/sms/sms-sender';
import { peopleView } from '../accounts';
import { type ServiceReminderKind, serviceReminders, services } from './schema';

const DAY_MS = 86_400_000;
const [FIRST_REMINDER_DAYS, LAST_REMINDER_DAYS] = SERVICE_REMINDER_DAYS;
/** The most reminders one run sends; the next run goes on where it stopped. */
const REMINDERS_PER_RUN = 500;

/** «سرویس «…» شما ۲۰ مرداد ۱۴۰۵ به پایان می‌رسد. …» */
export function reminderText(serviceName: string, expiresAt: Date): string {
  return `سرویس «${serviceName}» شما ${formatJalaliLongDate(expiresAt)} به پایان می‌رسد. برای تمدید به پنل ویترین بروید.`;
}

export interface ReminderContext {
  db: Database;
  sms: SmsSender;
  log: Logger;
}

/**
 * Texts the owner of every active service that runs out within 7 days (`expiry-7d`), and again
 * within its last day (`expiry-1d`): once each per expiry, never twice, on however many nodes.
 * Each reminder's row is claimed (insert … on conflict do nothing) and committed before the SMS
 * goes; a send that fails deletes its row so a later run tries again. A renewal moves the
 * expiry, so the renewed service is reminded of its new one. Answers how many were sent.
 */
export async function sendExpiryReminders(
  context: ReminderContext,
  now: Date = new Date(),
): Promise<number> {
  const { db } = context;
  const lastDayFrom = new Date(now.getTime() + LAST_REMINDER_DAYS * DAY_MS).toISOString();
  const kind = sql<ServiceReminderKind>`case when ${services.expiresAt} <= ${lastDayFrom}::timestamptz then 'expiry-1d' else 'expiry-7d' end`;
  const due = await db
    .select({
      serviceId: services.id,
      name: services.name,
      expiresAt: services.expiresAt,
      mobile: peopleView.mobile,
      kind,
    })
    .from(services)
    .innerJoin(peopleView, eq(peopleView.id, services.userId))
    .where(
      and(
        eq(services.status, 'active'),
        gt(services.expiresAt, now),
        lte(services.expiresAt, new Date(now.getTime() + FIRST_REMINDER_DAYS * DAY_MS)),
        sql`not exists (select 1 from ${serviceReminders} where ${serviceReminders.serviceId} = ${services.id} and ${serviceReminders.expiresAt} = ${services.expiresAt} and ${serviceReminders.kind} = ${kind})`,
      ),
    )
    .orderBy(asc(services.expiresAt), asc(services.id))
    .limit(REMINDERS_PER_RUN);

  let sent = 0;
  for (const reminder of due) {
    if (!reminder.expiresAt) continue;
    const [claimed] = await db
      .insert(serviceReminders)
      .values({
        serviceId: reminder.serviceId,
        kind: reminder.kind,
        expiresAt: reminder.expiresAt,
        sentAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: serviceReminders.id });
    // Another run claimed it first.
    if (!claimed) continue;
    try {
      await context.sms.sendNotice({
        to: reminder.mobile,
        text: reminderText(reminder.name, reminder.expiresAt),
      });
      sent += 1;
    } catch (error) {
      context.log.warn(
        { err: error, serviceId: reminder.serviceId, kind: reminder.kind },
        'expiry reminder SMS not sent; a later run tries again',
      );
      await db.delete(serviceReminders).where(eq(serviceReminders.id, claimed.id));
    }
  }
  return sent;
}
