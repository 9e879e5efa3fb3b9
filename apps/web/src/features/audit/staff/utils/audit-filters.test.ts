import { expect, test } from 'vitest';
import { auditRecordPath } from '../../../console/utils/admin-sections';
import { auditFilterCodec, hasAuditFilters } from './audit-filters';

const parse = (query: string) => auditFilterCodec.parse(new URLSearchParams(query));

test('the filters are read from the address', () => {
  expect(parse('action=order&type=order&id=abc-1&page=3')).toEqual({
    action: 'order',
    entityType: 'order',
    entityId: 'abc-1',
    page: 3,
    after: null,
  });
});

test('an unknown action prefix, blank text and a bad page are no filter', () => {
  const filters = parse('action=wallet&type=%20%20&page=-2');
  expect(filters).toEqual({ action: null, entityType: '', entityId: '', page: 1, after: null });
  expect(hasAuditFilters(filters)).toBe(false);
});

test('text longer than the server accepts is cut to its limit', () => {
  expect(parse(`type=${'x'.repeat(60)}`).entityType).toHaveLength(40);
});

test('writing leaves out empty filters and the first page', () => {
  const params = auditFilterCodec.write({
    action: 'discount-code',
    entityType: '',
    entityId: ' 42 ',
    page: 1,
    after: null,
  });
  expect(params.toString()).toBe('action=discount-code&id=42');
});

test("a customer file's audit link reads back as the audit log filter of that customer", () => {
  const query = auditRecordPath('customer', '5f0e8c1a-0000-4000-8000-000000000001').split('?')[1];
  expect(auditFilterCodec.parse(new URLSearchParams(query))).toEqual({
    action: null,
    entityType: 'customer',
    entityId: '5f0e8c1a-0000-4000-8000-000000000001',
    page: 1,
    // From the first page, so no cursor (decision 0033).
    after: null,
  });
});
