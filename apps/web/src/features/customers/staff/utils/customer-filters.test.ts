import { expect, test } from 'vitest';
import { customerFilterCodec, hasCustomerFilters } from './customer-filters';

const parse = (query: string) => customerFilterCodec.parse(new URLSearchParams(query));

test('the search, role, lock state and page are read from the address', () => {
  expect(parse('q=%DB%B0%DB%B9%DB%B1%DB%B2&role=support&lock=locked&page=2')).toEqual({
    query: '۰۹۱۲',
    role: 'support',
    lock: 'locked',
    page: 2,
    after: null,
  });
});

test('a mobile number keeps the form it was typed in: the server reads every form', () => {
  expect(parse('q=%2B98%20912%20123%204567').query).toBe('+98 912 123 4567');
});

test('an unknown role or lock state, a blank search and a bad page are no filter', () => {
  const filters = parse('q=%20%20&role=owner&lock=maybe&page=0');
  expect(filters).toEqual({ query: '', role: null, lock: null, page: 1, after: null });
  expect(hasCustomerFilters(filters)).toBe(false);
});

test('a search longer than the server accepts is cut to its limit', () => {
  expect(parse(`q=${'a'.repeat(140)}`).query).toHaveLength(100);
});

test('writing leaves out empty filters and the first page', () => {
  expect(
    customerFilterCodec
      .write({ query: ' سارا ', role: null, lock: 'open', page: 1, after: null })
      .toString(),
  ).toBe(`q=${encodeURIComponent('سارا')}&lock=open`);
  expect(
    customerFilterCodec
      .write({ query: '', role: 'customer', lock: null, page: 3, after: null })
      .toString(),
  ).toBe('role=customer&page=3');
});

test('what is written reads back the same', () => {
  const filters = {
    query: '0912 123',
    role: 'admin',
    lock: 'locked',
    page: 4,
    after: 'WyIyMDI2LTExLTI3IDIyOjI4OjUwLjEyMzQ1NiswMCIsImFiYyJd',
  } as const;
  expect(customerFilterCodec.parse(customerFilterCodec.write(filters))).toEqual(filters);
});

test('a page reached by cursor keeps its cursor in the address; a foreign one is dropped', () => {
  expect(parse('page=3&after=WyIyMDI2Il0').after).toBe('WyIyMDI2Il0');
  expect(parse('page=3&after=%3Cscript%3E')).toMatchObject({ page: 3, after: null });
});
