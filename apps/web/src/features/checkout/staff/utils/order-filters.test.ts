import { expect, test } from 'vitest';
import { hasOrderFilters, orderFilterCodec, orderFiltersInput } from './order-filters';

const parse = (query: string) => orderFilterCodec.parse(new URLSearchParams(query));

test('the filters are read from the address', () => {
  expect(
    parse('status=paid&q=09121234567&from=1405/08/01&to=1405/08/30&sort=total-desc&page=2'),
  ).toEqual({
    status: 'paid',
    query: '09121234567',
    createdFrom: '1405/08/01',
    createdTo: '1405/08/30',
    sort: 'total-desc',
    page: 2,
    after: null,
  });
});

test('an unknown status or sort, blank text and a bad page are no filter', () => {
  const filters = parse('status=lost&sort=cheapest&q=%20%20&page=0');
  expect(filters).toEqual({
    status: null,
    query: '',
    createdFrom: '',
    createdTo: '',
    sort: 'newest',
    page: 1,
    after: null,
  });
  expect(hasOrderFilters(filters)).toBe(false);
});

test('search text longer than the server accepts is cut to its limit', () => {
  expect(parse(`q=${'۱'.repeat(60)}`).query).toHaveLength(40);
});

test('dates typed in Persian digits stay as typed for the server to read', () => {
  const filters = parse(`from=${encodeURIComponent('۱۴۰۵/۰۸/۰۱')}`);
  expect(filters.createdFrom).toBe('۱۴۰۵/۰۸/۰۱');
  expect(orderFilterCodec.write(filters).get('from')).toBe('۱۴۰۵/۰۸/۰۱');
});

test('writing leaves out empty filters, the default sort and the first page', () => {
  const params = orderFilterCodec.write({
    status: 'refunded',
    query: ' 1042 ',
    createdFrom: '',
    createdTo: '',
    sort: 'newest',
    page: 1,
    after: null,
  });
  expect(params.toString()).toBe('status=refunded&q=1042');
  expect(orderFilterCodec.write({ ...parse(''), sort: 'oldest', page: 3 }).toString()).toBe(
    'sort=oldest&page=3',
  );
});

test('what is written reads back the same', () => {
  const filters = parse(
    'status=pending&q=%2B98%20912&from=2026-11-01T00:00:00Z&sort=oldest&page=7&after=WyIyMDI2Il0',
  );
  expect(filters).toMatchObject({ page: 7, after: 'WyIyMDI2Il0' });
  expect(parse(orderFilterCodec.write(filters).toString())).toEqual(filters);
});

test('the server gets only the filters in use, with the sort', () => {
  expect(orderFiltersInput(parse('status=paid&to=1405/09/01'))).toEqual({
    status: 'paid',
    createdTo: '1405/09/01',
    sort: 'newest',
  });
  expect(orderFiltersInput(parse(''))).toEqual({ sort: 'newest' });
});
