import type { PathInput } from '@vitrin/contracts';
import { formatJalaliDate, parseDateText, toLatinDigits } from '@vitrin/fa';
import { ApiRequestError, describeApiError } from '../../../../lib/api-error';
import { percentText } from './billing-text';

// The form that schedules a VAT rate (decision 0022): a percent, a Jalali day and a Tehran time
// from which it applies, and a note. A rate only ever starts in the future (nothing sold
// changes), so a past instant is refused here before the server refuses it too.

export type ScheduleTaxRateInput = PathInput<'/api/admin/billing/schedule-tax-rate'>;

export interface TaxRateDraft {
  /** Percent as typed: `۱۰`, `9.5`, `۹٫۵٪`. */
  rate: string;
  /** A Jalali day: `۱۴۰۵/۰۱/۰۱`. */
  date: string;
  /** Tehran's clock, `HH:MM`; blank for the start of the day. */
  time: string;
  note: string;
}

export type TaxRateField = 'ratePercent' | 'effectiveFrom' | 'time' | 'note';

export const EMPTY_TAX_RATE_DRAFT: TaxRateDraft = { rate: '', date: '', time: '', note: '' };

export const TAX_RATE_NOTE_MAX_LENGTH = 200;

export const TAX_RATE_MESSAGES = {
  rateMissing: 'نرخ را به درصد بنویسید',
  rateNotNumber: 'نرخ را فقط با رقم بنویسید، مانند ۱۰ یا ۹٫۵',
  rateTooHigh: 'نرخ بیش از ۱۰۰ درصد نیست',
  rateDecimals: 'نرخ تا دو رقم اعشار پذیرفته می‌شود',
  dateMissing: 'تاریخ اجرا را بنویسید',
  dateInvalid: 'تاریخ را شمسی و درست بنویسید، مانند ۱۴۰۵/۰۷/۰۱',
  timeInvalid: 'ساعت را به شکل ۰۸:۳۰ بنویسید (۰۰:۰۰ تا ۲۳:۵۹)',
  notFuture: 'تاریخ اجرا باید در آینده باشد؛ نرخ سفارش‌های گذشته تغییر نمی‌کند',
} as const;

const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const JALALI_DAY = /^\d{4}[/-]\d{1,2}[/-]\d{1,2}$/;

type Read<T> = { ok: true; value: T } | { ok: false; message: string };

/** A percent from 0 to 100 with at most two decimals, typed with either digits and `٫` or `.`. */
export function readRatePercent(text: string): Read<number> {
  const raw = toLatinDigits(text.replace(BIDI_MARKS, ''))
    .replace(/[\s%\u066a]/g, '')
    .replace(/[\u066b/]/g, '.');
  if (raw === '') return { ok: false, message: TAX_RATE_MESSAGES.rateMissing };
  const match = /^(\d{1,3})(?:\.(\d+))?$/.exec(raw);
  if (!match) return { ok: false, message: TAX_RATE_MESSAGES.rateNotNumber };
  if ((match[2] ?? '').length > 2) return { ok: false, message: TAX_RATE_MESSAGES.rateDecimals };
  const value = Number(raw);
  if (value > 100) return { ok: false, message: TAX_RATE_MESSAGES.rateTooHigh };
  return { ok: true, value };
}

/** Minutes after midnight of `HH:MM` (Persian or Latin digits); blank is midnight. */
function readClock(text: string): Read<number> {
  const raw = toLatinDigits(text.replace(BIDI_MARKS, '')).trim();
  if (raw === '') return { ok: true, value: 0 };
  const match = /^(\d{1,2})[:٫.](\d{2})$/.exec(raw);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59) {
    return { ok: false, message: TAX_RATE_MESSAGES.timeInvalid };
  }
  return { ok: true, value: hours * 60 + minutes };
}

/**
 * The instant a Jalali day and a Tehran time name. Tehran has kept +03:30 all year since 2022,
 * so a future day's clock is its first instant plus the minutes.
 */
