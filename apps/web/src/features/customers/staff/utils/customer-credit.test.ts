import { expect, test } from 'vitest';
import {
  creditAdjustmentRial,
  MAX_CREDIT_ADJUSTMENT_TOMAN,
  signedTomanAmount,
} from './customer-credit';

test('a Toman amount typed with Persian digits and separators is sent as Rial', () => {
  expect(creditAdjustmentRial('۱۲٬۵۰۰', 'increase')).toEqual({ ok: true, amountRial: 125_000 });
  expect(creditAdjustmentRial(' 12,500 ', 'increase')).toEqual({ ok: true, amountRial: 125_000 });
  expect(creditAdjustmentRial('۱۲ ۵۰۰', 'increase')).toEqual({ ok: true, amountRial: 125_000 });
  expect(creditAdjustmentRial('١٢٥٠٠', 'increase')).toEqual({ ok: true, amountRial: 125_000 });
});

test('a decrease is sent as a negative amount', () => {
  expect(creditAdjustmentRial('۵۰٬۰۰۰', 'decrease')).toEqual({ ok: true, amountRial: -500_000 });
});

test('a blank amount, zero, a fraction or words are refused in Persian before sending', () => {
  const refused = (text: string) => {
    const result = creditAdjustmentRial(text, 'increase');
    if (result.ok) throw new Error(`${text} was accepted`);
    return result.error;
  };
  expect(refused('  ')).toBe('مبلغ را به تومان وارد کنید');
  expect(refused('۰')).toBe('مبلغ نباید صفر باشد');
  expect(refused('۱۲٫۵')).toBe('مبلغ را فقط با رقم و به تومان کامل بنویسید');
  expect(refused('12.5')).toBe('مبلغ را فقط با رقم و به تومان کامل بنویسید');
  expect(refused('-500')).toBe('مبلغ را فقط با رقم و به تومان کامل بنویسید');
  expect(refused('پنجاه هزار')).toBe('مبلغ را فقط با رقم و به تومان کامل بنویسید');
});

test('more than one adjustment may move is refused; the most it may move is accepted', () => {
  expect(creditAdjustmentRial(String(MAX_CREDIT_ADJUSTMENT_TOMAN), 'decrease')).toEqual({
    ok: true,
    amountRial: -MAX_CREDIT_ADJUSTMENT_TOMAN * 10,
  });
  expect(creditAdjustmentRial(String(MAX_CREDIT_ADJUSTMENT_TOMAN + 1), 'increase').ok).toBe(false);
});

test('a ledger amount is written in Toman with its sign', () => {
  expect(signedTomanAmount(500_000)).toBe('+۵۰٬۰۰۰');
  expect(signedTomanAmount(-1_250_000)).toBe('−۱۲۵٬۰۰۰');
});
