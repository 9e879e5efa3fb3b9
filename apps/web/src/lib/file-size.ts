import { toPersianDigits } from '@vitrin/fa';

const UNITS = ['بایت', 'کیلوبایت', 'مگابایت', 'گیگابایت'] as const;
const STEP = 1024;
/** The Persian decimal separator (U+066B): «۱٫۲», never «۱.۲». */
const DECIMAL_SEPARATOR = '\u066b';

/**
 * A size as people read it, in Persian digits: «۸۰۰ بایت», «۱٫۵ کیلوبایت», «۳۴۰ کیلوبایت»,
 * «۵ مگابایت». One decimal below ten of a unit, none above; 1024 to the step, as the 5 MB limit
 * is counted.
 */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  // Rounded first, so 1023.97 KB reads as «۱ مگابایت», not «۱۰۲۴ کیلوبایت».
  while (unit < UNITS.length - 1 && rounded(value) >= STEP) {
    value /= STEP;
    unit += 1;
  }
  const shown = unit === 0 ? Math.round(value) : rounded(value);
  return `${toPersianDigits(String(shown).replace('.', DECIMAL_SEPARATOR))} ${UNITS[unit]}`;
}

function rounded(value: number): number {
  return value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
}
