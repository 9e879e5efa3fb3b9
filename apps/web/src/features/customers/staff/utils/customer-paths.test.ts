import { expect, test } from 'vitest';
import { auditFilterCodec } from '../../../audit/staff/utils/audit-filters';
import {
  customerAuditPath,
  customerOrdersPath,
  customerPath,
  customerTicketsPath,
} from './customer-paths';

test('a customer file is under the customers section', () => {
  expect(customerPath('0b6c-1')).toBe('/admin/customers/0b6c-1');
});

test('the orders and tickets of a customer are found by the mobile, plus sign and all', () => {
  expect(customerOrdersPath('+989121234567')).toBe('/admin/orders?q=%2B989121234567');
  expect(customerTicketsPath('+989121234567')).toBe('/admin/tickets?status=all&q=%2B989121234567');
});

test('the audit link reads back as the audit log filter of that customer', () => {
  const query = customerAuditPath('5f0e8c1a-0000-4000-8000-000000000001').split('?')[1];
  expect(auditFilterCodec.parse(new URLSearchParams(query))).toEqual({
    action: null,
    entityType: 'customer',
    entityId: '5f0e8c1a-0000-4000-8000-000000000001',
    page: 1,
    // From the first page, so no cursor (decision 0033).
    after: null,
  });
});
