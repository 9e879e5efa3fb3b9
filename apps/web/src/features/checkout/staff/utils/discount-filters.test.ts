import { expect, test } from 'vitest';
import { activeFlagOf, discountFilterCodec, hasDiscountFilters } from './discount-filters';

const parse = (query: string) => discountFilterCodec.parse(new URLSearchParams(query));

test('the discount codes filters are read from the address', () => {
  expect(parse('state=inactive&q=SPRING&page=4')).toEqual({
    state: 'inactive',
    q: 'SPRING',
    page: 4,
  });
});

test('an unknown state and a bad page are no filter; a long search is cut to the server limit', () => {
  const filters = parse('state=expired&page=0');
  expect(filters).toEqual({ state: null, q: '', page: 1 });
  expect(hasDiscountFilters(filters)).toBe(false);
  expect(parse(`q=${'A'.repeat(80)}`).q).toHaveLength(60);
});

test('writing leaves out empty filters and the first page', () => {
  expect(discountFilterCodec.write({ state: 'active', q: ' off ', page: 1 }).toString()).toBe(
    'state=active&q=off',
  );
  expect(discountFilterCodec.write({ state: null, q: '', page: 2 }).toString()).toBe('page=2');
});

test('the state filter becomes the list call’s active flag', () => {
  expect(activeFlagOf('active')).toBe(true);
  expect(activeFlagOf('inactive')).toBe(false);
  expect(activeFlagOf(null)).toBeUndefined();
});
