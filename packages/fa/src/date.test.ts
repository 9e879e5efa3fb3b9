import fc from 'fast-check';
import { isLeapJalaaliYear, jalaaliMonthLength } from 'jalaali-js';
import { expect, test } from 'vitest';
import {
  formatJalaliDate,
  formatJalaliLongDate,
  INVALID_DATE_MESSAGE,
  InvalidDateError,
  parseDateText,
  toJalaliParts,
} from './date';
import { toPersianDigits } from './digits';

function parsedIso(text: string): string {
  return parseDateText(text).toISOString();
}

function errorCode(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof InvalidDateError ? error.code : String(error);
  }
}

function parseErrorCode(text: unknown): string | undefined {
  return errorCode(() => parseDateText(text as string));
}

test('invalid date error carries code INVALID_DATE and the Persian message', () => {
  const error = new InvalidDateError();
  expect(error).toBeInstanceOf(Error);
  expect(error.code).toBe('INVALID_DATE');
  expect(error.name).toBe('InvalidDateError');
  expect(error.message).toBe(INVALID_DATE_MESSAGE);
  expect(INVALID_DATE_MESSAGE).toBe(
    'تاریخ نامعتبر است؛ تاریخ را به شکل ۱۴۰۳/۰۵/۲۰ یا ISO وارد کنید',
  );
});

test('date text accepts an ISO datetime in UTC', () => {
  expect(parsedIso('2024-08-10T12:30:00Z')).toBe('2024-08-10T12:30:00.000Z');
});

test('date text accepts an ISO datetime with milliseconds and an offset', () => {
  expect(parsedIso('2024-08-10T12:30:00.123+03:30')).toBe('2024-08-10T09:00:00.123Z');
});

test('date text accepts an ISO datetime with a negative offset and no seconds', () => {
  expect(parsedIso('2024-08-10T12:30-04:00')).toBe('2024-08-10T16:30:00.000Z');
});

test('date text accepts ISO February 29 in a leap year', () => {
  expect(parsedIso('2024-02-29T00:00:00Z')).toBe('2024-02-29T00:00:00.000Z');
});

test('date text rejects an ISO datetime without an offset with INVALID_DATE', () => {
  expect(parseErrorCode('2024-08-10T12:30:00')).toBe('INVALID_DATE');
});

test('date text rejects ISO days that Date would roll over with INVALID_DATE', () => {
  expect(parseErrorCode('2024-02-30T00:00:00Z')).toBe('INVALID_DATE');
  expect(parseErrorCode('2023-02-29T00:00:00Z')).toBe('INVALID_DATE');
  expect(parseErrorCode('2024-04-31T00:00:00Z')).toBe('INVALID_DATE');
  expect(parseErrorCode('2024-13-01T00:00:00Z')).toBe('INVALID_DATE');
  expect(parseErrorCode('2024-00-10T00:00:00Z')).toBe('INVALID_DATE');
});

test('date text rejects ISO hour 24 and above, minute 60 and second 60 with INVALID_DATE', () => {
  expect(parseErrorCode('2024-08-10T25:00:00Z')).toBe('INVALID_DATE');
  expect(parseErrorCode('2024-08-10T24:00:00Z')).toBe('INVALID_DATE');
  expect(parseErrorCode('2024-08-10T12:60:00Z')).toBe('INVALID_DATE');
  expect(parseErrorCode('2024-08-10T12:30:60Z')).toBe('INVALID_DATE');
});

test('date text rejects an out-of-range ISO offset with INVALID_DATE', () => {
  expect(parseErrorCode('2024-08-10T12:30:00+24:00')).toBe('INVALID_DATE');
  expect(parseErrorCode('2024-08-10T12:30:00+03:60')).toBe('INVALID_DATE');
});

test('date text reads Jalali y/m/d as midnight in Tehran', () => {
  expect(parsedIso('1403/05/20')).toBe('2024-08-09T20:30:00.000Z');
});

test('date text reads Jalali y-m-d with one-digit month and day', () => {
  expect(parsedIso('1403-5-2')).toBe('2024-07-22T20:30:00.000Z');
});

test('date text reads Persian and Arabic-Indic digits', () => {
  expect(parsedIso('۱۴۰۳/۰۵/۲۰')).toBe('2024-08-09T20:30:00.000Z');
  expect(parsedIso('١٤٠٣-٠٥-٢٠')).toBe('2024-08-09T20:30:00.000Z');
  expect(parsedIso('۲۰۲۴-۰۸-۱۰T۱۲:۳۰:۰۰Z')).toBe('2024-08-10T12:30:00.000Z');
});

