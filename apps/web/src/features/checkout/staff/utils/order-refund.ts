import { formatAmount, toLatinDigits, toPersianDigits } from '@vitrin/fa';
import type { AdminOrder } from '../api/orders';

// A refund as staff choose it (decision 0022): all that is left of what the customer paid, or a
// part of it typed in Toman, as the order's page shows amounts. The API takes Rial. An order's
// VAT is whole Rial, so what is left is not always whole Toman: a part may carry one decimal
// (the Rial digit), «۱۲٬۳۴۵٫۶», and what is left is written the same way so it can be typed back.

export type RefundScope = 'all' | 'part';

const RIAL_PER_TOMAN = 10;

// Spaces, Latin and Arabic commas, the Persian thousands separator, underscores and the
// direction marks text copied from a right-to-left page carries. Not `٫`: that is the decimal.
const AMOUNT_SEPARATORS = /[\s,_\u060c\u066c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** What may still go back to the wallet: everything paid (wallet and gateway) less refunds. */
export function refundableRial(order: AdminOrder): number {
  return order.walletAppliedRial + order.gatewayPaidRial - order.refundedRial;
}

/** Rial as exact Toman: `۱۲٬۳۴۵ تومان`, or `۱۲٬۳۴۵٫۶ تومان` when a Rial digit is left over. */
export function exactTomanText(rial: number): string {
  const toman = formatAmount(Math.trunc(rial / RIAL_PER_TOMAN));
  const rest = rial % RIAL_PER_TOMAN;
  return `${rest === 0 ? toman : `${toman}\u066b${toPersianDigits(rest)}`} تومان`;
}

export type RefundAmount = { ok: true; amountRial: number } | { ok: false; error: string };

/** The Rial of a part typed in Toman, or the Persian reason it cannot be sent. */
export function partialRefundRial(text: string, refundable: number): RefundAmount {
  const raw = toLatinDigits(text).replace(AMOUNT_SEPARATORS, '').replace('\u066b', '.');
  if (raw === '') return { ok: false, error: 'مبلغ بازپرداخت را به تومان بنویسید' };
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(raw);
  if (!match) return { ok: false, error: 'مبلغ را فقط با رقم و به تومان بنویسید' };
  const fraction = match[2] ?? '';
  if (fraction.length > 1) {
    return { ok: false, error: 'تومان بیش از یک رقم اعشار (ریال) ندارد' };
  }
  const amountRial = Number(match[1]) * RIAL_PER_TOMAN + Number(fraction || '0');
  if (amountRial === 0) return { ok: false, error: 'مبلغ بازپرداخت باید بیش از صفر باشد' };
  if (amountRial > refundable) {
    return {
      ok: false,
      error: `بیش از باقی‌ماندهٔ پرداختی این سفارش (${exactTomanText(refundable)}) است`,
    };
  }
  return { ok: true, amountRial };
}
