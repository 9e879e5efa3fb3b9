import type { CallParsed, reportClientError } from '@vitrin/contracts';
import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clientErrorReports } from './schema';

const USER_AGENT_MAX = 400;

/** Stores an error a customer's browser or app hit, for staff to read. */
export async function recordClientError(
  db: Database,
  report: CallParsed<typeof reportClientError>,
  context: { requestId: string; userAgent: string | undefined },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(clientErrorReports)
    .values({
      message: report.message,
      stack: report.stack ?? null,
      pageUrl: report.pageUrl,
      release: report.release,
      platform: report.platform,
      occurredAt: report.occurredAt,
      requestId: context.requestId,
      userAgent: context.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    })
    .returning({ id: clientErrorReports.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the reports received more than `days` days before `now`; answers how many. */
export async function pruneClientErrors(db: Database, now: Date, days: number): Promise<number> {
  const deleted = await db
    .delete(clientErrorReports)
    .where(lt(clientErrorReports.receivedAt, new Date(now.getTime() - days * DAY_MS)))
    .returning({ id: clientErrorReports.id });
  return deleted.length;
}
