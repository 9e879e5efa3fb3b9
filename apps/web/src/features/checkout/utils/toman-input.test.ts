import { expect, test } from 'vitest';
import { formatTomanText, parseTomanText } from './toman-input';

test('a typed Toman amount is read in Persian, Arabic-Indic or Latin digits', () => {
  expect(parseTomanText('۵۰۰۰۰۰۰')).toBe(5_000_000);
  expect(parseTomanText('٥٠٠٠')).toBe(5000);
  expect(parseTomanText('120000')).toBe(120_000);
});

test('thousands separators and stray characters in a typed amount are ignored', () => {
  expect(parseTomanText('۵٬۰۰۰٬۰۰۰')).toBe(5_000_000);
  expect(parseTomanText('1,250,000 تومان')).toBe(1_250_000);
});

test('a typed amount without digits is no amount', () => {
  expect(parseTomanText('')).toBeNull();
  expect(parseTomanText('تومان')).toBeNull();
});

test('a typed amount is written back with Persian digits grouped by three', () => {
  expect(formatTomanText('5000000')).toBe('۵٬۰۰۰٬۰۰۰');
  expect(formatTomanText('۰۰۱۲')).toBe('۱۲');
  expect(formatTomanText('')).toBe('');
});
