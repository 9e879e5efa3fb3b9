import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { TICKETS_PAGE_SIZE, type TicketFilters } from '../utils/ticket-filters';

export type TicketList = PathResult<'/api/user/tickets/get-user-tickets'>;
export type TicketSummary = TicketList['items'][number];

/** Everything cached about one person's tickets: lists, details, conversations, files. */
export function ticketsQueryKey(userId: string) {
  return ['tickets', userId] as const;
}

/** Every page of every filter of the list, for a change that may move a ticket in it. */
export function ticketListsQueryKey(userId: string) {
  return [...ticketsQueryKey(userId), 'list'] as const;
}

/**
 * One page of the person's tickets, latest activity first, with the count of each status: by
 * number, or after the cursor of the page before (decision 0033).
 */
export function fetchUserTickets(filters: TicketFilters, signal?: AbortSignal) {
  return callAsUser(
    '/api/user/tickets/get-user-tickets',
    {
      page: filters.page,
      pageSize: TICKETS_PAGE_SIZE,
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.after ? { after: filters.after } : {}),
    },
    { signal, silent: true },
  );
}

export function userTicketsQueryOptions(userId: string, filters: TicketFilters) {
  return queryOptions({
    queryKey: [...ticketListsQueryKey(userId), filters.status, filters.page, filters.after],
    queryFn: ({ signal }) => fetchUserTickets(filters, signal),
    placeholderData: keepPreviousData,
    // The page says in place that the list did not load, with a way to try again.
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function useUserTickets(userId: string, filters: TicketFilters) {
  return useQuery(userTicketsQueryOptions(userId, filters));
}
