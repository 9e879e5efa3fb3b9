import { expect, test } from 'vitest';
import { waitingText } from './waiting-time';

const now = new Date('2026-05-10T12:00:00.000Z');
const before = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

test('a wait under a minute is «کمتر از یک دقیقه», also when the clocks disagree', () => {
  expect(waitingText(before(0.5), now)).toBe('کمتر از یک دقیقه');
  expect(waitingText(before(-3), now)).toBe('کمتر از یک دقیقه');
});

test('minutes are counted whole, in Persian digits', () => {
  expect(waitingText(before(12), now)).toBe('۱۲ دقیقه');
  expect(waitingText(before(59.9), now)).toBe('۵۹ دقیقه');
});

test('hours come with their minutes, unless there are none', () => {
  expect(waitingText(before(60), now)).toBe('۱ ساعت');
  expect(waitingText(before(3 * 60 + 5), now)).toBe('۳ ساعت و ۵ دقیقه');
});

test('days come with their hours, minutes dropped', () => {
  expect(waitingText(before(2 * 24 * 60 + 4 * 60 + 30), now)).toBe('۲ روز و ۴ ساعت');
  expect(waitingText(before(24 * 60 + 59), now)).toBe('۱ روز');
});
