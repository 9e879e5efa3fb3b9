import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { appSession, refreshRedDotsAsUser } from '../../../lib/app-session';
import { callApi } from '../../../lib/http';
import { countPaidOrder, hasCachedUserInfo } from '../../../lib/user-counts';
import { orderDetailQueryOptions } from './get-order-detail';
import { orderSuccessfulPaymentsQueryOptions } from './get-order-successful-payments';

export type PaymentOutcome = Awaited<ReturnType<typeof verifyPayOrder>>;

/**
 * Asks the server to verify a gateway payment from the callback's query. Public: the person may
 * come back from the gateway in a browser that is not signed in.
 */
export function verifyPayOrder(input: { authority: string; status?: string }) {
  // Silent: the callback page is about this answer and shows a failure itself.
  return callApi('/api/pay/verify-pay-order', input, { silent: true });
}

/**
 * Spec §3: a paid order's new services count at once. Only when this page holds the person's
 * counts (an order paid inside the app); after the gateway's full page load nothing is cached,
 * and the next read of user info has the server's own count.
 */
async function countServicesOfPaidOrder(queryClient: QueryClient, outcome: PaymentOutcome) {
  const session = appSession.getState();
  if (outcome.purpose !== 'order' || outcome.status !== 'paid' || outcome.creditedToWallet) return;
  if (!outcome.orderId || session.status !== 'signed-in') return;
  const userId = session.identity.id;
  if (!hasCachedUserInfo(queryClient, userId)) return;
  try {
    const order = await queryClient.fetchQuery(orderDetailQueryOptions(userId, outcome.orderId));
    countPaidOrder(queryClient, userId, order);
  } catch {
    // Not this person's order, or not reachable now: the count is corrected on its next read.
  }
}

/**
 * Issue 22: the result page links to the order, so the order and its payments are read while the
 * person reads the result, and the order page opens with its content instead of a skeleton. Only
 * for the person signed in on this device; whoever else's payment it was, nothing is read.
 */
async function prefetchOrderPage(queryClient: QueryClient, outcome: PaymentOutcome) {
  if (outcome.purpose !== 'order' || !outcome.orderId) return;
  await appSession.start();
  const session = appSession.getState();
  if (session.status !== 'signed-in') return;
  const userId = session.identity.id;
  try {
    const order = await queryClient.fetchQuery(orderDetailQueryOptions(userId, outcome.orderId));
    await queryClient.prefetchQuery(
      orderSuccessfulPaymentsQueryOptions(
        userId,
        order.id,
        order.walletAppliedRial + order.gatewayPaidRial,
      ),
    );
  } catch {
    // Not this person's order, or not reachable now: the order page asks again itself.
  }
}

export function useVerifyPayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPayOrder,
    // A settled payment changes an order and maybe the wallet, whoever's they are on this device.
    onSuccess: (outcome) => {
      const refreshed = Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
        queryClient.invalidateQueries({ queryKey: ['panel'] }),
        queryClient.invalidateQueries({ queryKey: ['services'] }),
      ]);
      void refreshed.then(() => prefetchOrderPage(queryClient, outcome));
      void countServicesOfPaidOrder(queryClient, outcome);
      // A paid order is one unpaid order fewer (the red dot), once the session is known.
      if (appSession.getState().status === 'signed-in') void refreshRedDotsAsUser();
      return refreshed;
    },
  });
}
