import { expect, test } from 'vitest';
import { shortenPrice } from './price';

test('price text below 1000 is the number itself', () => {
  expect(shortenPrice(950)).toBe('۹۵۰');
  expect(shortenPrice(999)).toBe('۹۹۹');
  expect(shortenPrice(1)).toBe('۱');
});

test('price text of zero is ۰', () => {
  expect(shortenPrice(0)).toBe('۰');
});

test('price text shortens thousands to هزار', () => {
  expect(shortenPrice(1_000)).toBe('۱ هزار');
  expect(shortenPrice(120_000)).toBe('۱۲۰ هزار');
});

test('price text names millions میلیون', () => {
  expect(shortenPrice(1_000_000)).toBe('۱ میلیون');
  expect(shortenPrice(45_000_000)).toBe('۴۵ میلیون');
});

test('price text names billions میلیارد', () => {
  expect(shortenPrice(2_000_000_000)).toBe('۲ میلیارد');
});

test('price text names thousand-billions هزار میلیارد', () => {
  expect(shortenPrice(3_000_000_000_000)).toBe('۳ هزار میلیارد');
});

test('price text writes a thousand-billion count above 999 with separators', () => {
  expect(shortenPrice(1_200_000_000_000_000n)).toBe('۱٬۲۰۰ هزار میلیارد');
});

test('price text shows the leading group and the next lower unit joined with و', () => {
  expect(shortenPrice(1_990_000)).toBe('۱ میلیون و ۹۹۰ هزار');
  expect(shortenPrice(2_500_000_000)).toBe('۲ میلیارد و ۵۰۰ میلیون');
  expect(shortenPrice(1_200_000_000_000)).toBe('۱ هزار میلیارد و ۲۰۰ میلیارد');
});

test('price text in thousands keeps the ones as the second group', () => {
  expect(shortenPrice(1_234)).toBe('۱ هزار و ۲۳۴');
  expect(shortenPrice(999_999)).toBe('۹۹۹ هزار و ۹۹۹');
});

test('price text omits a zero second group', () => {
  expect(shortenPrice(1_000_000)).toBe('۱ میلیون');
  expect(shortenPrice(2_000_400)).toBe('۲ میلیون');
  expect(shortenPrice(7_000)).toBe('۷ هزار');
});

test('price text rounds the rest half up to the unit of the second group', () => {
  expect(shortenPrice(1_000_500)).toBe('۱ میلیون و ۱ هزار');
  expect(shortenPrice(1_000_499)).toBe('۱ میلیون');
  expect(shortenPrice(1_234_567)).toBe('۱ میلیون و ۲۳۵ هزار');
  expect(shortenPrice(2_549_999_999)).toBe('۲ میلیارد و ۵۵۰ میلیون');
});

test('price text carries a rounded-up second group into the leading group', () => {
  expect(shortenPrice(1_999_600)).toBe('۲ میلیون');
  expect(shortenPrice(1_998_600)).toBe('۱ میلیون و ۹۹۹ هزار');
  expect(shortenPrice(12_999_500)).toBe('۱۳ میلیون');
});

test('price text carry can promote the leading unit', () => {
  expect(shortenPrice(999_999_600)).toBe('۱ میلیارد');
  expect(shortenPrice(999_999_999_500)).toBe('۱ هزار میلیارد');
});

test('price text accepts bigints', () => {
  expect(shortenPrice(1_990_000n)).toBe('۱ میلیون و ۹۹۰ هزار');
});

test('price text rejects negative amounts with RangeError', () => {
  expect(() => shortenPrice(-1)).toThrow(RangeError);
  expect(() => shortenPrice(-1_000_000n)).toThrow(RangeError);
});

test('price text rejects non-integers with RangeError', () => {
  for (const value of [1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    expect(() => shortenPrice(value)).toThrow(RangeError);
  }
});
