import { expect, test } from 'vitest';
import { hasStaffDomainFilters, staffDomainFilterCodec } from './staff-domain-filters';

const { parse, write } = staffDomainFilterCodec;

test('the domains list reads its search, status, staff toggle and page from the address', () => {
  const filters = parse(new URLSearchParams('q=sara&status=needs-attention&staff=1&page=3'));
  expect(filters).toEqual({ q: 'sara', status: 'needs-attention', needsStaff: true, page: 3 });
  expect(write(filters).toString()).toBe('q=sara&status=needs-attention&staff=1&page=3');
});

test('an unknown status in the address is no filter, and a plain list has a plain address', () => {
  const filters = parse(new URLSearchParams('status=lost&page=x'));
  expect(filters).toEqual({ q: '', status: null, needsStaff: false, page: 1 });
  expect(hasStaffDomainFilters(filters)).toBe(false);
  expect(write(filters).toString()).toBe('');
});
