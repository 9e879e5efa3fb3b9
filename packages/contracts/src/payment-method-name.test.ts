import { expect, test } from 'vitest';
import { paidWithLabel, paymentMethodName } from './calls/billing-document';

test('a payment is named by how it was made, never a transfer as a gateway', () => {
  expect(paymentMethodName('card-to-card')).toBe('کارت به کارت');
  expect(paymentMethodName('bank-transfer')).toBe('واریز بانکی');
  expect(paymentMethodName('zarinpal')).toBe('درگاه زرین‌پال');
  expect(paymentMethodName('wallet')).toBe('کیف پول');
});

test('the amount row says what paid the order besides the wallet', () => {
  expect(paidWithLabel(['card-to-card'])).toBe('پرداخت با کارت به کارت');
  expect(paidWithLabel(['zibal', 'zibal'])).toBe('پرداخت با درگاه زیبال');
  expect(paidWithLabel(['zarinpal', 'bank-transfer'])).toBe(
    'پرداخت با درگاه زرین‌پال و واریز بانکی',
  );
});
