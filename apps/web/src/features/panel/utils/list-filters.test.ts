import { expect, test } from 'vitest';
import { orderFilterCodec, serviceFilterCodec } from './list-filters';

test('the orders filter reads a known status and the page from the address', () => {
  expect(orderFilterCodec.parse(new URLSearchParams('status=pending&page=۳'))).toEqual({
    status: 'pending',
    page: 3,
  });
});

test('an unknown status or page in the address is no filter', () => {
  expect(serviceFilterCodec.parse(new URLSearchParams('status=deleted&page=-2'))).toEqual({
    status: null,
    page: 1,
  });
});

test('a plain list has a plain address', () => {
  expect(serviceFilterCodec.write({ status: null, page: 1 }).toString()).toBe('');
  expect(serviceFilterCodec.write({ status: 'active', page: 2 }).toString()).toBe(
    'status=active&page=2',
  );
});
