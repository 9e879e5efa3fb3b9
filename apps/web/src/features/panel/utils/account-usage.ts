import { toPersianDigits } from '@vitrin/fa';
import { formatFileSize } from '../../../lib/file-size';

const BYTES_PER_MB = 1024 * 1024;
/** From here the bar turns orange, and red from the next: the plan is nearly used up. */
const NEARLY_FULL_PERCENT = 80;
const FULL_PERCENT = 95;

export interface UsageMeter {
  /** «۱۲۰ مگابایت از ۱ گیگابایت», or «۱۲۰ مگابایت از نامحدود». */
  text: string;
  /** Share of the limit used, 0 to 100 (a bar cannot show more); null without a limit. */
  percent: number | null;
  /** «۱۲٪»; null without a limit. */
  percentText: string | null;
  color: 'brand' | 'orange' | 'red';
}

/** A panel's MiB as people read sizes: «۵۱۲ مگابایت», «۱٫۵ گیگابایت». */
export function megabytesText(megabytes: number): string {
  // Nothing used reads in the unit of the plan, not «۰ بایت».
  if (megabytes <= 0) return '۰ مگابایت';
  return formatFileSize(megabytes * BYTES_PER_MB);
}

/** What one bar says about an amount used against the plan's limit (null: unlimited). */
export function usageMeter(usedMb: number, limitMb: number | null): UsageMeter {
  const used = Math.max(0, usedMb);
  if (limitMb === null) {
    return {
      text: `${megabytesText(used)} از نامحدود`,
      percent: null,
      percentText: null,
      color: 'brand',
    };
  }
  const share = limitMb > 0 ? (used / limitMb) * 100 : used > 0 ? 100 : 0;
  const percent = Math.min(100, share);
  // Rounded down, so a plan with room left never reads «۱۰۰٪».
  const shown = used > 0 && share < 1 ? 'کمتر از ۱' : toPersianDigits(Math.floor(share));
  return {
    text: `${megabytesText(used)} از ${megabytesText(limitMb)}`,
    percent,
    percentText: `${shown}٪`,
    color: share >= FULL_PERCENT ? 'red' : share >= NEARLY_FULL_PERCENT ? 'orange' : 'brand',
  };
}
