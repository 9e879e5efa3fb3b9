import { expect, test } from 'vitest';
import { tehranDaysBetween } from './tehran-days';

const daysBetween = (from: string, to: string) => tehranDaysBetween(new Date(from), new Date(to));

test('the same Tehran day is 0 days, whatever the hours', () => {
  // 03:30 and 23:29 in Tehran (UTC+3:30) on 20 Esfand 1404.
  expect(daysBetween('2026-03-11T00:00:00Z', '2026-03-11T19:59:00Z')).toBe(0);
});

test('an hour that crosses Tehran midnight is a day, though it is the same UTC day', () => {
  // 23:30 on one Tehran day to 00:30 on the next; both 11 March in UTC.
  expect(daysBetween('2026-03-11T20:00:00Z', '2026-03-11T21:00:00Z')).toBe(1);
});

test('past instants count negative days', () => {
  expect(daysBetween('2026-05-10T08:00:00Z', '2026-05-07T08:00:00Z')).toBe(-3);
});

test('across Nowruz and across a month and a year', () => {
  // 28 Esfand 1404 to 2 Farvardin 1405.
  expect(daysBetween('2026-03-19T06:00:00Z', '2026-03-22T06:00:00Z')).toBe(3);
  expect(daysBetween('2026-01-01T06:00:00Z', '2027-01-01T06:00:00Z')).toBe(365);
});

test('when Tehran still kept daylight saving time (until 2022), days stay whole', () => {
  // Clocks moved from 00:00 to 01:00 on 22 March 2021 (2 Farvardin 1400).
  expect(daysBetween('2021-03-21T12:00:00Z', '2021-03-23T12:00:00Z')).toBe(2);
  // 23:40 Tehran summer time (UTC+4:30) on 1 July 2021, and 00:10 on 2 July.
  expect(daysBetween('2021-07-01T19:10:00Z', '2021-07-01T19:40:00Z')).toBe(1);
});
