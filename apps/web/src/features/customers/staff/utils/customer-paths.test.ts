import { expect, test } from 'vitest';
import { customerOrdersPath, customerPath, customerTicketsPath } from './customer-paths';

test('a customer file is under the customers section', () => {
  expect(customerPath('0b6c-1')).toBe('/admin/customers/0b6c-1');
});

test('the orders and tickets of a customer are found by the mobile, plus sign and all', () => {
  expect(customerOrdersPath('+989121234567')).toBe('/admin/orders?q=%2B989121234567');
  expect(customerTicketsPath('+989121234567')).toBe('/admin/tickets?status=all&q=%2B989121234567');
});
