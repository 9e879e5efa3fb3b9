import { expect, test } from 'vitest';
import {
  hasStoreFilters,
  parseStoreFilters,
  productCountText,
  STORE_PAGE_SIZE,
  storeFiltersToInput,
  writeStoreFilters,
} from './store-filters';

const parse = (query: string) => parseStoreFilters(new URLSearchParams(query));

test('the store address without parameters is the first page of every product, most popular first', () => {
  const filters = parse('');
  expect(filters).toEqual({
    group: null,
    q: '',
    minToman: null,
    maxToman: null,
    sort: 'popular',
    page: 1,
  });
  expect(hasStoreFilters(filters)).toBe(false);
  expect(storeFiltersToInput(filters)).toEqual({
    page: 1,
    pageSize: STORE_PAGE_SIZE,
    sort: 'popular',
  });
});

test('price bounds in the address are Toman and reach the API as Rial', () => {
  const filters = parse('group=hosting&q=وردپرس&min=200000&max=۱٬۵۰۰٬۰۰۰&sort=price-asc&page=2');
  expect(hasStoreFilters(filters)).toBe(true);
  expect(storeFiltersToInput(filters)).toEqual({
    page: 2,
    pageSize: STORE_PAGE_SIZE,
    sort: 'price-asc',
    group: 'hosting',
    q: 'وردپرس',
    minPrice: 2_000_000,
    maxPrice: 15_000_000,
  });
});

test('an unknown sort is the default one; an unknown group is left for the server to judge', () => {
  const filters = parse('sort=cheapest&group=no-such-group');
  expect(filters.sort).toBe('popular');
  expect(storeFiltersToInput(filters).group).toBe('no-such-group');
});

test('writing filters back gives the same address, leaving out defaults', () => {
  const query =
    'group=hosting&q=%D9%87%D8%A7%D8%B3%D8%AA&min=200000&max=1500000&sort=newest&page=3';
  expect(writeStoreFilters(parse(query)).toString()).toBe(query);
  expect(writeStoreFilters(parse('sort=popular&page=1')).toString()).toBe('');
});

test('the product count is exact as the server counted it, and «حدود» before an estimate', () => {
  expect(productCountText(12)).toBe('۱۲ محصول');
  expect(productCountText(0, false)).toBe('۰ محصول');
  expect(productCountText(45463, true)).toBe('حدود ۴۵۴۶۳ محصول');
});
