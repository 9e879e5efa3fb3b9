import { expect, test } from 'vitest';
import { exactTomanText, partialRefundRial } from './order-refund';

const LEFT = 1_234_567; // Rial: 123,456.7 Toman, as an order with VAT can be.

test('a part typed in Toman is sent as ten times as many Rial', () => {
  expect(partialRefundRial('۵۰٬۰۰۰', LEFT)).toEqual({ ok: true, amountRial: 500_000 });
  expect(partialRefundRial(' 50,000 ', LEFT)).toEqual({ ok: true, amountRial: 500_000 });
  expect(partialRefundRial('۵۰ ۰۰۰', LEFT)).toEqual({ ok: true, amountRial: 500_000 });
});

test('a Toman amount with its Rial digit is sent to the Rial', () => {
  expect(partialRefundRial('۱۲۳٬۴۵۶٫۷', LEFT)).toEqual({ ok: true, amountRial: 1_234_567 });
  expect(partialRefundRial('0.5', LEFT)).toEqual({ ok: true, amountRial: 5 });
  expect(partialRefundRial('12.34', LEFT)).toEqual({
    ok: false,
    error: 'تومان بیش از یک رقم اعشار (ریال) ندارد',
  });
});

test('more than is left to refund is refused before sending, naming what is left', () => {
  expect(partialRefundRial('۱۲۳٬۴۵۷', LEFT)).toEqual({
    ok: false,
    error: 'بیش از باقی‌ماندهٔ پرداختی این سفارش (۱۲۳٬۴۵۶٫۷ تومان) است',
  });
});

test('a blank, zero, negative or worded amount is refused in Persian', () => {
  const refused = (text: string) => {
    const result = partialRefundRial(text, LEFT);
    if (result.ok) throw new Error(`${text} was accepted`);
    return result.error;
  };
  expect(refused(' ')).toBe('مبلغ بازپرداخت را به تومان بنویسید');
  expect(refused('۰')).toBe('مبلغ بازپرداخت باید بیش از صفر باشد');
  expect(refused('-500')).toBe('مبلغ را فقط با رقم و به تومان بنویسید');
  expect(refused('پنجاه هزار')).toBe('مبلغ را فقط با رقم و به تومان بنویسید');
});

test('what is left is written in exact Toman, with the Rial digit when there is one', () => {
  expect(exactTomanText(1_234_567)).toBe('۱۲۳٬۴۵۶٫۷ تومان');
  expect(exactTomanText(1_234_560)).toBe('۱۲۳٬۴۵۶ تومان');
  expect(exactTomanText(7)).toBe('۰٫۷ تومان');
});
