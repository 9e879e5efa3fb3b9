import { formatAmount, toPersianDigits } from '@vitrin/fa';

// Visitors' pages and referrers are text from strangers' browsers: shown as text only, and
// reduced here to what the panel needs.

/** The referring site's host, without `www.`; null when there is none or it is not a web page. */
export function referrerHost(referrer: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

export const HOURS_IN_DAY = 24;

const tehranHourFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tehran',
  hour: 'numeric',
  hourCycle: 'h23',
});

/** The hour (0–23) Tehran's clocks show at `instant`: the chart's hours are Tehran's. */
export function tehranHour(instant: Date): number {
  return Number(tehranHourFormat.format(instant)) % 24;
}

export interface HourBar {
  hour: number;
  visits: number;
  /** 0–1 of the busiest hour's visits. */
  share: number;
}

export interface HourlyVisits {
  bars: HourBar[];
  total: number;
  /** The busiest hour; null on a day without visits. */
  peak: { hour: number; visits: number } | null;
}

/** Today's visits by Tehran hour as 24 bars, whatever hours the answer left out. */
export function hourlyVisits(visitsByHour: ReadonlyArray<{ hour: number; visits: number }>) {
  const perHour = new Array<number>(HOURS_IN_DAY).fill(0);
  for (const { hour, visits } of visitsByHour) {
    if (Number.isInteger(hour) && hour >= 0 && hour < HOURS_IN_DAY && visits > 0) {
      perHour[hour] = (perHour[hour] ?? 0) + visits;
    }
  }
  const max = Math.max(...perHour);
  const total = perHour.reduce((sum, visits) => sum + visits, 0);
  const peakHour = perHour.indexOf(max);
  return {
    bars: perHour.map((visits, hour) => ({ hour, visits, share: max > 0 ? visits / max : 0 })),
    total,
    peak: max > 0 ? { hour: peakHour, visits: max } : null,
  } satisfies HourlyVisits;
}

/** An hour as the chart names it: «ساعت ۱۴». */
export function hourLabel(hour: number): string {
  return `ساعت ${toPersianDigits(hour)}`;
}

/** The chart in one sentence, for screen readers. */
export function hourlyVisitsSummary({ total, peak }: HourlyVisits): string {
  if (!peak) return 'نمودار بازدیدهای امروز به تفکیک ساعت: امروز هنوز بازدیدی نبوده است.';
  return `نمودار بازدیدهای امروز به تفکیک ساعت: ${formatAmount(total)} بازدید؛ بیشترین در ${hourLabel(peak.hour)} با ${formatAmount(peak.visits)} بازدید.`;
}
