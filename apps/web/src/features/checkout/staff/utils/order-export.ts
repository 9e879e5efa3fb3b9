import { toJalaliParts } from '@vitrin/fa';

// The orders export is saved under a name of our own (the server's names the Gregorian day): the
// Jalali day in Tehran, in Latin digits and dashes, since a slash cannot be in a file name and
// some systems mangle Persian digits in one.

/** `vitrin-orders-1405-09-01.csv`: the Jalali day of the export in Tehran. */
export function ordersCsvFileName(now: Date): string {
  const { year, month, day } = toJalaliParts(now);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `vitrin-orders-${year}-${pad(month)}-${pad(day)}.csv`;
}
