import { MAX_CREDIT_ADJUSTMENT_RIAL } from '@vitrin/contracts';
import { formatAmount, rialToToman, toLatinDigits } from '@vitrin/fa';
import { tomanToRial } from '../../../../lib/money';

// A manual credit adjustment as an admin types it: a whole number of Toman (Persian or Latin
// digits, with the separators people paste: '۱۲٬۵۰۰', '12,500', '۱۲ ۵۰۰') and a direction. The
// API takes signed Rial; the server still decides whether the balance allows a decrease.

export const CREDIT_DIRECTIONS = ['increase', 'decrease'] as const;
export type CreditDirection = (typeof CREDIT_DIRECTIONS)[number];

export const CREDIT_DIRECTION_LABELS: Record<CreditDirection, string> = {
  increase: 'افزایش اعتبار',
  decrease: 'کاهش اعتبار',
};

export const MAX_CREDIT_ADJUSTMENT_TOMAN = MAX_CREDIT_ADJUSTMENT_RIAL / 10;

// Spaces, Latin and Arabic commas, the Persian thousands separator, underscores and the
// direction marks text copied from a right-to-left page carries.
const AMOUNT_SEPARATORS = /[\s,_\u060c\u066c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export type CreditAmount = { ok: true; amountRial: number } | { ok: false; error: string };

/** The signed Rial of an adjustment typed in Toman, or the Persian reason it cannot be sent. */
export function creditAdjustmentRial(text: string, direction: CreditDirection): CreditAmount {
  const digits = toLatinDigits(text).replace(AMOUNT_SEPARATORS, '');
  if (digits === '') return { ok: false, error: 'مبلغ را به تومان وارد کنید' };
  if (!/^\d+$/.test(digits)) {
    return { ok: false, error: 'مبلغ را فقط با رقم و به تومان کامل بنویسید' };
  }
  const toman = Number(digits);
  if (toman === 0) return { ok: false, error: 'مبلغ نباید صفر باشد' };
  if (toman > MAX_CREDIT_ADJUSTMENT_TOMAN) {
    return {
      ok: false,
      error: `هر بار حداکثر ${formatAmount(MAX_CREDIT_ADJUSTMENT_TOMAN)} تومان را می‌توان جابه‌جا کرد`,
    };
  }
  const rial = tomanToRial(toman);
  return { ok: true, amountRial: direction === 'increase' ? rial : -rial };
}

/** A ledger amount in Toman with its sign, for a list of credits and debits: '+۵۰٬۰۰۰'. */
export function signedTomanAmount(rial: number): string {
  const toman = formatAmount(rialToToman(Math.abs(rial)));
  return rial < 0 ? `\u2212${toman}` : `+${toman}`;
}
