import { expect, test } from 'vitest';
import { elapsedText } from './elapsed-text';

const since = '2025-03-01T10:00:00.000Z';
const after = (minutes: number) => Date.parse(since) + minutes * 60_000;

test('the time waited is written in Persian words and digits, to the minute', () => {
  expect(elapsedText(since, after(0.5))).toBe('کمتر از یک دقیقه');
  expect(elapsedText(since, after(3))).toBe('۳ دقیقه');
  expect(elapsedText(since, after(59.9))).toBe('۵۹ دقیقه');
  expect(elapsedText(since, after(60))).toBe('۱ ساعت');
  expect(elapsedText(since, after(65))).toBe('۱ ساعت و ۵ دقیقه');
  expect(elapsedText(since, after(2 * 24 * 60 + 3 * 60 + 20))).toBe('۲ روز و ۳ ساعت');
  expect(elapsedText(since, after(24 * 60))).toBe('۱ روز');
  // The console's clock is a Date; the panel's a number: the same words.
  expect(elapsedText(since, new Date(after(24 * 60 + 59)))).toBe('۱ روز');
});

test('a device clock behind the server, or a time that cannot be read, is no time at all', () => {
  expect(elapsedText(since, after(-4))).toBe('کمتر از یک دقیقه');
  expect(elapsedText('not a time', after(10))).toBe('کمتر از یک دقیقه');
});
