import { expect, test } from 'vitest';
import type { Cart } from '../api/cart-calls';
import { asciiName, domainOffers } from './domain-offers';

type CartLine = Cart['lines'][number];

function line(id: string, fields: Partial<CartLine>): CartLine {
  return {
    id,
    product: {
      id: `product-${id}`,
      slug: 'host-linux-5g',
      name: 'هاست لینوکس ۵ گیگ',
      iconUrl: '/icons/host.svg',
      groupName: 'هاست',
      needsDomain: true,
      needsTheme: false,
    },
    cycle: 'monthly',
    cycles: [],
    theme: null,
    domainName: null,
    domain: null,
    renewal: null,
    priceRial: 1_000_000,
    regularPriceRial: 1_000_000,
    setupFeeRial: 0,
    themePriceRial: 0,
    discountRial: 0,
    totalRial: 1_000_000,
    vatRatePercent: 10,
    vatRial: 100_000,
    ...fields,
  };
}

const registration = { action: 'register', years: 1, tld: 'com' } as const;

test('a plan made on a name the cart does not buy is offered that name', () => {
  expect(domainOffers([line('a', { domainName: 'sara-shop.com' })])).toEqual([
    { lineId: 'a', domainName: 'sara-shop.com' },
  ]);
});

test('a plan whose name the cart already registers, transfers or renews is offered nothing', () => {
  for (const action of ['register', 'transfer', 'renew'] as const) {
    const lines = [
      line('a', { domainName: 'sara-shop.com' }),
      line('b', { domainName: 'sara-shop.com', domain: { ...registration, action } }),
    ];
    expect(domainOffers(lines)).toEqual([]);
  }
});

test('a domain line for another name leaves the plan its offer', () => {
  const lines = [
    line('a', { domainName: 'sara-shop.com' }),
    line('b', { domainName: 'sara-shop.net', domain: registration }),
  ];
  expect(domainOffers(lines)).toEqual([{ lineId: 'a', domainName: 'sara-shop.com' }]);
});

test('a plan without a name, a renewal, and a domain line itself are offered nothing', () => {
  const lines = [
    line('a', {}),
    line('b', {
      domainName: 'sara-blog.com',
      renewal: { serviceId: 's', serviceName: 'هاست sara-blog.com', expiresAt: null },
    }),
    line('c', { domainName: 'sara-new.com', domain: registration }),
  ];
  expect(domainOffers(lines)).toEqual([]);
});

test('two plans on one name get one offer, under the first', () => {
  const lines = [
    line('a', { domainName: 'sara-shop.com' }),
    line('b', { domainName: 'sara-shop.com' }),
    line('c', { domainName: 'sara-blog.ir' }),
  ];
  expect(domainOffers(lines)).toEqual([
    { lineId: 'a', domainName: 'sara-shop.com' },
    { lineId: 'c', domainName: 'sara-blog.ir' },
  ]);
});

test('a Persian name in the domain line matches the plan’s A-label form of it', () => {
  expect(asciiName('مثال.ایران')).toBe('xn--mgbh0fb.xn--mgba3a4f16a');
  const lines = [
    line('a', { domainName: 'xn--mgbh0fb.xn--mgba3a4f16a' }),
    line('b', { domainName: 'مثال.ایران', domain: { ...registration, tld: 'ایران' } }),
  ];
  expect(domainOffers(lines)).toEqual([]);
});

test('names compare without regard to case', () => {
  expect(asciiName('Sara-Shop.COM')).toBe('sara-shop.com');
});
