import { expect, test } from 'vitest';
import { checkOfName, type DomainNameCheck } from './check-domain-name';

function row(tld: string, availability: DomainNameCheck['availability']): DomainNameCheck {
  return {
    tld,
    name: `sara-shop.${tld}`,
    ascii: `sara-shop.${tld}`,
    availability,
    reason: null,
    years: [1, 2, 5],
    registerPrice: 19_500_000,
    renewPrice: 21_000_000,
    transferPrice: 19_500_000,
    authCodeRequired: true,
  };
}

test('the answer for a whole name is its own TLD’s row, not another TLD’s', () => {
  const search = {
    query: { label: 'sara-shop', tld: 'com' },
    results: [row('ir', 'available'), row('com', 'taken'), row('net', 'available')],
  };
  expect(checkOfName(search)).toEqual(row('com', 'taken'));
});

test('a name read without a TLD, or with one no row answers, has no answer', () => {
  expect(
    checkOfName({ query: { label: 'sara-shop', tld: null }, results: [row('ir', 'available')] }),
  ).toBeNull();
  expect(
    checkOfName({ query: { label: 'sara-shop', tld: 'com' }, results: [row('ir', 'available')] }),
  ).toBeNull();
});
