import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PathResult } from '@vitrin/contracts';
import { callAsUser } from '../../../../lib/app-session';
import { fetchFileAsUser, saveBlob } from '../../../../lib/file-download';
import { ERROR_SHOWN_IN_PAGE } from '../../../../lib/http';
import { type ReportFormat, type ReportGrouping, salesReportFileName } from '../utils/sales-report';

export type SalesReport = PathResult<'/api/admin/billing/sales-report'>;
export type SalesReportRow = SalesReport['periods'][number];

export function salesReportQueryOptions(userId: string, year: number, by: ReportGrouping) {
  return queryOptions({
    queryKey: ['admin', userId, 'billing', 'documents', 'sales-report', year, by] as const,
    queryFn: ({ signal }) =>
      callAsUser('/api/admin/billing/sales-report', { year, by }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    // Every payment and refund issues a document the report counts.
    staleTime: 0,
    meta: { [ERROR_SHOWN_IN_PAGE]: true },
  });
}

/** Sales, returns and VAT of a Jalali year, by month or by season, with the year's totals. */
export function useSalesReport(userId: string, year: number, by: ReportGrouping) {
  return useQuery(salesReportQueryOptions(userId, year, by));
}

/** Saves the same report as an XLSX or CSV file. */
export function useDownloadSalesReport() {
  return useMutation({
    mutationFn: async (input: { year: number; by: ReportGrouping; format: ReportFormat }) => {
      const blob = await fetchFileAsUser('/api/admin/billing/export-sales-report', input);
      saveBlob(blob, salesReportFileName(input.year, input.by, input.format));
    },
  });
}
