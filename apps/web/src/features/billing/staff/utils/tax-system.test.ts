import type { TaxSystemSettingsView } from '@vitrin/contracts';
import { describe, expect, test } from 'vitest';
import { ApiRequestError } from '../../../../lib/api-error';
import {
  certificateExpiry,
  currentJalaliMonth,
  jalaliMonthName,
  summaryMonthOptions,
  summaryYearOptions,
  taxDaysLeftText,
  taxQueueColor,
  taxSettingsDraftOf,
  taxSettingsErrors,
  taxSettingsRequest,
  taxSystemStatusText,
} from './tax-system';

const NOW = new Date('2026-06-02T11:00:00.000Z');
const DAY_MS = 86_400_000;

const configured: TaxSystemSettingsView = {
  configured: true,
  enabled: true,
  environment: 'sandbox',
  memoryId: 'VTRN01',
  defaultServiceId: '2720000114542',
  certificate: {
    subject: 'CN=Vitrin, O=Vitrin Pars',
    notBefore: '2026-01-01T00:00:00.000Z',
    notAfter: '2027-01-01T00:00:00.000Z',
    expired: false,
  },
  updatedAt: '2026-05-01T08:00:00.000Z',
  deadlineDays: 12,
  noticeDays: 7,
};

const notSetUp: TaxSystemSettingsView = {
  ...configured,
  configured: false,
  enabled: false,
  environment: 'built-in',
  memoryId: null,
  defaultServiceId: null,
  certificate: null,
  updatedAt: null,
};

describe('the status line', () => {
  test('not set up: a plain sentence that nothing is sent until it is', () => {
    const status = taxSystemStatusText(notSetUp);
    expect(status.tone).toBe('off');
    expect(status.text).toContain('هنوز تنظیم نشده است');
    expect(status.text).toContain('هیچ صورتحسابی برای سازمان امور مالیاتی فرستاده نمی‌شود');
  });

  test('set up and switched off: documents wait', () => {
    const status = taxSystemStatusText({ ...configured, enabled: false });
    expect(status.tone).toBe('off');
    expect(status.text).toContain('خاموش است');
  });

  test('on: names the environment documents go to', () => {
    expect(taxSystemStatusText(configured)).toEqual({
      tone: 'on',
      text: 'ارسال به سامانهٔ مودیان روشن است: محیط آزمایشی سازمان امور مالیاتی.',
    });
  });
});

describe('the settings form', () => {
  test('starts from what is saved, the key and certificate always empty', () => {
    expect(taxSettingsDraftOf(configured)).toEqual({
      enabled: true,
      environment: 'sandbox',
      memoryId: 'VTRN01',
      defaultServiceId: '2720000114542',
      privateKeyPem: '',
      certificatePem: '',
    });
    expect(taxSettingsDraftOf(notSetUp)).toMatchObject({ enabled: false, memoryId: '' });
  });

  test('an empty key and certificate are left out, so the saved ones stay', () => {
    const request = taxSettingsRequest({ ...taxSettingsDraftOf(configured), certificatePem: '  ' });
    expect(request).toEqual({
      enabled: true,
      environment: 'sandbox',
      memoryId: 'VTRN01',
      defaultServiceId: '2720000114542',
    });
  });

  test('ids typed in Persian digits or lower case are sent as the organisation writes them', () => {
    const request = taxSettingsRequest({
      enabled: true,
      environment: 'production',
      memoryId: ' vtrn۰۲ ',
      defaultServiceId: '۲۷۲۰۰۰۰۱۱۴۵۴۲',
      privateKeyPem: '\n-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
      certificatePem: '-----BEGIN CERTIFICATE-----\nxyz\n-----END CERTIFICATE-----',
    });
    expect(request).toEqual({
      enabled: true,
      environment: 'production',
      memoryId: 'VTRN02',
      defaultServiceId: '2720000114542',
      privateKeyPem: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
      certificatePem: '-----BEGIN CERTIFICATE-----\nxyz\n-----END CERTIFICATE-----',
    });
  });

  test("the server's refusal of a field shows under it; the rest above the button", () => {
    const refused = new ApiRequestError(400, {
      code: 'VALIDATION',
      message: 'ورودی نامعتبر است',
      fields: { certificatePem: 'این گواهی منقضی شده است' },
    });
    expect(taxSettingsErrors(refused)).toEqual({
      fields: { certificatePem: 'این گواهی منقضی شده است' },
      summary: 'ذخیره نشد؛ خطای هر فیلد زیر همان فیلد آمده است.',
    });
    expect(taxSettingsErrors(null)).toEqual({ fields: {}, summary: null });
  });
});

describe('the signing certificate', () => {
  const ending = (days: number) => ({
    ...(configured.certificate as NonNullable<TaxSystemSettingsView['certificate']>),
    notAfter: new Date(NOW.getTime() + days * DAY_MS + 3_600_000).toISOString(),
  });

  test('calm while more than 30 days are left, red from 30 days on', () => {
    expect(certificateExpiry(ending(31), NOW)).toEqual({ urgent: false, text: '۳۱ روز مانده' });
    expect(certificateExpiry(ending(30), NOW)).toEqual({ urgent: true, text: '۳۰ روز مانده' });
  });

  test('expired: red, and says nothing is sent', () => {
    const expired = certificateExpiry({ ...ending(-3), expired: true }, NOW);
    expect(expired.urgent).toBe(true);
    expect(expired.text).toContain('منقضی شده است');
  });
});

describe('the queue', () => {
  test('red when refused or late, orange near the deadline, blue sent, gray waiting', () => {
    expect(taxQueueColor({ status: 'rejected', daysLeft: 9 }, configured)).toBe('red');
    expect(taxQueueColor({ status: 'late', daysLeft: -2 }, configured)).toBe('red');
    expect(taxQueueColor({ status: 'waiting', daysLeft: 5 }, configured)).toBe('orange');
    expect(taxQueueColor({ status: 'waiting', daysLeft: 6 }, configured)).toBe('gray');
    expect(taxQueueColor({ status: 'sent', daysLeft: 3 }, configured)).toBe('blue');
  });

  test('the days to the deadline, before and after it', () => {
    expect(taxDaysLeftText(3)).toBe('۳ روز مانده');
    expect(taxDaysLeftText(0)).toBe('امروز آخرین روز مهلت است');
    expect(taxDaysLeftText(-2)).toBe('۲ روز گذشته');
  });
});

describe('the month summary', () => {
  test('opens on the Jalali month in Tehran', () => {
    // 14:30 Tehran on 1405/03/12.
    expect(currentJalaliMonth(NOW)).toEqual({ year: 1405, month: 3 });
    // 00:10 Tehran on 1405/01/01, still 1404 in UTC's day.
    expect(currentJalaliMonth(new Date('2026-03-20T20:40:00.000Z'))).toEqual({
      year: 1405,
      month: 1,
    });
  });

  test('offers this year and four before it, and the twelve months by name', () => {
    expect(summaryYearOptions(1405).map((option) => option.label)).toEqual([
      '۱۴۰۵',
      '۱۴۰۴',
      '۱۴۰۳',
      '۱۴۰۲',
      '۱۴۰۱',
    ]);
    expect(summaryYearOptions(1391).map((option) => option.value)).toEqual(['1391', '1390']);
    const months = summaryMonthOptions();
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: '1', label: 'فروردین' });
    expect(months[11]).toEqual({ value: '12', label: 'اسفند' });
    expect(jalaliMonthName(1405, 2)).toBe('اردیبهشت ۱۴۰۵');
  });
});
