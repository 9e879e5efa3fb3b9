import { expect, test } from 'vitest';
import { formatAmount, formatToman, rialToToman } from './amount';

test('amounts use ٬ between every three digits with Persian digits', () => {
  expect(formatAmount(1234567)).toBe('۱٬۲۳۴٬۵۶۷');
  expect(formatAmount(1000)).toBe('۱٬۰۰۰');
  expect(formatAmount(999)).toBe('۹۹۹');
  expect(formatAmount(0)).toBe('۰');
});

test('amounts accept bigints beyond the safe integer range', () => {
  expect(formatAmount(12345678901234567890n)).toBe('۱۲٬۳۴۵٬۶۷۸٬۹۰۱٬۲۳۴٬۵۶۷٬۸۹۰');
});

test('negative amounts start with a minus sign', () => {
  expect(formatAmount(-1234)).toBe('-۱٬۲۳۴');
  expect(formatAmount(-5n)).toBe('-۵');
  expect(formatAmount(-0)).toBe('۰');
});

test('amounts reject non-integers and non-finite numbers with RangeError', () => {
  for (const value of [1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
    expect(() => formatAmount(value)).toThrow(RangeError);
  }
});

test('displayed Toman drops the last Rial digit', () => {
  expect(rialToToman(12345)).toBe(1234n);
  expect(rialToToman(10)).toBe(1n);
  expect(rialToToman(9)).toBe(0n);
  expect(rialToToman(123456789012345678901n)).toBe(12345678901234567890n);
});

test('displayed Toman truncates negative Rial toward zero', () => {
  expect(rialToToman(-15)).toBe(-1n);
  expect(rialToToman(-9n)).toBe(0n);
});

test('rial to Toman rejects non-integers with RangeError', () => {
  expect(() => rialToToman(10.5)).toThrow(RangeError);
  expect(() => rialToToman(Number.NaN)).toThrow(RangeError);
});

test('toman text is the Toman amount with separators followed by تومان', () => {
  expect(formatToman(12345670)).toBe('۱٬۲۳۴٬۵۶۷ تومان');
  expect(formatToman(5)).toBe('۰ تومان');
  expect(formatToman(-250n)).toBe('-۲۵ تومان');
});
