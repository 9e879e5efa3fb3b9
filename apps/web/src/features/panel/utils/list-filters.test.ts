import { expect, test } from 'vitest';
import { orderFilterCodec, serviceFilterCodec } from './list-filters';

test('the orders filter reads a known status, the page and its cursor from the address', () => {
  expect(
    orderFilterCodec.parse(new URLSearchParams('status=pending&page=۳&after=WyIyMDI2Il0')),
  ).toEqual({ status: 'pending', page: 3, after: 'WyIyMDI2Il0' });
});

test('an unknown status, page or cursor in the address is no filter', () => {
  expect(
    serviceFilterCodec.parse(new URLSearchParams('status=deleted&page=-2&after=not%20ours')),
  ).toEqual({ status: null, page: 1, after: null });
});

test('a plain list has a plain address', () => {
  expect(serviceFilterCodec.write({ status: null, page: 1, after: null }).toString()).toBe('');
  expect(
    serviceFilterCodec.write({ status: 'active', page: 2, after: 'WyIyMDI2Il0' }).toString(),
  ).toBe('status=active&page=2&after=WyIyMDI2Il0');
});
