import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../lib/http';

export type PaymentMethods = PathResult<'/api/pay/get-payment-methods'>;

/** The enabled gateways (first choice first) and the company's card and account, if enabled. */
export function fetchPaymentMethods(signal?: AbortSignal) {
  return callAsUser('/api/pay/get-payment-methods', {}, { signal, silent: true });
}

export function paymentMethodsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['payment-methods', userId] as const,
    queryFn: ({ signal }) => fetchPaymentMethods(signal),
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

export function usePaymentMethods(userId: string) {
  return useQuery(paymentMethodsQueryOptions(userId));
}
