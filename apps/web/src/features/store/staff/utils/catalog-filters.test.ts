import { expect, test } from 'vitest';
import {
  groupFilterCodec,
  hasProductFilters,
  hasThemeFilters,
  productFilterCodec,
  themeFilterCodec,
} from './catalog-filters';

const GROUP = '0b6f3a52-1c1e-4f7e-9a55-2f1d1c9b7e01';

test('the product filters are read from the address', () => {
  const filters = productFilterCodec.parse(
    new URLSearchParams(`group=${GROUP}&status=hidden&q=%20هاست%20&page=۲`),
  );
  expect(filters).toEqual({ groupId: GROUP, status: 'hidden', q: 'هاست', page: 2 });
  expect(hasProductFilters(filters)).toBe(true);
});

test('an unknown status, a group that is no id and a bad page are no filter', () => {
  const filters = productFilterCodec.parse(
    new URLSearchParams('group=hosting&status=draft&page=0'),
  );
  expect(filters).toEqual({ groupId: null, status: null, q: '', page: 1 });
  expect(hasProductFilters(filters)).toBe(false);
});

test('writing the product filters leaves out empty ones and the first page', () => {
  expect(
    productFilterCodec.write({ groupId: null, status: 'active', q: ' vps ', page: 1 }).toString(),
  ).toBe('status=active&q=vps');
  expect(
    productFilterCodec.write({ groupId: GROUP, status: null, q: '', page: 3 }).toString(),
  ).toBe(`group=${GROUP}&page=3`);
});

test('the theme filters go to the address and back', () => {
  const filters = { status: 'active', category: 'shop', q: 'فروشگاه', page: 2 } as const;
  const params = themeFilterCodec.write(filters);
  expect(themeFilterCodec.parse(params)).toEqual(filters);
  expect(hasThemeFilters(themeFilterCodec.parse(new URLSearchParams('page=4')))).toBe(false);
});

test('the groups list keeps only its page', () => {
  expect(groupFilterCodec.parse(new URLSearchParams('page=2&x=1'))).toEqual({ page: 2 });
  expect(groupFilterCodec.write({ page: 1 }).toString()).toBe('');
});
