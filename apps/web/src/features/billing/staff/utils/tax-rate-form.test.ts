import { expect, test } from 'vitest';
import { ApiRequestError } from '../../../../lib/api-error';
import {
  TAX_RATE_MESSAGES,
  type TaxRateDraft,
  taxRateFormErrors,
  taxRatePreview,
  taxRateRequest,
} from './tax-rate-form';

// 1405/01/01 is 2026-03-21; Tehran is UTC+03:30.
const BEFORE_NOWRUZ_1405 = new Date('2026-03-01T00:00:00Z');
const draft = (changes: Partial<TaxRateDraft>): TaxRateDraft => ({
  rate: '۱۲',
  date: '۱۴۰۵/۰۱/۰۱',
  time: '',
  note: '',
  ...changes,
});

test('a rate from a future Jalali day and Tehran time is sent as that instant', () => {
  expect(
    taxRateRequest(
      draft({ rate: '۹٫۵', time: '۰۸:۳۰', note: ' مصوبهٔ بودجه ' }),
      BEFORE_NOWRUZ_1405,
    ),
  ).toEqual({
    ok: true,
    input: { ratePercent: 9.5, effectiveFrom: '2026-03-21T05:00:00.000Z', note: 'مصوبهٔ بودجه' },
  });
});

test('a blank time is the first instant of the day in Tehran, and a blank note is none', () => {
  expect(taxRateRequest(draft({ rate: '12%' }), BEFORE_NOWRUZ_1405)).toEqual({
    ok: true,
    input: { ratePercent: 12, effectiveFrom: '2026-03-20T20:30:00.000Z', note: null },
  });
});

test('a past date is refused before sending: a rate never changes what was sold', () => {
  const now = new Date('2026-03-21T05:00:00.000Z');
  expect(taxRateRequest(draft({ time: '08:30' }), now)).toEqual({
    ok: false,
    errors: { effectiveFrom: TAX_RATE_MESSAGES.notFuture },
  });
  expect(taxRateRequest(draft({ time: '08:31' }), now).ok).toBe(true);
  expect(taxRateRequest(draft({ date: '۱۴۰۳/۰۱/۰۱' }), now)).toEqual({
    ok: false,
    errors: { effectiveFrom: TAX_RATE_MESSAGES.notFuture },
  });
});

test('a rate that is no percent, or has more than two decimals, is refused by field', () => {
  const errorsOf = (rate: string) => {
    const result = taxRateRequest(draft({ rate }), BEFORE_NOWRUZ_1405);
    return result.ok ? null : result.errors.ratePercent;
  };
  expect(errorsOf(' ')).toBe(TAX_RATE_MESSAGES.rateMissing);
  expect(errorsOf('ده')).toBe(TAX_RATE_MESSAGES.rateNotNumber);
  expect(errorsOf('-1')).toBe(TAX_RATE_MESSAGES.rateNotNumber);
  expect(errorsOf('101')).toBe(TAX_RATE_MESSAGES.rateTooHigh);
  expect(errorsOf('9.125')).toBe(TAX_RATE_MESSAGES.rateDecimals);
  expect(errorsOf('۰')).toBeNull();
  expect(errorsOf('۱۰۰')).toBeNull();
});

test('a day that is not a Jalali date, or a time off the clock, is refused under its field', () => {
  const now = BEFORE_NOWRUZ_1405;
  expect(taxRateRequest(draft({ date: '' }), now)).toEqual({
    ok: false,
    errors: { effectiveFrom: TAX_RATE_MESSAGES.dateMissing },
  });
  expect(taxRateRequest(draft({ date: '۱۴۰۵/۱۳/۰۱' }), now)).toEqual({
    ok: false,
    errors: { effectiveFrom: TAX_RATE_MESSAGES.dateInvalid },
  });
  expect(taxRateRequest(draft({ date: '2026-03-21T00:00:00Z' }), now)).toEqual({
    ok: false,
    errors: { effectiveFrom: TAX_RATE_MESSAGES.dateInvalid },
  });
  expect(taxRateRequest(draft({ time: '۲۴:۰۰' }), now)).toEqual({
    ok: false,
    errors: { time: TAX_RATE_MESSAGES.timeInvalid },
  });
});

test('the form says what it will schedule in Jalali and Tehran time before it is sent', () => {
  expect(taxRatePreview(draft({ rate: '۹٫۵', time: '8:30' }), BEFORE_NOWRUZ_1405)).toBe(
    'از ۱۴۰۵/۰۱/۰۱ ۰۸:۳۰ به وقت تهران، نرخ ۹٫۵٪ بر سفارش‌های تازه',
  );
  expect(taxRatePreview(draft({ rate: '' }), BEFORE_NOWRUZ_1405)).toBeNull();
  // A past instant has nothing to preview: the form says why under the date instead.
  expect(taxRatePreview(draft({}), new Date('2026-04-01T00:00:00Z'))).toBeNull();
});

test("the server's refusal shows under the field it names, or above the button", () => {
  const pastOnServer = new ApiRequestError(400, {
    code: 'VALIDATION',
    message: 'درخواست نامعتبر است',
    fields: { effectiveFrom: 'تاریخ اجرای نرخ تازه باید در آینده باشد' },
  });
  expect(taxRateFormErrors({}, pastOnServer)).toEqual({
    fields: { effectiveFrom: 'تاریخ اجرای نرخ تازه باید در آینده باشد' },
    other: null,
  });
  const taken = new ApiRequestError(409, {
    code: 'CONFLICT',
    message: 'برای همین لحظه نرخی ثبت شده است',
  });
  expect(taxRateFormErrors({}, taken)).toEqual({
    fields: {},
    other: 'برای همین لحظه نرخی ثبت شده است',
  });
  // The form's own check of what is typed now comes before the server's of the last try.
  expect(taxRateFormErrors({ effectiveFrom: TAX_RATE_MESSAGES.notFuture }, pastOnServer)).toEqual({
    fields: { effectiveFrom: TAX_RATE_MESSAGES.notFuture },
    other: null,
  });
});
