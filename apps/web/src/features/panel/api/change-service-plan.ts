import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PathInput } from '@vitrin/contracts';
import { callAsUser, refreshRedDotsAsUser } from '../../../lib/app-session';
import { ordersQueryKey, walletQueryKey } from '../../../lib/shared-query-keys';
import { planChangeOptionsQueryKey } from './get-plan-change-options';
import { servicesQueryKey } from './get-user-services';

export type PlanChangeRequest = PathInput<'/api/user/services/change-plan'>;

/**
 * Moves the service to another plan for the rest of its term, if the difference is still the
 * one the person was shown (else CONFLICT): an upgrade answers with the order to pay, a
 * downgrade is done and answers with what went to the wallet.
 */
export function changeServicePlan(request: PlanChangeRequest) {
  return callAsUser('/api/user/services/change-plan', request);
}

export function useChangeServicePlan(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeServicePlan,
    onSuccess: (answer) => {
      // The service's plan and name (a downgrade), its options (an upgrade now waits for
      // payment), its access and timeline: all under the services key.
      void queryClient.invalidateQueries({ queryKey: servicesQueryKey(userId) });
      void queryClient.invalidateQueries({ queryKey: ['panel', userId] });
      if (answer.outcome === 'order') {
        // A new unpaid order: the orders list and its red dot.
        void queryClient.invalidateQueries({ queryKey: ordersQueryKey(userId) });
        void refreshRedDotsAsUser();
      } else {
        // The wallet's balance and ledger.
        void queryClient.invalidateQueries({ queryKey: walletQueryKey(userId) });
      }
    },
    // A CONFLICT means the figure moved: the options are asked again for the new one.
    onError: (_error, { serviceId }) =>
      queryClient.invalidateQueries({ queryKey: planChangeOptionsQueryKey(userId, serviceId) }),
  });
}
