import { TICKET_STATUS_LABELS, type TicketStatus } from '@vitrin/contracts';
import { actionLabel } from '../../../console/utils/audit-actions';
import type { QueueSort, QueueStatus } from './ticket-filters';

// How the console names a ticket's queue choices and history. Its status colours are the
// customer panel's (utils/ticket-status.ts, components/ticket-badges.tsx), so staff and customers
// read the same status the same way.

export const QUEUE_STATUS_LABELS: Record<QueueStatus, string> = {
  waiting: 'منتظر پاسخ ما',
  ...TICKET_STATUS_LABELS,
  all: 'همه',
};

export const QUEUE_SORT_LABELS: Record<QueueSort, string> = {
  waiting: 'بیشترین انتظار اول',
  newest: 'تازه‌ترین اول',
  priority: 'اولویت بالاتر اول',
};

/** How many tickets a status chip stands for, from the counts of each status. */
export function queueStatusCount(
  status: QueueStatus,
  counts: Readonly<Record<TicketStatus, number>>,
): number {
  if (status === 'waiting') return counts.open + counts['customer-reply'];
  if (status === 'all') return Object.values(counts).reduce((sum, count) => sum + count, 0);
  return counts[status];
}

/** Whether a chip's count sums any status PostgreSQL estimated rather than counted (0031). */
export function queueStatusCountIsEstimate(
  status: QueueStatus,
  estimated: readonly TicketStatus[] | undefined,
): boolean {
  if (!estimated || estimated.length === 0) return false;
  if (status === 'all') return true;
  if (status === 'waiting')
    return estimated.includes('open') || estimated.includes('customer-reply');
  return estimated.includes(status);
}

const TICKET_ACTION_LABELS: Record<string, string> = {
  'ticket.assign': 'تعیین مسئول',
  'ticket.reply': 'پاسخ به مشتری',
  'ticket.note': 'یادداشت داخلی',
  'ticket.close': 'بستن تیکت',
  'ticket.set-priority': 'تغییر اولویت',
  'ticket.set-department': 'انتقال به بخش دیگر',
};

/** A ticket's audit action as its history lists it; the log's own wording for others. */
export function ticketActionLabel(action: string): string {
  return Object.hasOwn(TICKET_ACTION_LABELS, action)
    ? (TICKET_ACTION_LABELS[action] ?? action)
    : actionLabel(action);
}
