import { afterEach, expect, test, vi } from 'vitest';
import { AppError } from '../../lib/app-error';
import { setupTestApp } from '../../test/test-app';
import {
  createOtpService,
  OTP_MAX_PER_ADDRESS_PER_HOUR,
  OTP_MAX_PER_NUMBER_PER_HOUR,
} from './otp.service';

// The hourly caps sit behind the route's per-minute limit and the 60 s cooldown; they are
// tested on the service, with only Date faked so a minute can pass between codes. That needs
// the in-memory limiter: Redis expires keys on its own clock (shared Redis limits are tested
// by scale-out.real.test.ts).
const t = setupTestApp({ redisUrl: undefined });
afterEach(() => {
  vi.useRealTimers();
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the code was sent');
}

test('one number gets at most 5 codes an hour, even a minute apart', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T08:00:00Z'));
  const otp = createOtpService(t.app);
  for (let i = 0; i < OTP_MAX_PER_NUMBER_PER_HOUR; i++) {
    await otp.issue('+989127770001', 'verify', `10.30.0.${i + 1}`);
    vi.setSystemTime(new Date(Date.now() + 61_000));
  }
  const refused = await refusal(otp.issue('+989127770001', 'verify', '10.30.0.99'));
  expect(refused.code).toBe('RATE_LIMITED');
  expect(refused.message).toMatch(/^برای این شماره کد زیادی درخواست شده/);
  expect(refused.retryAfterSeconds).toBeGreaterThan(3000);
});

test('one address gets at most 20 codes an hour, whatever the numbers', async () => {
  const otp = createOtpService(t.app);
  for (let i = 0; i < OTP_MAX_PER_ADDRESS_PER_HOUR; i++) {
    await otp.issue(`+98912778${String(i).padStart(4, '0')}`, 'verify', '10.31.0.1');
  }
  const refused = await refusal(otp.issue('+989127789999', 'verify', '10.31.0.1'));
  expect(refused.code).toBe('RATE_LIMITED');
  expect(refused.message).toMatch(/^درخواست کد از این نشانی زیاد بوده/);
  // Another address is unaffected.
  await expect(otp.issue('+989127789999', 'verify', '10.31.0.2')).resolves.toMatchObject({
    expiresInSeconds: 120,
  });
});
