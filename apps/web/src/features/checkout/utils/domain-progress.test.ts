import { ORDER_DOMAIN_STATES } from '@vitrin/contracts';
import { expect, test } from 'vitest';
import { domainProgressText, isDomainOnItsWay } from './domain-progress';

test('after payment each domain says what its registry is doing with it', () => {
  const registration = { action: 'register', note: null } as const;
  expect(domainProgressText({ ...registration, state: 'registering' })).toContain('ثبت‌کننده');
  expect(domainProgressText({ ...registration, state: 'active' })).toContain('فعال است');
  expect(
    domainProgressText({ action: 'transfer', note: null, state: 'awaiting-transfer-code' }),
  ).toContain('کد انتقال را از ثبت‌کنندهٔ فعلی بگیرید');
  expect(domainProgressText({ ...registration, state: 'with-support' })).toBe(
    'ثبت خودکار انجام نشد و به پشتیبانی سپرده شد؛ کارشناس پیگیری می‌کند و مبلغ آن تا انجام یا بازگشت نزد ماست.',
  );
  expect(domainProgressText({ action: 'renew', note: null, state: 'active' })).toBe(
    'تمدید انجام شد و دامنه فعال است.',
  );
  // Nothing but an active domain is called active.
  for (const state of ORDER_DOMAIN_STATES) {
    if (state !== 'active') {
      expect(domainProgressText({ ...registration, state })).not.toContain('فعال است');
    }
  }
});

test('a refused domain says its money went back, with the registry’s reason when there is one', () => {
  expect(
    domainProgressText({
      action: 'register',
      state: 'refunded',
      note: 'این دامنه پیش‌تر ثبت شده است',
    }),
  ).toBe('ثبت انجام نشد و مبلغ آن به کیف پول شما برگشت. علت: این دامنه پیش‌تر ثبت شده است');
  expect(domainProgressText({ action: 'transfer', state: 'refunded', note: null })).toBe(
    'انتقال انجام نشد و مبلغ آن به کیف پول شما برگشت.',
  );
});

test('the page asks again only while a registry answers in seconds', () => {
  expect(isDomainOnItsWay('registering')).toBe(true);
  expect(isDomainOnItsWay('renewing')).toBe(true);
  // A transfer code, a registry's review or staff can take days: no asking every few seconds.
  expect(isDomainOnItsWay('awaiting-transfer-code')).toBe(false);
  expect(isDomainOnItsWay('awaiting-registry')).toBe(false);
  expect(isDomainOnItsWay('with-support')).toBe(false);
  expect(isDomainOnItsWay('active')).toBe(false);
});
