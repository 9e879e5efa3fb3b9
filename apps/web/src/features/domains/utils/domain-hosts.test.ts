import { expect, test } from 'vitest';
import { addressBoxes, addressField, hostLabel, sentAddresses } from './domain-hosts';

test('a child nameserver is shown by its label under the domain', () => {
  expect(hostLabel('ns1.sara-blog.com', 'sara-blog.com')).toBe('ns1');
  expect(hostLabel('a.dns.sara-blog.com', 'sara-blog.com')).toBe('a.dns');
  expect(hostLabel('ns1.other.com', 'sara-blog.com')).toBe('ns1.other.com');
});

test('the dialog opens with the addresses on file, or one empty box', () => {
  expect(addressBoxes([])).toEqual(['']);
  expect(addressBoxes(['185.51.200.10', '2a01:4f8::10'])).toEqual([
    '185.51.200.10',
    '2a01:4f8::10',
  ]);
});

test('empty boxes are not sent, and a problem with the n-th address sent is shown on its box', () => {
  const sent = sentAddresses([' 185.51.200.10 ', '', 'not an address', '  ']);
  expect(sent).toEqual({ addresses: ['185.51.200.10', 'not an address'], boxOf: [0, 2] });
  expect(addressField(sent.boxOf, 2)).toBe('addresses.1');
  expect(addressField(sent.boxOf, 0)).toBe('addresses.0');
  expect(addressField(sent.boxOf, 1)).toBeNull();
});
