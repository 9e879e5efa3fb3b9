import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAsUser, refreshRedDotsAsUser } from '../../../lib/app-session';
import { orderQueryKey } from './get-order-detail';
import { walletQueryKey } from './get-user-account-info';

/** Cancels an unpaid order; wallet credit spent on it goes back to the wallet. */
export function cancelOrder(orderId: string) {
  return callAsUser('/api/user/orders/cancel-order', { orderId });
}

export function useCancelOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(userId, order.id), order);
      // One unpaid order fewer: the orders link's red dot may go.
      void refreshRedDotsAsUser();
      return queryClient.invalidateQueries({ queryKey: walletQueryKey(userId) });
    },
  });
}
