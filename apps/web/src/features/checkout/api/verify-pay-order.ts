import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/http';

export type PaymentOutcome = Awaited<ReturnType<typeof verifyPayOrder>>;

/**
 * Asks the server to verify a gateway payment from the callback's query. Public: the person may
 * come back from the gateway in a browser that is not signed in.
 */
export function verifyPayOrder(input: { authority: string; status?: string }) {
  // Silent: the callback page is about this answer and shows a failure itself.
  return callApi('/api/pay/verify-pay-order', input, { silent: true });
}

export function useVerifyPayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPayOrder,
    // A settled payment changes an order and maybe the wallet, whoever's they are on this device.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
