import { expect, test } from 'vitest';
import {
  isLabelledDay,
  jalaliDayLabel,
  jalaliDayText,
  jalaliMonthName,
  salesChart,
  salesText,
} from './dashboard-chart';

test('bars are scaled to the best day, with the zero line at the bottom when nothing is negative', () => {
  const chart = salesChart([
    { date: '2026-11-20', salesRial: 0 },
    { date: '2026-11-21', salesRial: 500_000 },
    { date: '2026-11-22', salesRial: 2_000_000 },
  ]);
  expect(chart.bars.map((bar) => bar.heightPercent)).toEqual([0, 25, 100]);
  expect(chart.bars.some((bar) => bar.negative)).toBe(false);
  expect(chart.zeroFromTopPercent).toBe(100);
  expect(chart.maxRial).toBe(2_000_000);
});

test('a day of net refunds goes below the zero line on the same scale', () => {
  const chart = salesChart([
    { date: '2026-11-21', salesRial: 3_000_000 },
    { date: '2026-11-22', salesRial: -1_000_000 },
  ]);
  expect(chart.zeroFromTopPercent).toBe(75);
  expect(chart.bars[0]).toMatchObject({ heightPercent: 75, negative: false });
  expect(chart.bars[1]).toMatchObject({ heightPercent: 25, negative: true });
});

test('thirty days without sales draw no bars and no division by zero', () => {
  const days = Array.from({ length: 30 }, (_, index) => ({
    date: `2026-11-${String(index + 1).padStart(2, '0')}`,
    salesRial: 0,
  }));
  const chart = salesChart(days);
  expect(chart.bars.every((bar) => bar.heightPercent === 0)).toBe(true);
  expect(chart.zeroFromTopPercent).toBe(100);
});

test('a Tehran day is shown as its Jalali date', () => {
  expect(jalaliDayText('2026-11-22')).toBe('۱۴۰۵/۰۹/۰۱');
  expect(jalaliDayLabel('2026-11-22')).toBe('۱ آذر');
  expect(jalaliDayText('2026-03-21')).toBe('۱۴۰۵/۰۱/۰۱');
});

test('the month is named as it is in Tehran', () => {
  expect(jalaliMonthName(new Date('2026-11-22T08:00:00Z'))).toBe('آذر');
  expect(jalaliMonthName(new Date('2026-11-21T21:00:00Z'))).toBe('آذر');
  expect(jalaliMonthName(new Date('2026-11-21T20:00:00Z'))).toBe('آبان');
});

test('the axis names today and every fifth day before it', () => {
  const labelled = Array.from({ length: 30 }, (_, index) => index).filter((index) =>
    isLabelledDay(index, 30),
  );
  expect(labelled).toEqual([4, 9, 14, 19, 24, 29]);
});

test('net sales below zero say so in words', () => {
  expect(salesText(12_500_000)).toBe('۱٬۲۵۰٬۰۰۰ تومان');
  expect(salesText(0)).toBe('۰ تومان');
  expect(salesText(-3_000_000)).toBe('منهای ۳۰۰٬۰۰۰ تومان');
});
