import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { ticketsQueryKey } from './get-user-tickets';

/** One ticket's header: subject, number, status, department, priority, service and dates. */
export function fetchTicketDetail(ticketId: string, signal?: AbortSignal) {
  return callAsUser('/api/user/tickets/get-ticket-detail', { ticketId }, { signal, silent: true });
}

export function ticketQueryKey(userId: string, ticketId: string) {
  return [...ticketsQueryKey(userId), 'detail', ticketId] as const;
}

export function ticketDetailQueryOptions(userId: string, ticketId: string) {
  return queryOptions({
    queryKey: ticketQueryKey(userId, ticketId),
    queryFn: ({ signal }) => fetchTicketDetail(ticketId, signal),
    // A missing ticket (or another person's: the same 404) is shown in place of the page.
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** `refetchIntervalMs`: ask again this often while the page is visible (an open conversation). */
export function useTicketDetail(userId: string, ticketId: string, refetchIntervalMs?: number) {
  return useQuery({
    ...ticketDetailQueryOptions(userId, ticketId),
    refetchInterval: refetchIntervalMs,
  });
}
