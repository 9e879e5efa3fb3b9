import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';
import { ticketsQueryKey } from './get-user-tickets';

export type TicketMessage = PathResult<'/api/user/tickets/get-ticket-replies'>['items'][number];

/**
 * A ticket's messages, oldest first. Reading them marks support's replies read on the server,
 * so the unread red dot and the list's «پاسخ تازه» change after this call.
 */
export function fetchTicketReplies(ticketId: string, signal?: AbortSignal) {
  return callAsUser('/api/user/tickets/get-ticket-replies', { ticketId }, { signal, silent: true });
}

export function ticketRepliesQueryKey(userId: string, ticketId: string) {
  return [...ticketsQueryKey(userId), 'replies', ticketId] as const;
}

export function ticketRepliesQueryOptions(userId: string, ticketId: string) {
  return queryOptions({
    queryKey: ticketRepliesQueryKey(userId, ticketId),
    queryFn: ({ signal }) => fetchTicketReplies(ticketId, signal),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** `refetchIntervalMs`: ask again this often while the page is visible (an open conversation). */
export function useTicketReplies(userId: string, ticketId: string, refetchIntervalMs?: number) {
  return useQuery({
    ...ticketRepliesQueryOptions(userId, ticketId),
    refetchInterval: refetchIntervalMs,
  });
}
