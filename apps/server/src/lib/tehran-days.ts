import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

const DAY_MS = 86_400_000;
const TEHRAN = 'Asia/Tehran';

// The calendar date Tehran's clock reads; Jalali or Gregorian, a day is the same day.
const tehranDate = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
  timeZone: TEHRAN,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

function tehranDayNumber(instant: Date): number {
  const parts: Record<string, number> = {};
  for (const part of tehranDate.formatToParts(instant)) parts[part.type] = Number(part.value);
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1) / DAY_MS;
}

/**
 * Whole calendar days from `from` to `to` as a person in Tehran counts them: 0 when both fall on
 * the same Tehran day (whatever the hours), 1 for tomorrow, negative when `to` has passed.
 */
export function tehranDaysBetween(from: Date, to: Date): number {
  return tehranDayNumber(to) - tehranDayNumber(from);
}

/** The Tehran calendar day an instant falls on, `YYYY-MM-DD` (Gregorian): the key of "today". */
export function tehranDay(instant: Date): string {
  return new Date(tehranDayNumber(instant) * DAY_MS).toISOString().slice(0, 10);
}

/** The Tehran day of a timestamp column, as SQL. */
export function tehranDayOf(column: SQL | AnyColumn): SQL {
  return sql`(${column} at time zone ${sql.raw(`'${TEHRAN}'`)})::date`;
}
