import fc from 'fast-check';
import { expect, test } from 'vitest';
import { toLatinDigits, toPersianDigits } from './digits';

test('persian digits replace Latin digits and keep other characters', () => {
  expect(toPersianDigits('کد 0123456789-ab')).toBe('کد ۰۱۲۳۴۵۶۷۸۹-ab');
});

test('persian digits replace Arabic-Indic digits', () => {
  expect(toPersianDigits('٠١٢٣٤٥٦٧٨٩')).toBe('۰۱۲۳۴۵۶۷۸۹');
});

test('persian digits accept numbers and bigints', () => {
  expect(toPersianDigits(-12)).toBe('-۱۲');
  expect(toPersianDigits(3.5)).toBe('۳.۵');
  expect(toPersianDigits(12345678901234567890n)).toBe('۱۲۳۴۵۶۷۸۹۰۱۲۳۴۵۶۷۸۹۰');
});

test('latin digits replace Persian and Arabic-Indic digits and keep other characters', () => {
  expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹ ٠١٢٣٤٥٦٧٨٩ 42 تومان')).toBe('0123456789 0123456789 42 تومان');
});

test('latin digits undo persian digits for any integer', () => {
  fc.assert(
    fc.property(fc.oneof(fc.maxSafeInteger(), fc.bigInt()), (value) => {
      const persian = toPersianDigits(value);
      expect(persian).not.toMatch(/[0-9]/);
      expect(toLatinDigits(persian)).toBe(String(value));
    }),
  );
});
