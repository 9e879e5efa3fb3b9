import { SERVICE_SETUP_STATUSES } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import {
  isSetupStatus,
  SETUP_POLL_MS,
  STAFF_SETUP_POLL_MS,
  setupPollIntervalMs,
} from './service-setup';

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
