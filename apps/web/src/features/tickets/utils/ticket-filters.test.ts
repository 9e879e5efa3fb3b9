import { expect, test } from 'vitest';
import { parseTicketFilters, writeTicketFilters } from './ticket-filters';

const parse = (query: string) => parseTicketFilters(new URLSearchParams(query));

test('the plain address is every ticket, first page', () => {
  expect(parse('')).toEqual({ status: null, page: 1 });
  expect(writeTicketFilters({ status: null, page: 1 }).toString()).toBe('');
});

test('status and page round-trip through the address', () => {
  expect(parse('status=customer-reply&page=۲')).toEqual({ status: 'customer-reply', page: 2 });
  expect(writeTicketFilters({ status: 'answered', page: 3 }).toString()).toBe(
    'status=answered&page=3',
  );
});

test('an unknown status or a broken page falls back instead of failing', () => {
  expect(parse('status=deleted&page=-4')).toEqual({ status: null, page: 1 });
});
