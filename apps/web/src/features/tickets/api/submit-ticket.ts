import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ticketQueryKey } from './get-ticket-detail';
import { ticketListsQueryKey } from './get-user-tickets';

export type NewTicket = PathInput<'/api/user/tickets/submit-ticket'>;

/** Opens a ticket; the uploaded attachments' ids go with its first message. */
export function submitTicket(ticket: NewTicket) {
  return callAsUser('/api/user/tickets/submit-ticket', ticket);
}

export function useSubmitTicket(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitTicket,
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketQueryKey(userId, ticket.id), ticket);
      return queryClient.invalidateQueries({ queryKey: ticketListsQueryKey(userId) });
    },
  });
}