test('date text ignores surrounding whitespace and direction marks', () => {
  expect(parsedIso('  1403/05/20\n')).toBe('2024-08-09T20:30:00.000Z');
  expect(parsedIso('\u200f۱۴۰۳/\u200e۰۵/۲۰\u200f')).toBe('2024-08-09T20:30:00.000Z');
});

test('date text uses the daylight-saving offset Tehran had on that day', () => {
  expect(parsedIso('1399/04/01')).toBe('2020-06-20T19:30:00.000Z');
  expect(parsedIso('1402/04/01')).toBe('2023-06-21T20:30:00.000Z');
});

test('date text starts a day whose midnight daylight saving skipped at 01:00 Tehran time', () => {
  expect(parsedIso('1399/01/02')).toBe('2020-03-20T20:30:00.000Z');
  expect(formatJalaliDate(parseDateText('1399/01/02'), { withTime: true })).toBe(
    '۱۳۹۹/۰۱/۰۲ ۰۱:۰۰',
  );
});

test('date text accepts Esfand 30 in a leap year', () => {
  expect(isLeapJalaaliYear(1403)).toBe(true);
  expect(parsedIso('1403/12/30')).toBe('2025-03-19T20:30:00.000Z');
});

test('date text rejects Esfand 30 in a common year with INVALID_DATE', () => {
  expect(isLeapJalaaliYear(1404)).toBe(false);
  expect(parseErrorCode('1404/12/30')).toBe('INVALID_DATE');
});

test('date text rejects Esfand 31 with INVALID_DATE', () => {
  expect(parseErrorCode('1403/12/31')).toBe('INVALID_DATE');
});

test('date text rejects day 31 in the second half of the year with INVALID_DATE', () => {
  expect(parseErrorCode('1403/06/31')).toBeUndefined();
  expect(parseErrorCode('1403/07/31')).toBe('INVALID_DATE');
});

test('date text rejects month 13 with INVALID_DATE', () => {
  expect(parseErrorCode('1403/13/01')).toBe('INVALID_DATE');
});

test('date text rejects day 0 and month 0 with INVALID_DATE', () => {
  expect(parseErrorCode('1403/05/00')).toBe('INVALID_DATE');
  expect(parseErrorCode('1403/00/10')).toBe('INVALID_DATE');
});

test('date text rejects mixed separators with INVALID_DATE', () => {
  expect(parseErrorCode('1403/05-20')).toBe('INVALID_DATE');
  expect(parseErrorCode('1403-05/20')).toBe('INVALID_DATE');
});

test('date text reads date-only text as Jalali only for years 1200 to 1600', () => {
  expect(parseErrorCode('2024-08-10')).toBe('INVALID_DATE');
  expect(parseErrorCode('2024/08/10')).toBe('INVALID_DATE');
  expect(parseErrorCode('1199/12/29')).toBe('INVALID_DATE');
  expect(parseErrorCode('1601/01/01')).toBe('INVALID_DATE');
  expect(toJalaliParts(parseDateText('1200/01/01'))).toEqual({ year: 1200, month: 1, day: 1 });
  expect(toJalaliParts(parseDateText('1600/12/29'))).toEqual({ year: 1600, month: 12, day: 29 });
});

test('date text rejects empty, blank and garbage text with INVALID_DATE', () => {
  for (const text of [
    '',
    '   ',
    'tomorrow',
    '1403/05',
    '14030520',
    '1403/05/20/1',
    '03/05/20',
    '1403/005/20',
    '1403.05.20',
    '1403/05/20 12:00',
    '2024-08-10 12:30:00Z',
  ]) {
    expect(parseErrorCode(text), text).toBe('INVALID_DATE');
  }
});

test('date text rejects non-string input with INVALID_DATE', () => {
  for (const value of [null, undefined, 1403, new Date(), {}]) {
    expect(parseErrorCode(value)).toBe('INVALID_DATE');
  }
});

test('jalali date is zero-padded with Persian digits in Tehran', () => {
  expect(formatJalaliDate(new Date('2024-08-10T10:35:00Z'))).toBe('۱۴۰۳/۰۵/۲۰');
  expect(formatJalaliDate(new Date('2024-03-24T12:00:00Z'))).toBe('۱۴۰۳/۰۱/۰۵');
});

test('jalali date with time is 24-hour Tehran time', () => {
  expect(formatJalaliDate(new Date('2024-08-10T10:35:00Z'), { withTime: true })).toBe(
    '۱۴۰۳/۰۵/۲۰ ۱۴:۰۵',
  );
  expect(formatJalaliDate(new Date('2024-08-09T20:30:00Z'), { withTime: true })).toBe(
    '۱۴۰۳/۰۵/۲۰ ۰۰:۰۰',
  );
  expect(formatJalaliDate(new Date('2024-08-10T20:29:00Z'), { withTime: true })).toBe(
    '۱۴۰۳/۰۵/۲۰ ۲۳:۵۹',
  );
});

