import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import type { ScheduleTaxRateInput } from '../utils/tax-rate-form';

export type TaxRateList = PathResult<'/api/admin/billing/list-tax-rates'>;
export type TaxRate = TaxRateList['items'][number];

function taxRatesKey(userId: string) {
  return ['admin', userId, 'billing', 'tax-rates'] as const;
}

export function taxRatesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: taxRatesKey(userId),
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/billing/list-tax-rates', {}, { signal, silent: true }),
    // Which rate is in force moves with the clock: ask again on every visit.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Every VAT rate, newest start first, with which is in force and which is still to come. */
export function useTaxRates(userId: string) {
  return useQuery(taxRatesQueryOptions(userId));
}

/** Both changes answer the whole list as it now is: the page shows that answer. */
function useListAnswered(userId: string) {
  const queryClient = useQueryClient();
  return (list: TaxRateList) => queryClient.setQueryData(taxRatesKey(userId), list);
}

/** Schedules a rate from a future instant (admins). */
export function useScheduleTaxRate(userId: string) {
  const answered = useListAnswered(userId);
  return useMutation({
    mutationFn: (input: ScheduleTaxRateInput) =>
      callAsUser('/api/admin/billing/schedule-tax-rate', input, { silent: true }),
    onSuccess: answered,
  });
}

/** Withdraws a rate not in force yet (admins). */
export function useWithdrawTaxRate(userId: string) {
  const answered = useListAnswered(userId);
  return useMutation({
    mutationFn: (id: string) =>
      callAsUser('/api/admin/billing/withdraw-tax-rate', { id }, { silent: true }),
    onSuccess: answered,
  });
}
