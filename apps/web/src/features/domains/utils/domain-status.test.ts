import { expect, test } from 'vitest';
import {
  domainDaysLeftText,
  domainPollIntervalMs,
  hasDnsZone,
  persianNumbers,
  REGISTRY_POLL_MS,
} from './domain-status';

test('a domain’s days left are written in Persian words and digits', () => {
  expect(domainDaysLeftText(12)).toBe('۱۲ روز مانده');
  expect(domainDaysLeftText(1)).toBe('فردا منقضی می‌شود');
  expect(domainDaysLeftText(0)).toBe('امروز منقضی می‌شود');
  expect(domainDaysLeftText(-1)).toBe('دیروز منقضی شد');
  expect(domainDaysLeftText(-5)).toBe('۵ روز پیش منقضی شد');
});

test('a domain is asked about again only while its registry is working on it', () => {
  expect(domainPollIntervalMs('pending-registration')).toBe(REGISTRY_POLL_MS);
  expect(domainPollIntervalMs('pending-transfer')).toBe(REGISTRY_POLL_MS);
  expect(domainPollIntervalMs('pending-approval')).toBe(false);
  expect(domainPollIntervalMs('active')).toBe(false);
  expect(domainPollIntervalMs(undefined)).toBe(false);
});

test('numbers in the registry’s sentences are written in Persian digits, host names as they are', () => {
  expect(persianNumbers('ثبت دامنه برای 2 سال پرداخت شد')).toBe('ثبت دامنه برای ۲ سال پرداخت شد');
  expect(persianNumbers('نام‌سرورها به ns1.e2e-host.ir، ns2.e2e-host.ir تغییر کرد')).toBe(
    'نام‌سرورها به ns1.e2e-host.ir، ns2.e2e-host.ir تغییر کرد',
  );
});

test('a domain has DNS records to edit while it is held for its owner, in grace and redemption too', () => {
  expect(hasDnsZone('active')).toBe(true);
  expect(hasDnsZone('expired')).toBe(true);
  expect(hasDnsZone('redemption')).toBe(true);
  expect(hasDnsZone('needs-attention')).toBe(true);
  expect(hasDnsZone('pending-registration')).toBe(false);
  expect(hasDnsZone('deleted')).toBe(false);
  expect(hasDnsZone('transferred-away')).toBe(false);
});
