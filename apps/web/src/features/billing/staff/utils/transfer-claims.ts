import {
  MANUAL_METHODS,
  type ManualMethod,
  PAYMENT_METHOD_LABELS,
  type PaymentStatus,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';

// The transfer claims queue as staff read it (issue 21, decision 0023). The customer's pages say
// «تأیید شد» to the customer; staff read a queue's state, in the words of a reviewed record.

export const CLAIM_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'در انتظار بررسی',
  paid: 'تأییدشده',
  failed: 'ردشده',
};

export const CLAIM_STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow',
  paid: 'teal',
  failed: 'red',
};

export const MANUAL_METHOD_LABELS = Object.fromEntries(
  MANUAL_METHODS.map((method) => [method, PAYMENT_METHOD_LABELS[method] ?? method]),
) as Record<ManualMethod, string>;

/** What a claim pays for: `سفارش ۱۲۳`, or `افزایش اعتبار` for a wallet top-up. */
export function claimTargetText(claim: { orderNumber: number | null }): string {
  return claim.orderNumber === null
    ? 'افزایش اعتبار'
    : `سفارش ${toPersianDigits(String(claim.orderNumber))}`;
}

/** A card's last four digits as printed on it: `**** ۱۲۳۴`. */
export function cardLast4Text(cardLast4: string): string {
  return `**** ${toPersianDigits(cardLast4)}`;
}
