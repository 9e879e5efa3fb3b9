import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { PaymentSettings, UpdatePaymentSettingsInput } from '../utils/payment-settings-form';

function paymentSettingsKey(userId: string) {
  return ['admin', userId, 'billing', 'payment-settings'] as const;
}

export function paymentSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: paymentSettingsKey(userId),
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/billing/get-payment-settings', {}, { signal, silent: true }),
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Every gateway this server has, in the customers' order, and the card and account details. */
export function usePaymentSettings(userId: string) {
  return useQuery(paymentSettingsQueryOptions(userId));
}

/** Saves the payment methods (admins); the answer is what the checkout offers from now on. */
export function useUpdatePaymentSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePaymentSettingsInput) =>
      callAsUser('/api/admin/billing/update-payment-settings', input, { silent: true }),
    onSuccess: (settings: PaymentSettings) =>
      queryClient.setQueryData(paymentSettingsKey(userId), settings),
  });
}
