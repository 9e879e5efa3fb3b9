import { formatJalaliDate, formatJalaliLongDate, formatToman } from '@vitrin/fa';

// The dashboard's 30-day sales chart, drawn with plain boxes. A day's sales are paid minus
// refunded that day, so a day with a large refund is below zero: bars grow up from a zero line
// for sales and down from it for a net refund, all on one scale.

export interface ChartDay {
  /** A Tehran calendar day, `YYYY-MM-DD`. */
  date: string;
  salesRial: number;
}

export interface ChartBar extends ChartDay {
  /** The bar's length as a share of the chart's height, 0–100. */
  heightPercent: number;
  negative: boolean;
}

export interface SalesChart {
  bars: ChartBar[];
  /** Where the zero line is, from the top, as a share of the chart's height. */
  zeroFromTopPercent: number;
  maxRial: number;
  minRial: number;
}

/** The bars of a chart of these days, with the zero line where the highest and lowest allow. */
export function salesChart(days: readonly ChartDay[]): SalesChart {
  const maxRial = Math.max(0, ...days.map((day) => day.salesRial));
  const minRial = Math.min(0, ...days.map((day) => day.salesRial));
  const span = maxRial - minRial;
  return {
    bars: days.map((day) => ({
      ...day,
      heightPercent: span === 0 ? 0 : (Math.abs(day.salesRial) / span) * 100,
      negative: day.salesRial < 0,
    })),
    zeroFromTopPercent: span === 0 ? 100 : (maxRial / span) * 100,
    maxRial,
    minRial,
  };
}

// Noon Tehran time (no daylight saving since 2022): the same calendar day in any reading.
function dayInstant(date: string): string {
  return `${date}T12:00:00+03:30`;
}

/** A Tehran day as its Jalali date: `۱۴۰۵/۰۹/۰۱`. */
export function jalaliDayText(date: string): string {
  return formatJalaliDate(dayInstant(date));
}

/** A Tehran day as the chart's axis names it: `۱ آذر`. */
export function jalaliDayLabel(date: string): string {
  return formatJalaliLongDate(dayInstant(date)).split(' ').slice(0, -1).join(' ');
}

/** The Jalali month an instant falls in, in Tehran: `آذر`. */
export function jalaliMonthName(instant: Date): string {
  return formatJalaliLongDate(instant).split(' ').slice(1, -1).join(' ');
}

/** Which days the axis names: every `step`th counting back from today, so today has a label. */
export function isLabelledDay(index: number, count: number, step = 5): boolean {
  return (count - 1 - index) % step === 0;
}

/**
 * A day's or a month's net sales as text. A refund can take a day below zero, and a leading
 * minus sign would land on the wrong side of the digits in a right-to-left line, so it is a word.
 */
export function salesText(rial: number): string {
  return rial < 0 ? `منهای ${formatToman(-rial)}` : formatToman(rial);
}
