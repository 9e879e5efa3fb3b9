import { expect, test } from 'vitest';
import { currentJalaliYear, reportYearOptions, salesReportFileName } from './sales-report';

test('the report opens on the Jalali year in Tehran', () => {
  // 1405/01/01 is 21 March 2026; in Tehran it begins at 20:30 UTC the evening before.
  expect(currentJalaliYear(new Date('2026-03-20T20:00:00Z'))).toBe(1404);
  expect(currentJalaliYear(new Date('2026-03-20T21:00:00Z'))).toBe(1405);
});

test('the year select offers ten years, newest first, in Persian digits', () => {
  const years = reportYearOptions(1405);
  expect(years).toHaveLength(10);
  expect(years[0]).toEqual({ value: '1405', label: '۱۴۰۵' });
  expect(years.at(-1)?.value).toBe('1396');
});

test('the year select starts no earlier than 1390', () => {
  expect(reportYearOptions(1392).map((year) => year.value)).toEqual(['1392', '1391', '1390']);
});

test('a saved report is named by its year, grouping and format', () => {
  expect(salesReportFileName(1405, 'season', 'xlsx')).toBe('vitrin-sales-1405-season.xlsx');
  expect(salesReportFileName(1404, 'month', 'csv')).toBe('vitrin-sales-1404-month.csv');
});
