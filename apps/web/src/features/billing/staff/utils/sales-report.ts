import { toJalaliParts, toPersianDigits } from '@vitrin/fa';

// The sales and VAT report (issue 21): one Jalali year by month or by season, read on the page
// or saved as XLSX or CSV for the accountant and the seasonal VAT return.

export type ReportGrouping = 'month' | 'season';
export type ReportFormat = 'xlsx' | 'csv';

/** The report's first year, as the server accepts it. */
export const FIRST_REPORT_YEAR = 1390;
/** How many years back the select offers. */
const REPORT_YEARS_SHOWN = 10;

export const REPORT_GROUPING_LABELS: Record<ReportGrouping, string> = {
  month: 'ماهانه',
  season: 'فصلی',
};

/** The Jalali year in Tehran at this instant: the report opens on it. */
export function currentJalaliYear(now: Date = new Date()): number {
  return toJalaliParts(now).year;
}

/** The years to choose from, newest first: this year and the nine before it, from 1390 on. */
export function reportYearOptions(currentYear: number): { value: string; label: string }[] {
  const years: { value: string; label: string }[] = [];
  for (let year = currentYear; year > currentYear - REPORT_YEARS_SHOWN; year -= 1) {
    if (year < FIRST_REPORT_YEAR) break;
    years.push({ value: String(year), label: toPersianDigits(year) });
  }
  return years;
}

/** `vitrin-sales-1405-season.xlsx` */
export function salesReportFileName(
  year: number,
  by: ReportGrouping,
  format: ReportFormat,
): string {
  return `vitrin-sales-${year}-${by}.${format}`;
}
