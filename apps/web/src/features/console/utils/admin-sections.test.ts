import { expect, test } from 'vitest';
import { adminSections, canOpen, sectionAt, sectionByKey, sectionsFor } from './admin-sections';

test('support sees the dashboard, orders, customers, tickets and billing only', () => {
  expect(sectionsFor('support').map((section) => section.key)).toEqual([
    'dashboard',
    'orders',
    'customers',
    'tickets',
    'billing',
  ]);
});

test('an admin sees every section, the audit log last', () => {
  const keys = sectionsFor('admin').map((section) => section.key);
  expect(keys).toHaveLength(adminSections.length);
  expect(keys.at(-1)).toBe('audit');
});

test('catalog, articles, discounts and the audit log are for admins only', () => {
  for (const key of ['catalog', 'articles', 'discounts', 'audit'] as const) {
    expect(canOpen('support', sectionByKey(key))).toBe(false);
    expect(canOpen('admin', sectionByKey(key))).toBe(true);
  }
});

test('the provisioning section is for admins only, with its queue, servers and timelines', () => {
  const provisioning = sectionByKey('provisioning');
  expect(canOpen('support', provisioning)).toBe(false);
  expect(canOpen('admin', provisioning)).toBe(true);
  expect(sectionAt('/admin/provisioning')?.key).toBe('provisioning');
  expect(sectionAt('/admin/provisioning/services/123')?.key).toBe('provisioning');
});

test('billing (issue 21) opens for whoever reads billing documents: support and admins', () => {
  const billing = sectionByKey('billing');
  expect(canOpen('support', billing)).toBe(true);
  expect(canOpen('admin', billing)).toBe(true);
  expect(sectionAt('/admin/billing')?.key).toBe('billing');
  expect(sectionAt('/admin/billing/documents/123')?.key).toBe('billing');
  expect(sectionAt('/admin/billing/tax-rates')?.key).toBe('billing');
});

test('an address belongs to its section, with its subpages; the dashboard only at /admin', () => {
  expect(sectionAt('/admin')?.key).toBe('dashboard');
  expect(sectionAt('/admin/')?.key).toBe('dashboard');
  expect(sectionAt('/admin/audit')?.key).toBe('audit');
  expect(sectionAt('/admin/orders/123')?.key).toBe('orders');
  expect(sectionAt('/admin/auditor')).toBeUndefined();
  expect(sectionAt('/admin/nothing-here')).toBeUndefined();
});

test('the error reports (issue 23) are for admins only, with each error’s page under them', () => {
  const errors = sectionByKey('errors');
  expect(canOpen('support', errors)).toBe(false);
  expect(canOpen('admin', errors)).toBe(true);
  expect(sectionAt('/admin/errors')?.key).toBe('errors');
  expect(sectionAt('/admin/errors/0123456789abcdef0123456789abcdef')?.key).toBe('errors');
});

test('the queue of what automation gave up on (issue 38) is for admins, who act on both kinds', () => {
  const work = sectionByKey('work');
  expect(canOpen('support', work)).toBe(false);
  expect(canOpen('admin', work)).toBe(true);
  expect(sectionAt('/admin/work')?.key).toBe('work');
});