test('jalali date follows the Tehran day, not the UTC day', () => {
  expect(formatJalaliDate(new Date('2024-08-09T20:29:59Z'))).toBe('۱۴۰۳/۰۵/۱۹');
  expect(formatJalaliDate(new Date('2024-08-09T20:30:00Z'))).toBe('۱۴۰۳/۰۵/۲۰');
});

test('jalali date uses the daylight-saving time Tehran had', () => {
  expect(formatJalaliDate(new Date('2020-06-20T19:30:00Z'), { withTime: true })).toBe(
    '۱۳۹۹/۰۴/۰۱ ۰۰:۰۰',
  );
});

test('jalali date has no direction marks or locale punctuation', () => {
  const text = formatJalaliDate(new Date('2024-08-10T10:35:00Z'), { withTime: true });
  expect(text).toMatch(/^[۰-۹]{4}\/[۰-۹]{2}\/[۰-۹]{2} [۰-۹]{2}:[۰-۹]{2}$/);
});

test('jalali date accepts date text', () => {
  expect(formatJalaliDate('1403/05/20')).toBe('۱۴۰۳/۰۵/۲۰');
  expect(formatJalaliDate('2024-08-10T10:35:00Z', { withTime: true })).toBe('۱۴۰۳/۰۵/۲۰ ۱۴:۰۵');
});

test('jalali date rejects an invalid Date or date text with INVALID_DATE', () => {
  expect(errorCode(() => formatJalaliDate(new Date('garbage')))).toBe('INVALID_DATE');
  expect(errorCode(() => formatJalaliDate('garbage'))).toBe('INVALID_DATE');
});

test('long jalali date is day, month name and year', () => {
  expect(formatJalaliLongDate(new Date('2024-08-10T10:35:00Z'))).toBe('۲۰ مرداد ۱۴۰۳');
  expect(formatJalaliLongDate('1404/01/01')).toBe('۱ فروردین ۱۴۰۴');
});

test('long jalali date rejects invalid dates with INVALID_DATE', () => {
  expect(errorCode(() => formatJalaliLongDate(new Date(Number.NaN)))).toBe('INVALID_DATE');
  expect(errorCode(() => formatJalaliLongDate('1403/13/01'))).toBe('INVALID_DATE');
});

test('jalali parts are the Tehran day', () => {
  expect(toJalaliParts(new Date('2024-08-09T20:30:00Z'))).toEqual({
    year: 1403,
    month: 5,
    day: 20,
  });
  expect(toJalaliParts(new Date('2024-08-09T20:29:00Z'))).toEqual({
    year: 1403,
    month: 5,
    day: 19,
  });
});

test('jalali parts reject an invalid Date with INVALID_DATE', () => {
  expect(errorCode(() => toJalaliParts(new Date(Number.NaN)))).toBe('INVALID_DATE');
});

test('jalali parts agree with the displayed jalali date', () => {
  const instants = fc.date({
    min: new Date('1980-01-01T00:00:00Z'),
    max: new Date('2200-01-01T00:00:00Z'),
    noInvalidDate: true,
  });
  fc.assert(
    fc.property(instants, (instant) => {
      const { year, month, day } = toJalaliParts(instant);
      const pad = (value: number) => String(value).padStart(2, '0');
      expect(formatJalaliDate(instant)).toBe(toPersianDigits(`${year}/${pad(month)}/${pad(day)}`));
    }),
  );
});

test('date text for any real Jalali day is the start of that day in Tehran', () => {
  const jalaliDays = fc
    .tuple(fc.integer({ min: 1300, max: 1500 }), fc.integer({ min: 1, max: 12 }))
    .chain(([year, month]) =>
      fc
        .integer({ min: 1, max: jalaaliMonthLength(year, month) })
        .map((day) => ({ year, month, day })),
    );
  fc.assert(
    fc.property(jalaliDays, ({ year, month, day }) => {
      const start = parseDateText(`${year}/${month}/${day}`);
      expect(toJalaliParts(start)).toEqual({ year, month, day });
      expect(toJalaliParts(new Date(start.getTime() - 1))).not.toEqual({ year, month, day });
    }),
  );
});

test('a Jalali date parsed from text displays as typed, even where ICU’s calendar drifts', () => {
  // 2124-03-20 in Tehran: ICU's Persian calendar calls it 1503/01/01, jalaali-js 1502/12/30.
  const instant = parseDateText('1502/12/30');
  expect(instant.toISOString()).toBe('2124-03-19T20:30:00.000Z');
  expect(formatJalaliDate(instant)).toBe('۱۵۰۲/۱۲/۳۰');
  expect(formatJalaliLongDate(instant)).toBe('۳۰ اسفند ۱۵۰۲');
});
