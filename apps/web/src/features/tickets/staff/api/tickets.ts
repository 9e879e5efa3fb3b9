import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PathInput, PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { TicketQueueFilters } from '../utils/ticket-filters';

// The console's ticket calls (`/api/admin/tickets/*`): the queue, one ticket, the staff who can
// take one, and the changes staff make. Each change answers the whole ticket, which replaces the
// cached one; the queue is refetched, since the change may move the ticket in or out of it.

export const TICKET_QUEUE_PAGE_SIZE = 20;

export type TicketQueuePage = PathResult<'/api/admin/tickets/list-tickets'>;
export type TicketQueueRow = TicketQueuePage['items'][number];
export type StaffTicket = PathResult<'/api/admin/tickets/get-ticket'>;
export type StaffTicketMessage = StaffTicket['messages'][number];
export type TicketStaffMember =
  PathResult<'/api/admin/tickets/list-staff-members'>['items'][number];
export type StaffReply = PathInput<'/api/admin/tickets/reply-ticket'>;

/** Everything the console caches about tickets for one staff member. */
export function adminTicketsKey(userId: string) {
  return ['admin', userId, 'tickets'] as const;
}

function queueKey(userId: string) {
  return [...adminTicketsKey(userId), 'queue'] as const;
}

export function staffTicketKey(userId: string, ticketId: string) {
  return [...adminTicketsKey(userId), 'ticket', ticketId] as const;
}

export function fetchTicketQueue(filters: TicketQueueFilters, signal?: AbortSignal) {
  const input: PathInput<'/api/admin/tickets/list-tickets'> = {
    status: filters.status,
    sort: filters.sort,
    page: filters.page,
    pageSize: TICKET_QUEUE_PAGE_SIZE,
  };
  if (filters.after) input.after = filters.after;
  if (filters.department) input.department = filters.department;
  if (filters.priority) input.priority = filters.priority;
  if (filters.assignee) input.assignee = filters.assignee;
  if (filters.search) input.search = filters.search;
  return callAsUser('/api/admin/tickets/list-tickets', input, { signal, silent: true });
}

export function ticketQueueQueryOptions(userId: string, filters: TicketQueueFilters) {
  return queryOptions({
    queryKey: [
      ...queueKey(userId),
      filters.status,
      filters.department ?? 'all',
      filters.priority ?? 'all',
      filters.assignee ?? 'all',
      filters.search,
      filters.sort,
      filters.page,
      filters.after,
    ],
    queryFn: ({ signal }) => fetchTicketQueue(filters, signal),
    placeholderData: keepPreviousData,
    // Customers write at any time: coming back to the queue shows it as it is now.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useTicketQueue(userId: string, filters: TicketQueueFilters) {
  return useQuery(ticketQueueQueryOptions(userId, filters));
}

/** How often an open ticket asks for new messages while its tab is visible. */
const TICKET_POLL_MS = 30_000;

export function staffTicketQueryOptions(userId: string, ticketId: string) {
  return queryOptions({
    queryKey: staffTicketKey(userId, ticketId),
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/tickets/get-ticket', { ticketId }, { signal, silent: true }),
    refetchInterval: TICKET_POLL_MS,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useStaffTicket(userId: string, ticketId: string) {
  return useQuery(staffTicketQueryOptions(userId, ticketId));
}

export function useTicketStaffMembers(userId: string) {
  return useQuery({
    queryKey: [...adminTicketsKey(userId), 'staff-members'],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/tickets/list-staff-members', {}, { signal, silent: true }),
    staleTime: 5 * 60_000,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Puts a changed ticket in the cache and marks every queue page out of date. */
export function storeChangedTicket(queryClient: QueryClient, userId: string, ticket: StaffTicket) {
  queryClient.setQueryData(staffTicketKey(userId, ticket.id), ticket);
  return queryClient.invalidateQueries({ queryKey: queueKey(userId) });
}

type TicketChange =
  | { kind: 'assign'; assigneeId: string | null }
  | { kind: 'priority'; priority: StaffTicket['priority'] }
  | { kind: 'department'; department: StaffTicket['department'] };

/** One change from the ticket's side panel: the assignee, the priority or the department. */
export function changeTicket(ticketId: string, change: TicketChange) {
  switch (change.kind) {
    case 'assign':
      return callAsUser('/api/admin/tickets/assign-ticket', {
        ticketId,
        assigneeId: change.assigneeId,
      });
    case 'priority':
      return callAsUser('/api/admin/tickets/set-ticket-priority', {
        ticketId,
        priority: change.priority,
      });
    case 'department':
      return callAsUser('/api/admin/tickets/set-ticket-department', {
        ticketId,
        department: change.department,
      });
  }
}

export function useChangeTicket(userId: string, ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TicketChange) => changeTicket(ticketId, change),
    onSuccess: (ticket) => storeChangedTicket(queryClient, userId, ticket),
  });
}

/** A reply to the customer (SMS, status «پاسخ داده شده») or an internal note. */
export function useReplyTicket(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: StaffReply) => callAsUser('/api/admin/tickets/reply-ticket', reply),
    onSuccess: (ticket) => storeChangedTicket(queryClient, userId, ticket),
  });
}

/** Closes the ticket; called from ConfirmAction, which shows a failure in its dialog. */
export async function closeStaffTicket(queryClient: QueryClient, userId: string, ticketId: string) {
  const ticket = await callAsUser(
    '/api/admin/tickets/close-ticket',
    { ticketId },
    { silent: true },
  );
  await storeChangedTicket(queryClient, userId, ticket);
  return ticket;
}
