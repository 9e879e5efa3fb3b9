import { expect, test } from 'vitest';
import { megabytesText, usageMeter } from './account-usage';

test('disk and bandwidth read in Persian megabytes and gigabytes', () => {
  expect(megabytesText(512)).toBe('۵۱۲ مگابایت');
  expect(megabytesText(1536)).toBe('۱٫۵ گیگابایت');
  expect(megabytesText(10 * 1024)).toBe('۱۰ گیگابایت');
  expect(megabytesText(0.5)).toBe('۵۱۲ کیلوبایت');
  expect(megabytesText(0)).toBe('۰ مگابایت');
});

test('a bar shows the share of the plan used, in Persian digits', () => {
  expect(usageMeter(256, 1024)).toEqual({
    text: '۲۵۶ مگابایت از ۱ گیگابایت',
    percent: 25,
    percentText: '۲۵٪',
    color: 'brand',
  });
  expect(usageMeter(0, 1024).percentText).toBe('۰٪');
  expect(usageMeter(1, 1024).percentText).toBe('کمتر از ۱٪');
});

test('a plan nearly used up turns the bar orange, then red, and it never runs past full', () => {
  expect(usageMeter(850, 1000).color).toBe('orange');
  expect(usageMeter(960, 1000).color).toBe('red');
  const over = usageMeter(1500, 1000);
  expect(over.percent).toBe(100);
  expect(over.percentText).toBe('۱۵۰٪');
  expect(over.color).toBe('red');
});

test('an unlimited plan has no bar, only the amount used', () => {
  expect(usageMeter(2048, null)).toEqual({
    text: '۲ گیگابایت از نامحدود',
    percent: null,
    percentText: null,
    color: 'brand',
  });
});
