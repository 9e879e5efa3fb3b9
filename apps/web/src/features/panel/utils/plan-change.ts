import type { PlanChangeCalculation } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';

export const PLAN_CHANGE_DIRECTION_LABELS = { upgrade: 'ارتقا', downgrade: 'کاهش' } as const;

/** What the difference of a plan change means for the person: pay it, get it back, or neither. */
export interface PlanChangeSettlement {
  kind: 'pay' | 'credit' | 'even';
  label: string;
  /** Never negative: the difference before VAT. */
  netRial: number;
  vatRial: number;
  /** Never negative: the amount the label speaks of, VAT included. */
  amountRial: number;
}

/**
 * Above zero the difference is paid in an order; below zero it goes back to the wallet; zero is
 * an even swap (decision 0021). Either way with its VAT, as the server worked it out (0022).
 */
export function planChangeSettlement(
  differenceRial: number,
  withVat: { vatRial: number; totalRial: number },
): PlanChangeSettlement {
  const figures = {
    netRial: Math.abs(differenceRial),
    vatRial: withVat.vatRial,
    amountRial: withVat.totalRial,
  };
  if (differenceRial > 0) return { kind: 'pay', label: 'مبلغ قابل پرداخت', ...figures };
  if (differenceRial < 0) return { kind: 'credit', label: 'بازگشت به اعتبار کیف پول', ...figures };
  return { kind: 'even', label: 'بدون پرداخت و بدون بازگشت اعتبار', ...figures };
}

/** «۲۹ روز از ۳۱ روز دوره مانده» */
export function remainingDaysText(
  calculation: Pick<PlanChangeCalculation, 'remainingDays' | 'termDays'>,
): string {
  return `${toPersianDigits(calculation.remainingDays)} روز از ${toPersianDigits(calculation.termDays)} روز دوره مانده`;
}
