import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAsUser } from '../../../lib/app-session';
import { ticketQueryKey } from './get-ticket-detail';
import { ticketListsQueryKey } from './get-user-tickets';

/** Closes a ticket at the person's request; replying later opens it again. */
export function closeTicket(ticketId: string) {
  return callAsUser('/api/user/tickets/close-ticket', { ticketId });
}

export function useCloseTicket(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTicket,
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketQueryKey(userId, ticket.id), ticket);
      return queryClient.invalidateQueries({ queryKey: ticketListsQueryKey(userId) });
    },
  });
}