function readEffectiveFrom(
  date: string,
  time: string,
): { ok: true; value: Date } | { ok: false; field: 'effectiveFrom' | 'time'; message: string } {
  const refuse = (field: 'effectiveFrom' | 'time', message: string) =>
    ({ ok: false, field, message }) as const;
  const day = toLatinDigits(date.replace(BIDI_MARKS, '')).trim();
  if (day === '') return refuse('effectiveFrom', TAX_RATE_MESSAGES.dateMissing);
  if (!JALALI_DAY.test(day)) return refuse('effectiveFrom', TAX_RATE_MESSAGES.dateInvalid);
  let start: Date;
  try {
    start = parseDateText(day);
  } catch {
    return refuse('effectiveFrom', TAX_RATE_MESSAGES.dateInvalid);
  }
  const clock = readClock(time);
  if (!clock.ok) return refuse('time', clock.message);
  return { ok: true, value: new Date(start.getTime() + clock.value * 60_000) };
}

export type TaxRateRequest =
  | { ok: true; input: ScheduleTaxRateInput }
  | { ok: false; errors: Partial<Record<TaxRateField, string>> };

/** The form as schedule-tax-rate takes it, or what keeps it from being sent, by field. */
export function taxRateRequest(draft: TaxRateDraft, now: Date): TaxRateRequest {
  const errors: Partial<Record<TaxRateField, string>> = {};
  const rate = readRatePercent(draft.rate);
  if (!rate.ok) errors.ratePercent = rate.message;
  const from = readEffectiveFrom(draft.date, draft.time);
  if (!from.ok) errors[from.field] = from.message;
  else if (from.value <= now) errors.effectiveFrom = TAX_RATE_MESSAGES.notFuture;
  if (!rate.ok || !from.ok || errors.effectiveFrom) return { ok: false, errors };
  const note = draft.note.trim();
  return {
    ok: true,
    input: {
      ratePercent: rate.value,
      effectiveFrom: from.value.toISOString(),
      note: note === '' ? null : note,
    },
  };
}

/** What the form will schedule, in words, while what is typed can be sent: «از … نرخ ۹٪ …». */
export function taxRatePreview(draft: TaxRateDraft, now: Date): string | null {
  const rate = readRatePercent(draft.rate);
  const from = readEffectiveFrom(draft.date, draft.time);
  if (!rate.ok || !from.ok || from.value <= now) return null;
  return `از ${formatJalaliDate(from.value, { withTime: true })} به وقت تهران، نرخ ${percentText(rate.value)} بر سفارش‌های تازه`;
}

const SERVER_FIELDS: readonly TaxRateField[] = ['ratePercent', 'effectiveFrom', 'note'];

export interface TaxRateFormErrors {
  fields: Partial<Record<TaxRateField, string>>;
  /** A refusal that names none of the form's fields (a rate already set for that instant). */
  other: string | null;
}

/**
 * What the form shows: its own check first, then the server's refusal of the last try, each
 * message under the field it names (the server's `effectiveFrom` under the date).
 */
export function taxRateFormErrors(
  local: Partial<Record<TaxRateField, string>>,
  serverError: unknown,
): TaxRateFormErrors {
  const fields = { ...local };
  if (!(serverError instanceof ApiRequestError)) {
    return { fields, other: serverError ? describeApiError(serverError) : null };
  }
  for (const field of SERVER_FIELDS) {
    const message = serverError.fields?.[field];
    if (message && !fields[field]) fields[field] = message;
  }
  const named = Object.keys(serverError.fields ?? {});
  const unshown = named.filter((field) => !(SERVER_FIELDS as readonly string[]).includes(field));
  const other =
    named.length === 0
      ? serverError.message
      : unshown.length > 0
        ? unshown.map((field) => serverError.fields?.[field]).join('؛ ')
        : null;
  return { fields, other };
}
