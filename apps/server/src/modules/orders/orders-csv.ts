import { type AdminOrderRow, ORDER_STATUS_LABELS, paymentMethodName } from '@vitrin/contracts';
import {
  formatJalaliDate,
  formatMobile,
  isIranianMobile,
  rialToToman,
  toLatinDigits,
} from '@vitrin/fa';
import { csvLine, UTF8_BOM } from '../../lib/csv';

// The orders export (issue 8): a CSV Excel opens as UTF-8 (a BOM first), RFC 4180 quoting and
// CRLF line ends, amounts in Toman, dates ISO and Jalali.

const HEADERS = [
  'شماره سفارش',
  'وضعیت',
  'نام مشتری',
  'موبایل',
  'مبلغ کل (تومان)',
  'پرداخت از کیف پول (تومان)',
  'پرداخت بیرون از کیف پول (تومان)',
  'روش پرداخت',
  'کد تخفیف',
  'تاریخ ثبت (ISO)',
  'تاریخ ثبت (شمسی)',
  'تاریخ پرداخت (ISO)',
  'تاریخ پرداخت (شمسی)',
  'تاریخ بازپرداخت (ISO)',
] as const;

// Latin digits: a spreadsheet sorts and filters them; the Persian month order is the same.
const jalali = (iso: string | null) =>
  iso ? toLatinDigits(formatJalaliDate(iso, { withTime: true })) : '';
const toman = (rial: number) => String(rialToToman(rial));
// The grouped national form (spec §9): text to a spreadsheet, so the leading 0 stays.
const mobileText = (mobile: string) => (isIranianMobile(mobile) ? formatMobile(mobile) : mobile);

/** The whole file for these rows, BOM and header line included. */
export function ordersCsv(rows: readonly AdminOrderRow[]): string {
  const lines = [UTF8_BOM, csvLine(HEADERS)];
  for (const row of rows) {
    lines.push(
      csvLine([
        String(row.number),
        ORDER_STATUS_LABELS[row.status],
        row.customer.name,
        mobileText(row.customer.mobile),
        toman(row.totalRial),
        toman(row.walletAppliedRial),
        toman(row.gatewayPaidRial),
        row.paidWith.map(paymentMethodName).join(' و '),
        row.discountCode ?? '',
        row.createdAt,
        jalali(row.createdAt),
        row.paidAt ?? '',
        jalali(row.paidAt),
        row.refundedAt ?? '',
      ]),
    );
  }
  return lines.join('');
}

/** `orders-2026-11-22.csv`: the day of the export in Tehran. */
export function ordersCsvFileName(tehranDay: string): string {
  return `orders-${tehranDay}.csv`;
}
