import { SERVICE_EXPIRY_WARNING_DAYS } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import { daysLeftColor, daysLeftText, expiryUrgency } from './days-left';

test('days left are written in Persian words and digits', () => {
  expect(daysLeftText(12)).toBe('۱۲ روز مانده');
  expect(daysLeftText(1)).toBe('فردا منقضی می‌شود');
  expect(daysLeftText(0)).toBe('امروز منقضی می‌شود');
  expect(daysLeftText(-1)).toBe('دیروز منقضی شد');
  expect(daysLeftText(-5)).toBe('۵ روز پیش منقضی شد');
});

test('a service expiring within 7 days is a warning, one past it is urgent', () => {
  expect(SERVICE_EXPIRY_WARNING_DAYS).toBe(7);
  expect(expiryUrgency(8)).toBe('later');
  expect(expiryUrgency(7)).toBe('soon');
  expect(expiryUrgency(0)).toBe('soon');
  expect(expiryUrgency(-1)).toBe('past');
  expect(daysLeftColor(3, 'active')).toBe('orange.8');
  expect(daysLeftColor(30, 'active')).toBe('dimmed');
  expect(daysLeftColor(-2, 'expired')).toBe('red.8');
});

test('a cancelled or suspended service gets no expiry warning', () => {
  expect(daysLeftColor(2, 'cancelled')).toBe('dimmed');
  expect(daysLeftColor(-2, 'suspended')).toBe('dimmed');
});
