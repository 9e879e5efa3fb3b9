import { expect, test } from 'vitest';
import { rialToTomanNumber, tomanText, tomanToRial } from './money';

test('a Toman amount is ten times as many Rial', () => {
  expect(tomanToRial(0)).toBe(0);
  expect(tomanToRial(250_000)).toBe(2_500_000);
});

test('Rial become whole Toman, the last Rial digit dropped', () => {
  expect(rialToTomanNumber(2_500_000)).toBe(250_000);
  expect(rialToTomanNumber(1_234_567)).toBe(123_456);
  expect(rialToTomanNumber(tomanToRial(99_000))).toBe(99_000);
});

test('a price shows every digit in Toman, or shortened where space is short', () => {
  expect(tomanText(19_900_000)).toBe('۱٬۹۹۰٬۰۰۰ تومان');
  expect(tomanText(19_900_000, { short: true })).toBe('۱ میلیون و ۹۹۰ هزار تومان');
  expect(tomanText(990_000, { short: true })).toBe('۹۹ هزار تومان');
});
