import { expect, test } from 'vitest';
import { planChangeSettlement, remainingDaysText } from './plan-change';

test('a positive difference is to pay, a negative one goes back to the wallet, each with VAT', () => {
  expect(planChangeSettlement(870_967, { vatRial: 87_097, totalRial: 958_064 })).toEqual({
    kind: 'pay',
    label: 'مبلغ قابل پرداخت',
    netRial: 870_967,
    vatRial: 87_097,
    amountRial: 958_064,
  });
  expect(planChangeSettlement(-450_000, { vatRial: 45_000, totalRial: 495_000 })).toEqual({
    kind: 'credit',
    label: 'بازگشت به اعتبار کیف پول',
    netRial: 450_000,
    vatRial: 45_000,
    amountRial: 495_000,
  });
});

test('an even swap neither asks for money nor credits any', () => {
  expect(planChangeSettlement(0, { vatRial: 0, totalRial: 0 })).toMatchObject({
    kind: 'even',
    amountRial: 0,
  });
});

test('the days left are counted against the days of the term, in Persian digits', () => {
  expect(remainingDaysText({ remainingDays: 29, termDays: 31 })).toBe(
    '۲۹ روز از ۳۱ روز دوره مانده',
  );
});
