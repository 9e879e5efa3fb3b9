import { SERVICE_SETUP_STATUSES } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import {
  elapsedText,
  isSetupStatus,
  SETUP_POLL_MS,
  STAFF_SETUP_POLL_MS,
  setupPollIntervalMs,
} from './service-setup';

const since = '2025-03-01T10:00:00.000Z';
const after = (minutes: number) => Date.parse(since) + minutes * 60_000;

test('the time a setup has taken is written in Persian words and digits, to the minute', () => {
  expect(elapsedText(since, after(0.5))).toBe('کمتر از یک دقیقه');
  expect(elapsedText(since, after(3))).toBe('۳ دقیقه');
  expect(elapsedText(since, after(59.9))).toBe('۵۹ دقیقه');
  expect(elapsedText(since, after(60))).toBe('۱ ساعت');
  expect(elapsedText(since, after(65))).toBe('۱ ساعت و ۵ دقیقه');
  expect(elapsedText(since, after(2 * 24 * 60 + 3 * 60 + 20))).toBe('۲ روز و ۳ ساعت');
  expect(elapsedText(since, after(24 * 60))).toBe('۱ روز');
});

test('a device clock behind the server does not give a negative time', () => {
  expect(elapsedText(since, after(-4))).toBe('کمتر از یک دقیقه');
});

test('the page asks again every few seconds while a service is set up, rarely once staff have it, never after', () => {
  expect(SETUP_POLL_MS).toBeLessThanOrEqual(5_000);
  for (const status of ['pending', 'provisioning', 'failed'] as const) {
    expect(setupPollIntervalMs(status)).toBe(SETUP_POLL_MS);
  }
  expect(setupPollIntervalMs('needs-attention')).toBe(STAFF_SETUP_POLL_MS);
  for (const status of ['active', 'expired', 'suspended', 'terminated', 'cancelled'] as const) {
    expect(setupPollIntervalMs(status)).toBe(false);
    expect(isSetupStatus(status)).toBe(false);
  }
  expect(setupPollIntervalMs(undefined)).toBe(false);
  expect(SERVICE_SETUP_STATUSES.every((status) => isSetupStatus(status))).toBe(true);
});
