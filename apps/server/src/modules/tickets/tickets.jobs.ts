import { TICKET_AUTO_CLOSE_DAYS } from '@vitrin/contracts';
import { type AttachmentDeps, deleteStaleUploads } from './ticket-attachments';
import { type NoticeDeps, retryUnsentReplyNotices } from './ticket-notices';
import { closeStaleAnsweredTickets } from './tickets.service';

export interface TicketsJobReport {
  closedTickets: number;
  deletedUploads: number;
  sentNotices: number;
}

/**
 * One run of the tickets job (decision 0013): answered tickets left for seven days close, uploads
 * never sent within a day go, and staff-reply SMS that failed are sent. Each step is safe to run
 * again and on any node; the cluster lock only saves doing the work twice.
 */
export async function runTicketsJob(
  deps: AttachmentDeps & NoticeDeps,
  now: Date = new Date(),
): Promise<TicketsJobReport> {
  const closedTickets = await closeStaleAnsweredTickets(deps.db, TICKET_AUTO_CLOSE_DAYS, now);
  const deletedUploads = await deleteStaleUploads(deps, now);
  const sentNotices = await retryUnsentReplyNotices(deps, now);
  return { closedTickets, deletedUploads, sentNotices };
}
