import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ticketQueryKey } from './get-ticket-detail';
import { ticketRepliesQueryKey } from './get-ticket-replies';
import { ticketListsQueryKey } from './get-user-tickets';

export type TicketReply = PathInput<'/api/user/tickets/submit-reply'>;

/** Adds the person's message to a ticket; a closed ticket opens again. */
export function submitReply(reply: TicketReply) {
  return callAsUser('/api/user/tickets/submit-reply', reply);
}

export function useSubmitReply(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitReply,
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketQueryKey(userId, ticket.id), ticket);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketRepliesQueryKey(userId, ticket.id) }),
        queryClient.invalidateQueries({ queryKey: ticketListsQueryKey(userId) }),
      ]);
    },
  });
}
