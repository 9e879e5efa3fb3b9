import { expect, test } from 'vitest';
import { createMemoryVisitorCounts } from './memory-visitor-counts';
import { tehranDayKey } from './visitor-counts';
import { describeVisitorCounts } from './visitor-counts.suite';

describeVisitorCounts('visitor counts in memory', async () => {
  const store = createMemoryVisitorCounts();
  return { store, otherNode: store, dispose: async () => {} };
});

test('the day key is the Tehran calendar date, not the UTC one', () => {
  expect(tehranDayKey(new Date('2026-11-21T20:29:59Z'))).toBe('2026-11-21');
  expect(tehranDayKey(new Date('2026-11-21T20:30:00Z'))).toBe('2026-11-22');
  // 02:00 in Tehran on 1 January is still 31 December in UTC.
  expect(tehranDayKey(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
});
