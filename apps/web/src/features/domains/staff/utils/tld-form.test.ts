import { expect, test } from 'vitest';
import { type StaffTld, tldFormOf, tldUpdateRequest, yearsText } from './tld-form';

const ir: StaffTld = {
  tld: 'ir',
  ascii: 'ir',
  script: 'ascii',
  minLength: 3,
  registrarAccountId: '7c1e1a52-0d6b-4f0e-9d3a-2f0f4a5b6c7d',
  registrarName: 'sandbox-registry',
  years: [1, 5],
  registerPriceRial: 1_200_000,
  renewPriceRial: 1_200_000,
  transferPriceRial: 0,
  restorePriceRial: 1_200_000,
  graceDays: 30,
  redemptionDays: 30,
  authCodeRequired: false,
  enabled: true,
  productId: null,
  domains: 3,
};

test('a TLD’s prices show in Toman and are sent back in Rial', () => {
  const values = tldFormOf(ir);
  expect(values.prices.registerPriceRial).toBe('۱۲۰٬۰۰۰');
  expect(values.days.graceDays).toBe('۳۰');
  const answer = tldUpdateRequest('ir', {
    ...values,
    prices: { ...values.prices, renewPriceRial: '150,000', transferPriceRial: '۰' },
    years: ['5', '1', '2'],
    reason: '  قیمت تازهٔ ایرنیک ',
  });
  expect(answer).toEqual({
    ok: true,
    request: {
      tld: 'ir',
      enabled: true,
      registrarAccountId: ir.registrarAccountId,
      years: [1, 2, 5],
      registerPriceRial: 1_200_000,
      renewPriceRial: 1_500_000,
      transferPriceRial: 0,
      restorePriceRial: 1_200_000,
      graceDays: 30,
      redemptionDays: 30,
      authCodeRequired: false,
      reason: 'قیمت تازهٔ ایرنیک',
    },
  });
});

test('a price or days that are not whole numbers, or no term at all, are not sent', () => {
  const values = tldFormOf(ir);
  const answer = tldUpdateRequest('ir', {
    ...values,
    prices: { ...values.prices, registerPriceRial: '۱۲۰ هزار', restorePriceRial: '' },
    days: { ...values.days, redemptionDays: '-1' },
    years: [],
  });
  expect(answer.ok).toBe(false);
  if (answer.ok) return;
  expect(Object.keys(answer.errors).sort()).toEqual([
    'redemptionDays',
    'registerPriceRial',
    'restorePriceRial',
    'years',
  ]);
});

test('the terms read as a Persian list of years', () => {
  expect(yearsText([5, 1])).toBe('۱ و ۵ سال');
  expect(yearsText([1, 2, 3, 5, 10])).toBe('۱، ۲، ۳، ۵ و ۱۰ سال');
  expect(yearsText([1])).toBe('۱ سال');
});
