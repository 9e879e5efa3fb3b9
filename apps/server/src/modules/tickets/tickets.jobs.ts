import { TICKET_AUTO_CLOSE_DAYS } from '@vitrin/contracts';
import { type NoticeDeps, retryUnsentReplyNotices } from './ticket-notices';
import { closeStaleAnsweredTickets } from './tickets.service';

export interface TicketsJobReport {
  closedTickets: number;
  sentNotices: number;
}

/**
 * One run of the tickets job (decision 0013): answered tickets left for seven days close, and
 * staff-reply SMS that failed are sent (uploads never sent are the files job's, modules/files).
 * Each step is safe to run again and on any node; the cluster lock only saves doing the work twice.
 */
export async function runTicketsJob(
  deps: NoticeDeps,
  now: Date = new Date(),
): Promise<TicketsJobReport> {
  const closedTickets = await closeStaleAnsweredTickets(deps.db, TICKET_AUTO_CLOSE_DAYS, now);
  const sentNotices = await retryUnsentReplyNotices(deps, now);
  return { closedTickets, sentNotices };
}
