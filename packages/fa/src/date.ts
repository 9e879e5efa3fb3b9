import { isValidJalaaliDate, toGregorian, toJalaali } from 'jalaali-js';
import { toLatinDigits, toPersianDigits } from './digits';

export const INVALID_DATE_MESSAGE =
  'تاریخ نامعتبر است؛ تاریخ را به شکل ۱۴۰۳/۰۵/۲۰ یا ISO وارد کنید';

/** The error for date text that is neither an ISO datetime nor a real Jalali date (spec §5). */
export class InvalidDateError extends Error {
  readonly code = 'INVALID_DATE';

  constructor(options?: ErrorOptions) {
    super(INVALID_DATE_MESSAGE, options);
    this.name = 'InvalidDateError';
  }
}

const TIME_ZONE = 'Asia/Tehran';
const DAY_MS = 86_400_000;

// Date-only text is Jalali only inside these years, so Gregorian '2024-08-10' is not read as
// the Jalali year 2024.
const MIN_JALALI_YEAR = 1200;
const MAX_JALALI_YEAR = 1600;

const ISO_DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;
const JALALI_DATE = /^(\d{4})([/-])(\d{1,2})\2(\d{1,2})$/;
// Text copied from RTL pages carries direction marks around and between the digits.
const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const tehranGregorian = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});
// Display and parsing use one calendar (jalaali-js); Intl only says what Tehran's clock reads.
// ICU's Persian calendar drifts from jalaali-js about a century out (2124-03-20 is 1503/01/01
// in ICU, 1502/12/30 in jalaali-js), and a date we parse must display as typed.
export const JALALI_MONTHS = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
] as const;

/**
 * Parses date text (spec §5): an ISO datetime with Z or an offset, or a Jalali `y/m/d` or `y-m-d`
 * read as the start of that day in Tehran. Throws InvalidDateError for anything else.
 */
export function parseDateText(text: string): Date {
  if (typeof text !== 'string') throw new InvalidDateError();
  const clean = toLatinDigits(text.replace(BIDI_MARKS, '').trim());
  const instant = parseIsoDateTime(clean) ?? parseJalaliDate(clean);
  if (instant === null) throw new InvalidDateError();
  return new Date(instant);
}

/** Writes an instant as a zero-padded Jalali date in Tehran, `۱۴۰۳/۰۵/۲۰`, optionally `۱۴:۰۵`. */
export function formatJalaliDate(instant: Date | string, options?: { withTime?: boolean }): string {
  const clock = tehranWallClock(toInstant(instant));
  const { jy, jm, jd } = toJalaali(clock.year, clock.month, clock.day);
  const pad = (value: number) => String(value).padStart(2, '0');
  const date = `${jy}/${pad(jm)}/${pad(jd)}`;
  return toPersianDigits(
    options?.withTime ? `${date} ${pad(clock.hour)}:${pad(clock.minute)}` : date,
  );
}

/** Writes an instant as a long Jalali date in Tehran: `۲۰ مرداد ۱۴۰۳`. */
export function formatJalaliLongDate(instant: Date | string): string {
  const { year, month, day } = toJalaliParts(toInstant(instant));
  return toPersianDigits(`${day} ${JALALI_MONTHS[month - 1]} ${year}`);
}

/** Gives the Jalali year, month and day of an instant in Tehran. */
export function toJalaliParts(instant: Date): { year: number; month: number; day: number } {
  const { year, month, day } = tehranWallClock(toInstant(instant));
  const jalali = toJalaali(year, month, day);
  return { year: jalali.jy, month: jalali.jm, day: jalali.jd };
}

function toInstant(instant: Date | string): Date {
  if (typeof instant === 'string') return parseDateText(instant);
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw new InvalidDateError();
  return instant;
}

function parseIsoDateTime(text: string): number | null {
  const match = ISO_DATETIME.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, sign, offsetHour, offsetMinute] =
    match;
  const fields = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second ?? 0),
  };
  // Date would roll 2024-02-30 over to March and hour 25 into the next day; refuse instead.
  if (fields.hour > 23 || fields.minute > 59 || fields.second > 59) return null;
  if (Number(offsetHour ?? 0) > 23 || Number(offsetMinute ?? 0) > 59) return null;
  const wall = utcFromFields({
    ...fields,
    millisecond: Number((fraction ?? '').padEnd(3, '0').slice(0, 3)),
  });
  if (wall === null) return null;
  const offsetMs = (Number(offsetHour ?? 0) * 60 + Number(offsetMinute ?? 0)) * 60_000;
  return sign === '-' ? wall + offsetMs : wall - offsetMs;
}

function parseJalaliDate(text: string): number | null {
  const match = JALALI_DATE.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[3]);
  const day = Number(match[4]);
  if (year < MIN_JALALI_YEAR || year > MAX_JALALI_YEAR) return null;
  if (!isValidJalaaliDate(year, month, day)) return null;
  const { gy, gm, gd } = toGregorian(year, month, day);
  return tehranStartOfDay(gy, gm, gd);
}

// Iran kept daylight saving time until 2022 and moved clocks from 00:00 to 01:00 on the day it
// began, so the Tehran offset is looked up per day and a missing midnight becomes the first
// instant of that day.
function tehranStartOfDay(year: number, month: number, day: number): number | null {
  const wall = utcFromFields({ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 });
  if (wall === null) return null;
  const offsetBefore = tehranOffset(wall - DAY_MS);
  const offsetAfter = tehranOffset(wall + DAY_MS);
  const candidates = [wall - offsetBefore, wall - offsetAfter].sort((a, b) => a - b);
  const exact = candidates.find((instant) => instant + tehranOffset(instant) === wall);
  return exact ?? wall - offsetBefore;
}

function tehranOffset(instant: number): number {
  const clock = tehranWallClock(new Date(instant));
  const wall = utcFromFields({ ...clock, millisecond: 0 });
  return (wall ?? 0) - Math.floor(instant / 1000) * 1000;
}

function tehranWallClock(instant: Date) {
  const parts = partsOf(tehranGregorian, instant);
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

type WallFields = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};

// Returns null when Date would have rolled a field over (day 30 of February, month 13).
function utcFromFields(fields: WallFields): number | null {
  const date = new Date(0);
  date.setUTCFullYear(fields.year, fields.month - 1, fields.day);
  date.setUTCHours(fields.hour, fields.minute, fields.second, fields.millisecond);
  const rolledOver =
    date.getUTCFullYear() !== fields.year ||
    date.getUTCMonth() !== fields.month - 1 ||
    date.getUTCDate() !== fields.day ||
    date.getUTCHours() !== fields.hour ||
    date.getUTCMinutes() !== fields.minute ||
    date.getUTCSeconds() !== fields.second;
  return rolledOver ? null : date.getTime();
}

type PartType = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

// Only the values are taken from Intl; the layout is ours, free of locale punctuation and marks.
function partsOf(format: Intl.DateTimeFormat, instant: Date): Record<PartType, string> {
  const parts: Record<PartType, string> = {
    year: '',
    month: '',
    day: '',
    hour: '',
    minute: '',
    second: '',
  };
  for (const part of format.formatToParts(instant)) {
    if (part.type in parts) parts[part.type as PartType] = part.value;
  }
  return parts;
}
