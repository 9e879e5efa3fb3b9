import { expect, test } from 'vitest';
import {
  clientErrorFilterCodec,
  clientErrorGroupFilterCodec,
  periodSearch,
} from './client-error-filters';

const parse = (search: string) => clientErrorFilterCodec.parse(new URLSearchParams(search));

test('a plain address is the last week, most recent first, every platform', () => {
  expect(parse('')).toEqual({ days: 7, sort: 'last-seen', platform: null, page: 1 });
  expect(clientErrorFilterCodec.write(parse('')).toString()).toBe('');
});

test('the period, order, platform and page read back from the address they wrote', () => {
  const filters = { days: 30, sort: 'count', platform: 'android', page: 3 } as const;
  const written = clientErrorFilterCodec.write(filters).toString();
  expect(written).toBe('days=30&sort=count&platform=android&page=3');
  expect(parse(written)).toEqual(filters);
});

test('a period the console does not offer, or an unknown order or platform, is the default', () => {
  expect(parse('days=5&sort=message&platform=ios')).toEqual({
    days: 7,
    sort: 'last-seen',
    platform: null,
    page: 1,
  });
  // People type Persian digits.
  expect(parse('days=۳۰').days).toBe(30);
});

test('a group page keeps the period of the list it was opened from', () => {
  expect(periodSearch(1)).toBe('?days=1');
  expect(periodSearch(7)).toBe('');
  expect(clientErrorGroupFilterCodec.parse(new URLSearchParams('days=1&page=2'))).toEqual({
    days: 1,
    page: 2,
  });
});
