import { JALALI_SEASONS, type salesReport } from '@vitrin/contracts';
import { JALALI_MONTHS, toJalaliParts } from '@vitrin/fa';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { csvLine, UTF8_BOM } from '../../lib/csv';
import { tehranDayOf } from '../../lib/tehran-days';
import { billingDocuments } from './schema';

// The sales and VAT report (issue 21): sales invoices and credit notes of one Jalali year, by
// month or season (فصل), as staff file the seasonal VAT return. Receipts are not sales.

type SalesReport = z.output<typeof salesReport>;
type Amounts = SalesReport['totals'];

const zero = (): Amounts => ({
  invoices: 0,
  netRial: 0,
  vatRial: 0,
  totalRial: 0,
  creditNotes: 0,
  creditNetRial: 0,
  creditVatRial: 0,
  creditTotalRial: 0,
  balanceNetRial: 0,
  balanceVatRial: 0,
});

function add(into: Amounts, row: DayRow): void {
  if (row.kind === 'sales') {
    into.invoices += row.count;
    into.netRial += row.netRial;
    into.vatRial += row.vatRial;
    into.totalRial += row.totalRial;
  } else {
    into.creditNotes += row.count;
    into.creditNetRial += row.netRial;
    into.creditVatRial += row.vatRial;
    into.creditTotalRial += row.totalRial;
  }
  into.balanceNetRial = into.netRial - into.creditNetRial;
  into.balanceVatRial = into.vatRial - into.creditVatRial;
}

interface DayRow {
  day: string;
  kind: string;
  count: number;
  netRial: number;
  vatRial: number;
  totalRial: number;
}

export async function buildSalesReport(
  db: Database,
  { year, by }: { year: number; by: 'month' | 'season' },
): Promise<SalesReport> {
  // One row per Tehran day and kind: at most 732 rows whatever the year's sales.
  const day = tehranDayOf(billingDocuments.issuedAt);
  const rows: DayRow[] = await db
    .select({
      day: sql<string>`${day}::text`,
      kind: billingDocuments.kind,
      count: sql<number>`count(*)`.mapWith(Number),
      netRial: sql<number>`sum(${billingDocuments.netRial})`.mapWith(Number),
      vatRial: sql<number>`sum(${billingDocuments.vatRial})`.mapWith(Number),
      totalRial: sql<number>`sum(${billingDocuments.totalRial})`.mapWith(Number),
    })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.jalaliYear, year),
        inArray(billingDocuments.kind, ['sales', 'credit-note']),
      ),
    )
    .groupBy(day, billingDocuments.kind);
  const labels = by === 'month' ? JALALI_MONTHS : JALALI_SEASONS;
  const periods = labels.map((label, index) => ({ period: index + 1, label, ...zero() }));
  const totals = zero();
  for (const row of rows) {
    // Noon in Tehran on that day: its Jalali month whatever the offset.
    const { month } = toJalaliParts(new Date(`${row.day}T12:00:00+03:30`));
    const period = periods[by === 'month' ? month - 1 : Math.floor((month - 1) / 3)];
    if (period) add(period, row);
    add(totals, row);
  }
  return { year, by, periods, totals };
}

const COLUMNS: Array<[keyof Amounts, string]> = [
  ['invoices', 'تعداد صورتحساب'],
  ['netRial', 'فروش خالص (ریال)'],
  ['vatRial', 'مالیات بر ارزش افزوده (ریال)'],
  ['totalRial', 'جمع فروش (ریال)'],
  ['creditNotes', 'تعداد برگشت از فروش'],
  ['creditNetRial', 'برگشت از فروش خالص (ریال)'],
  ['creditVatRial', 'مالیات برگشتی (ریال)'],
  ['creditTotalRial', 'جمع برگشت از فروش (ریال)'],
  ['balanceNetRial', 'فروش خالص پس از برگشت (ریال)'],
  ['balanceVatRial', 'مالیات پس از برگشت (ریال)'],
];

const periodHeader = (report: SalesReport) => (report.by === 'month' ? 'ماه' : 'فصل');

export function salesReportFileName(report: SalesReport, format: 'xlsx' | 'csv'): string {
  return `vitrin-sales-${report.year}-${report.by}.${format}`;
}

/** The report as CSV: Excel reads it as UTF-8 (BOM), amounts as plain Rial numbers. */
export function salesReportCsv(report: SalesReport): string {
  const lines = [UTF8_BOM, csvLine([periodHeader(report), ...COLUMNS.map(([, title]) => title)])];
  for (const period of report.periods) {
    lines.push(csvLine([period.label, ...COLUMNS.map(([key]) => String(period[key]))]));
  }
  lines.push(csvLine(['جمع سال', ...COLUMNS.map(([key]) => String(report.totals[key]))]));
  return lines.join('');
}

/** The report as an XLSX sheet, right to left, numbers as numbers with thousands separators. */
export async function salesReportXlsx(report: SalesReport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Vitrin';
  const sheet = workbook.addWorksheet(`فروش ${report.year}`, {
    views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = [
    { header: periodHeader(report), key: 'label', width: 14 },
    ...COLUMNS.map(([key, title]) => ({
      header: title,
      key,
      width: 22,
      style: { numFmt: '#,##0' },
    })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const period of report.periods) sheet.addRow(period);
  const total = sheet.addRow({ ...report.totals, label: 'جمع سال' });
  total.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
