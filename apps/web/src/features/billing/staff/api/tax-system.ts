import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PathResult, TaxSystemSettingsView } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { staffWorkQueryOptions } from '../../../console/api/staff-work';
import type { SaveTaxSettingsInput, TaxQueueFilter } from '../utils/tax-system';

export type TaxQueue = PathResult<'/api/admin/tax-system/list-queue'>;
export type TaxConnectionTest = PathResult<'/api/admin/tax-system/test-connection'>;
export type TaxMonthSummary = PathResult<'/api/admin/tax-system/month-summary'>;

/** The sending job moves documents on its own: the open queue and summary are read this often. */
export const TAX_QUEUE_REFRESH_MS = 20_000;

/** Everything the «سامانه مودیان» page reads. */
function taxSystemKey(userId: string) {
  return ['admin', userId, 'billing', 'tax-system'] as const;
}

export function taxSettingsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...taxSystemKey(userId), 'settings'],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/tax-system/get-settings', {}, { signal, silent: true }),
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** The connection's settings: memory id, environment, the certificate's subject and validity. */
export function useTaxSettings(userId: string) {
  return useQuery(taxSettingsQueryOptions(userId));
}

export function taxQueueQueryOptions(userId: string, filter: TaxQueueFilter) {
  return queryOptions({
    queryKey: [...taxSystemKey(userId), 'queue', filter],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/tax-system/list-queue', { filter }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: TAX_QUEUE_REFRESH_MS,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Documents the organisation has not accepted, nearest deadline first. */
export function useTaxQueue(userId: string, filter: TaxQueueFilter) {
  return useQuery(taxQueueQueryOptions(userId, filter));
}

export function taxMonthSummaryQueryOptions(userId: string, year: number, month: number) {
  return queryOptions({
    queryKey: [...taxSystemKey(userId), 'month-summary', year, month],
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/tax-system/month-summary', { year, month }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Accepted documents move from one row to another as the job hears the verdicts.
    refetchInterval: TAX_QUEUE_REFRESH_MS,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** A Jalali month's documents by kind and tax-system state, with the month's VAT. */
export function useTaxMonthSummary(userId: string, year: number, month: number) {
  return useQuery(taxMonthSummaryQueryOptions(userId, year, month));
}

/** The queue, the summary and the waiting-work counts change with what staff do here. */
function refreshAfterChange(queryClient: QueryClient, userId: string) {
  // The documents' pages show their tax-system state: read again when next opened.
  void queryClient.invalidateQueries({
    queryKey: ['admin', userId, 'billing', 'documents'],
    refetchType: 'none',
  });
  void queryClient.invalidateQueries({ queryKey: [...taxSystemKey(userId), 'queue'] });
  void queryClient.invalidateQueries({ queryKey: [...taxSystemKey(userId), 'month-summary'] });
  void queryClient.invalidateQueries({ queryKey: staffWorkQueryOptions(userId).queryKey });
}

/** Saves the settings (admins); a key or certificate left out stays as saved. */
export function useSaveTaxSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveTaxSettingsInput) =>
      callAsUser('/api/admin/tax-system/save-settings', input, { silent: true }),
    onSuccess: (settings: TaxSystemSettingsView) => {
      queryClient.setQueryData(taxSettingsQueryOptions(userId).queryKey, settings);
      refreshAfterChange(queryClient, userId);
    },
  });
}

/** «آزمودن اتصال»: the organisation's server time and the memory id's file; a failure is an answer. */
export function useTestTaxConnection() {
  return useMutation({
    mutationFn: () => callAsUser('/api/admin/tax-system/test-connection', {}, { silent: true }),
  });
}

/**
 * Sends a refused document again, or a late one as an Article 9 invoice once staff confirm it
 * (admins): it waits for the next run, which the server starts at once.
 */
export function useResendTaxDocument(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { documentId: string; confirmLate: boolean }) =>
      callAsUser('/api/admin/tax-system/resend-document', input, { silent: true }),
    onSuccess: () => refreshAfterChange(queryClient, userId),
  });
}
