import type { PathInput, PathResult } from '@vitrin/contracts';
import { formatAmount, rialToToman, toLatinDigits, toPersianDigits } from '@vitrin/fa';
import { tomanToRial } from '../../../../lib/money';

// The TLD form's pure parts: prices typed in whole Toman (Persian or Latin digits, with or without
// separators) and sent as the Rial the API takes, as the catalog's price editor does; days typed
// as whole numbers. Only what cannot be sent at all is checked here; every other rule (a price
// under the floor, more than 90 days) is the server's, shown under its field by the same key.

export type StaffTld = PathResult<'/api/admin/domains/list-tlds'>['items'][number];
export type UpdateTldInput = PathInput<'/api/admin/domains/update-tld'>;

/** The terms a TLD may be sold for, in years (the contract's 1–10). */
export const TLD_YEAR_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export const TLD_PRICE_FIELDS = [
  'registerPriceRial',
  'renewPriceRial',
  'transferPriceRial',
  'restorePriceRial',
] as const;
export type TldPriceField = (typeof TLD_PRICE_FIELDS)[number];

export const TLD_DAY_FIELDS = ['graceDays', 'redemptionDays'] as const;
export type TldDayField = (typeof TLD_DAY_FIELDS)[number];

export interface TldFormValues {
  enabled: boolean;
  registrarAccountId: string;
  /** The chosen terms as the multi-select keeps them: '1', '5'. */
  years: string[];
  /** Whole Toman, as typed. */
  prices: Record<TldPriceField, string>;
  /** Whole days, as typed. */
  days: Record<TldDayField, string>;
  authCodeRequired: boolean;
  reason: string;
}

export type TldFormErrors = Partial<Record<string, string>>;

const SEPARATORS = /[\s,\u066b\u066c\u060c_]/g;
const NOT_A_TOMAN = 'مبلغ را به تومان و فقط با رقم بنویسید';
const NOT_DAYS = 'تعداد روز را با رقم بنویسید';

/** A Rial amount as the text of a Toman input: Persian digits with separators. */
export function tomanInputText(rial: number): string {
  return formatAmount(rialToToman(rial));
}

/** Whole Toman typed, as Rial; null when it is no whole number (blank included). */
export function parseTomanAsRial(text: string): number | null {
  const raw = toLatinDigits(text).replace(SEPARATORS, '');
  if (!/^\d{1,15}$/.test(raw)) return null;
  return tomanToRial(Number(raw));
}

function parseDays(text: string): number | null {
  const raw = toLatinDigits(text).replace(SEPARATORS, '');
  return /^\d{1,4}$/.test(raw) ? Number(raw) : null;
}

/** The form as a TLD is now. */
export function tldFormOf(tld: StaffTld): TldFormValues {
  return {
    enabled: tld.enabled,
    registrarAccountId: tld.registrarAccountId,
    years: tld.years.map(String),
    prices: {
      registerPriceRial: tomanInputText(tld.registerPriceRial),
      renewPriceRial: tomanInputText(tld.renewPriceRial),
      transferPriceRial: tomanInputText(tld.transferPriceRial),
      restorePriceRial: tomanInputText(tld.restorePriceRial),
    },
    days: {
      graceDays: toPersianDigits(tld.graceDays),
      redemptionDays: toPersianDigits(tld.redemptionDays),
    },
    authCodeRequired: tld.authCodeRequired,
    reason: '',
  };
}

/** The update the form asks for, or what cannot be sent, under each field's key. */
export function tldUpdateRequest(
  tld: string,
  values: TldFormValues,
): { ok: true; request: UpdateTldInput } | { ok: false; errors: TldFormErrors } {
  const errors: TldFormErrors = {};
  const prices = {} as Record<TldPriceField, number>;
  for (const field of TLD_PRICE_FIELDS) {
    const rial = parseTomanAsRial(values.prices[field]);
    if (rial === null) errors[field] = NOT_A_TOMAN;
    else prices[field] = rial;
  }
  const days = {} as Record<TldDayField, number>;
  for (const field of TLD_DAY_FIELDS) {
    const value = parseDays(values.days[field]);
    if (value === null) errors[field] = NOT_DAYS;
    else days[field] = value;
  }
  if (values.years.length === 0) errors.years = 'دست‌کم یک مدت را برگزینید';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const reason = values.reason.trim();
  return {
    ok: true,
    request: {
      tld,
      enabled: values.enabled,
      registrarAccountId: values.registrarAccountId,
      years: values.years.map(Number).sort((a, b) => a - b),
      ...prices,
      ...days,
      authCodeRequired: values.authCodeRequired,
      ...(reason ? { reason } : {}),
    },
  };
}

/** The terms as people read them: «۱، ۲ و ۵ سال». */
export function yearsText(years: readonly number[]): string {
  const words = [...years].sort((a, b) => a - b).map((year) => toPersianDigits(year));
  if (words.length <= 1) return `${words.join('')} سال`;
  return `${words.slice(0, -1).join('، ')} و ${words.at(-1)} سال`;
}
