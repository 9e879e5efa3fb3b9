import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { servicesQueryKey } from './get-user-services';

export type CancellationRequest = PathInput<'/api/user/services/request-cancellation'>;

/**
 * Asks to end the service when its paid term ends, without a refund (an expired service ends
 * now), or with `cancel: false` withdraws the request. Answers when it will end.
 */
export function requestServiceCancellation(request: CancellationRequest) {
  return callAsUser('/api/user/services/request-cancellation', request);
}

export function useRequestServiceCancellation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestServiceCancellation,
    onSuccess: () => {
      // The access says whether a cancellation waits; an expired service is cancelled now
      // (its state here, in the lists and on the dashboard).
      void queryClient.invalidateQueries({ queryKey: servicesQueryKey(userId) });
      void queryClient.invalidateQueries({ queryKey: ['panel', userId] });
    },
  });
}
