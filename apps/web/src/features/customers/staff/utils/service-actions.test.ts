import { expect, test } from 'vitest';
import { extensionRequest, serviceActionsFor } from './service-actions';

test('each service state offers only the actions the server allows', () => {
  expect(serviceActionsFor('active')).toEqual(['suspend', 'extend', 'cancel']);
  expect(serviceActionsFor('suspended')).toEqual(['unsuspend', 'extend', 'cancel']);
  expect(serviceActionsFor('expired')).toEqual(['suspend', 'extend', 'cancel']);
  expect(serviceActionsFor('pending')).toEqual(['extend', 'cancel']);
  expect(serviceActionsFor('needs-attention')).toEqual(['extend', 'cancel']);
  expect(serviceActionsFor('cancelled')).toEqual([]);
  expect(serviceActionsFor('terminated')).toEqual([]);
});

test('days typed with Persian digits are sent as a number', () => {
  expect(extensionRequest('days', { days: ' ۳۰ ', until: 'ignored' })).toEqual({
    ok: true,
    change: { days: 30 },
  });
});

test('days that are blank, zero, fractional or beyond the limit stay in the form', () => {
  for (const days of ['', '۰', '2.5', '-3', '3651', 'سی']) {
    const request = extensionRequest('days', { days, until: '' });
    expect(request.ok, days).toBe(false);
    if (!request.ok) expect(request.field).toBe('days');
  }
  expect(extensionRequest('days', { days: '3650', until: '' }).ok).toBe(true);
});

test('a date is sent as typed, for the server to read as Jalali or ISO', () => {
  expect(extensionRequest('until', { days: '', until: ' ۱۴۰۵/۱۳/۴۰ ' })).toEqual({
    ok: true,
    change: { until: '۱۴۰۵/۱۳/۴۰' },
  });
  expect(extensionRequest('until', { days: '30', until: '  ' })).toEqual({
    ok: false,
    field: 'until',
    error: 'تاریخ انقضای تازه را وارد کنید',
  });
});
