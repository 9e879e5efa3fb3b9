import { expect, test } from 'vitest';
import { ordersCsvFileName } from './order-export';

test('the export is named after the Jalali day in Tehran, in Latin digits', () => {
  // 22 November 2026 is 1 Azar 1405.
  expect(ordersCsvFileName(new Date('2026-11-22T08:00:00Z'))).toBe('vitrin-orders-1405-09-01.csv');
});

test('late evening in UTC is already the next day in Tehran', () => {
  // 21:00 UTC on 21 March 2026 is 00:30 on 22 March in Tehran, the second day of 1405.
  expect(ordersCsvFileName(new Date('2026-03-21T21:00:00Z'))).toBe('vitrin-orders-1405-01-02.csv');
  expect(ordersCsvFileName(new Date('2026-03-21T20:00:00Z'))).toBe('vitrin-orders-1405-01-01.csv');
});
