import { expect, test } from 'vitest';
import { parseTicketFilters, writeTicketFilters } from './ticket-filters';

const parse = (query: string) => parseTicketFilters(new URLSearchParams(query));

test('the plain address is every ticket, first page', () => {
  expect(parse('')).toEqual({ status: null, page: 1, after: null });
  expect(writeTicketFilters({ status: null, page: 1, after: null }).toString()).toBe('');
});

test('status, page and cursor round-trip through the address', () => {
  expect(parse('status=customer-reply&page=۲&after=WyIyMDI2Il0')).toEqual({
    status: 'customer-reply',
    page: 2,
    after: 'WyIyMDI2Il0',
  });
  expect(writeTicketFilters({ status: 'answered', page: 3, after: 'WyIyMDI2Il0' }).toString()).toBe(
    'status=answered&page=3&after=WyIyMDI2Il0',
  );
});

test('an unknown status, a broken page or a cursor not ours falls back instead of failing', () => {
  expect(parse('status=deleted&page=-4&after=not%20ours')).toEqual({
    status: null,
    page: 1,
    after: null,
  });
});
