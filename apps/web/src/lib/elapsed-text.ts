import { toPersianDigits } from '@vitrin/fa';

// How long something has waited, as people say it: «کمتر از یک دقیقه», «۱۲ دقیقه», «۳ ساعت و
// ۵ دقیقه», «۲ روز و ۴ ساعت». Two units at most; the smaller left out when it is zero. The
// customer's service setup and the console's queues say it the same way.

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

/**
 * The time since `sinceIso` in words, whole minutes down. A clock on this device behind the
 * server's counts as no time at all.
 */
export function elapsedText(sinceIso: string, now: number | Date): string {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const minutes = Math.floor((nowMs - Date.parse(sinceIso)) / MINUTE_MS);
  if (!Number.isFinite(minutes) || minutes < 1) return 'کمتر از یک دقیقه';
  if (minutes < HOUR_MINUTES) return `${toPersianDigits(minutes)} دقیقه`;
  if (minutes < DAY_MINUTES) {
    return joinUnits(Math.floor(minutes / HOUR_MINUTES), 'ساعت', minutes % HOUR_MINUTES, 'دقیقه');
  }
  return joinUnits(
    Math.floor(minutes / DAY_MINUTES),
    'روز',
    Math.floor((minutes % DAY_MINUTES) / HOUR_MINUTES),
    'ساعت',
  );
}

function joinUnits(major: number, majorUnit: string, minor: number, minorUnit: string): string {
  const first = `${toPersianDigits(major)} ${majorUnit}`;
  return minor === 0 ? first : `${first} و ${toPersianDigits(minor)} ${minorUnit}`;
}
