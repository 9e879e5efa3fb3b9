import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnlineGateway } from '@vitrin/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { refreshRedDotsAsUser } from '../../../lib/app-session';
import { IS_ANDROID_BUILD } from '../../../lib/config';
import { orderPath } from '../../../lib/panel-paths';
import { showSuccessToast } from '../../../lib/toast';
import { countPaidOrder } from '../../../lib/user-counts';
import { orderQueryKey } from '../api/get-order-detail';
import { userAccountInfoQueryOptions, walletQueryKey } from '../api/get-user-account-info';
import { payOrder } from '../api/pay-order';
import { spendWalletOnOrder } from '../api/use-wallet-in-order';
import { walletShare } from '../utils/wallet-share';

export interface PayRequest {
  orderId: string;
  /** What is left to pay, from the order's latest answer. */
  payableRial: number;
  /** Spend wallet credit first, as much as covers the order. */
  withWallet: boolean;
  /** The gateway picked; left out, staff's first choice. */
  gateway?: OnlineGateway;
}

/**
 * Pays what is left of an order (docs/decisions/0011): wallet credit first when asked; when it
 * covers the rest the order is paid and the person sees it, otherwise the gateway collects the
 * rest and the person is sent to its page. `busy` stays true while the browser leaves.
 */
export function usePayOrder(userId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  // Back from the gateway with the browser's back button, the page may come from its cache.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const mutation = useMutation({
    mutationFn: async ({ orderId, payableRial, withWallet, gateway }: PayRequest) => {
      if (withWallet) {
        // The balance now, not the one on screen: another tab may have spent it.
        const account = await queryClient.fetchQuery({
          ...userAccountInfoQueryOptions(userId),
          staleTime: 0,
        });
        const amountRial = walletShare(account.balanceRial, payableRial);
        if (amountRial > 0) {
          const order = await spendWalletOnOrder(orderId, amountRial);
          queryClient.setQueryData(orderQueryKey(userId, orderId), order);
          void queryClient.invalidateQueries({ queryKey: walletQueryKey(userId) });
          if (order.status === 'paid') {
            // Spec §3: the new services count now, without asking the server again.
            countPaidOrder(queryClient, userId, order);
            void refreshRedDotsAsUser();
            return { paidOrderId: order.id, redirectUrl: null };
          }
        }
      }
      const started = await payOrder(orderId, gateway);
      return { paidOrderId: null, redirectUrl: started.redirectUrl };
    },
    onSuccess: async ({ paidOrderId, redirectUrl }, { orderId }) => {
      if (redirectUrl && IS_ANDROID_BUILD) {
        // The Android app stays open under the system browser and asks about the payment when
        // the person comes back (native/native-shell.tsx).
        const { payInSystemBrowser } = await import('../../../native/system-browser');
        await payInSystemBrowser({ kind: 'order', orderId }, redirectUrl);
      } else if (redirectUrl) {
        setLeaving(true);
        window.location.assign(redirectUrl);
      } else if (paidOrderId) {
        showSuccessToast();
        navigate(orderPath(paidOrderId));
      }
    },
    // Whatever happened, the order on screen may be out of date (credit spent, status changed).
    onError: (_error, { orderId }) =>
      queryClient.invalidateQueries({ queryKey: orderQueryKey(userId, orderId) }),
  });

  return { ...mutation, busy: mutation.isPending || leaving };
}
