import { SERVICE_STATUS_LABELS, SERVICE_STATUSES } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import { isSettingUp, paidOrderTitle, serviceProgressText } from './service-progress';

test('after payment each service says what it is doing, from its own status', () => {
  expect(serviceProgressText('active')).toBe('فعال است و آمادهٔ استفاده.');
  expect(serviceProgressText('provisioning')).toContain('راه‌اندازی خودکار');
  expect(serviceProgressText('needs-attention')).toContain('پشتیبانی');
  expect(serviceProgressText('awaiting-delivery')).toContain('تحویل');
  // Nothing but an active service is called active.
  for (const status of SERVICE_STATUSES) {
    if (status !== 'active') expect(serviceProgressText(status)).not.toContain('فعال است');
  }
  // A status with no sentence of its own still says its label.
  expect(serviceProgressText('suspended')).toBe(`وضعیت: ${SERVICE_STATUS_LABELS.suspended}`);
});

test('the callback says «فعال شد» only when every bought service is active', () => {
  expect(paidOrderTitle(['active', 'active'])).toBe('پرداخت موفق؛ سرویس شما فعال شد');
  expect(paidOrderTitle(['active', 'awaiting-delivery'])).toBe('پرداخت موفق');
  expect(paidOrderTitle(['needs-attention'])).toBe('پرداخت موفق');
  expect(paidOrderTitle([])).toBe('پرداخت موفق');
  expect(isSettingUp('pending')).toBe(true);
  expect(isSettingUp('awaiting-delivery')).toBe(false);
});
