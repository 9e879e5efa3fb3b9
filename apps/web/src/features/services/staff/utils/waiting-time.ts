import { toPersianDigits } from '@vitrin/fa';

// How long a service has waited, as staff say it: «۱۲ دقیقه», «۳ ساعت و ۵ دقیقه», «۲ روز و
// ۴ ساعت». Two units at most; the smaller one is left out when it is zero.

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

function amount(value: number, unit: string): string {
  return `${toPersianDigits(value)} ${unit}`;
}

function twoUnits(large: number, largeUnit: string, small: number, smallUnit: string): string {
  return small === 0
    ? amount(large, largeUnit)
    : `${amount(large, largeUnit)} و ${amount(small, smallUnit)}`;
}

/** The time from `since` to `now`, whole minutes down; a clock running behind reads as none. */
export function waitingText(since: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - Date.parse(since)) / MINUTE_MS);
  if (!Number.isFinite(minutes) || minutes < 1) return 'کمتر از یک دقیقه';
  if (minutes < HOUR_MINUTES) return amount(minutes, 'دقیقه');
  if (minutes < DAY_MINUTES) {
    return twoUnits(Math.floor(minutes / HOUR_MINUTES), 'ساعت', minutes % HOUR_MINUTES, 'دقیقه');
  }
  return twoUnits(
    Math.floor(minutes / DAY_MINUTES),
    'روز',
    Math.floor((minutes % DAY_MINUTES) / HOUR_MINUTES),
    'ساعت',
  );
}
