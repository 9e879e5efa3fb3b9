import {
  type PathInput,
  TICKET_DEPARTMENTS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketDepartment,
  type TicketPriority,
} from '@vitrin/contracts';
import { readCursorParam } from '../../../../lib/list-cursor';
import { readChoice, readPage, readSearchText, toSearchParams } from '../../../../lib/url-params';

// The ticket queue's filters live in the address (?status=&department=&priority=&assignee=&q=
// &sort=&page=&after=), so a shared link shows the same tickets; it pages by cursor (0033). Reading is forgiving: an unknown value
// is no filter; the default status is «منتظر پاسخ کارکنان» (open and customer-reply), as the
// server's, and the default order is the longest-waiting first.

type QueueInput = PathInput<'/api/admin/tickets/list-tickets'>;
export type QueueStatus = NonNullable<QueueInput['status']>;
export type QueueSort = NonNullable<QueueInput['sort']>;
/** `me`, `none` (unassigned), or a staff member's id. */
export type QueueAssignee = 'me' | 'none' | (string & {});

export const QUEUE_STATUSES: readonly QueueStatus[] = ['waiting', ...TICKET_STATUSES, 'all'];
export const QUEUE_SORTS: readonly QueueSort[] = ['waiting', 'newest', 'priority'];
export const DEFAULT_QUEUE_STATUS: QueueStatus = 'waiting';
export const DEFAULT_QUEUE_SORT: QueueSort = 'waiting';

export interface TicketQueueFilters {
  status: QueueStatus;
  department: TicketDepartment | null;
  priority: TicketPriority | null;
  assignee: QueueAssignee | null;
  search: string;
  sort: QueueSort;
  page: number;
  /** The cursor the page was reached by (decision 0033); null on a page reached by number. */
  after: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string>(choices: readonly T[], value: string | null): T | null {
  return value !== null && (choices as readonly string[]).includes(value) ? (value as T) : null;
}

function readAssignee(value: string | null): QueueAssignee | null {
  if (value === 'me' || value === 'none') return value;
  return value !== null && UUID.test(value) ? value.toLowerCase() : null;
}

export const ticketQueueCodec = {
  parse: (params: URLSearchParams): TicketQueueFilters => ({
    status: oneOf(QUEUE_STATUSES, readChoice(params, 'status')) ?? DEFAULT_QUEUE_STATUS,
    department: oneOf(TICKET_DEPARTMENTS, readChoice(params, 'department')),
    priority: oneOf(TICKET_PRIORITIES, readChoice(params, 'priority')),
    assignee: readAssignee(readChoice(params, 'assignee')),
    search: readSearchText(params),
    sort: oneOf(QUEUE_SORTS, readChoice(params, 'sort')) ?? DEFAULT_QUEUE_SORT,
    page: readPage(params),
    after: readCursorParam(params),
  }),
  write: (filters: TicketQueueFilters) =>
    toSearchParams([
      ['status', filters.status === DEFAULT_QUEUE_STATUS ? null : filters.status],
      ['department', filters.department],
      ['priority', filters.priority],
      ['assignee', filters.assignee],
      ['q', filters.search.trim()],
      ['sort', filters.sort === DEFAULT_QUEUE_SORT ? null : filters.sort],
      ['page', filters.page],
      ['after', filters.after],
    ]),
};

/** Whether anything narrows the queue beyond its default view (the status chips aside). */
export function hasQueueFilters(filters: TicketQueueFilters): boolean {
  return (
    filters.department !== null ||
    filters.priority !== null ||
    filters.assignee !== null ||
    filters.search !== ''
  );
}

/** The address of the queue with these filters (the default view when none are given). */
export function ticketQueuePath(filters: Partial<TicketQueueFilters> = {}): string {
  const query = ticketQueueCodec
    .write({ ...ticketQueueCodec.parse(new URLSearchParams()), ...filters })
    .toString();
  return query ? `${TICKETS_ADMIN_PATH}?${query}` : TICKETS_ADMIN_PATH;
}

export const TICKETS_ADMIN_PATH = '/admin/tickets';
export const CANNED_REPLIES_PATH = '/admin/tickets/canned';

export function adminTicketPath(ticketId: string): string {
  return `${TICKETS_ADMIN_PATH}/${encodeURIComponent(ticketId)}`;
}

export function adminCustomerPath(customerId: string): string {
  return `/admin/customers/${encodeURIComponent(customerId)}`;
}
