import type { PlanChangeCalculation } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';

export const PLAN_CHANGE_DIRECTION_LABELS = { upgrade: 'ارتقا', downgrade: 'کاهش' } as const;

/** What the difference of a plan change means for the person: pay it, get it back, or neither. */
export interface PlanChangeSettlement {
  kind: 'pay' | 'credit' | 'even';
  label: string;
  /** Never negative: the amount the label speaks of. */
  amountRial: number;
}

/**
 * Above zero the difference is paid in an order; below zero it goes back to the wallet; zero is
 * an even swap (decision 0021).
 */
export function planChangeSettlement(differenceRial: number): PlanChangeSettlement {
  if (differenceRial > 0) {
    return { kind: 'pay', label: 'مبلغ قابل پرداخت', amountRial: differenceRial };
  }
  if (differenceRial < 0) {
    return { kind: 'credit', label: 'بازگشت به اعتبار کیف پول', amountRial: -differenceRial };
  }
  return { kind: 'even', label: 'بدون پرداخت و بدون بازگشت اعتبار', amountRial: 0 };
}

/** «۲۹ روز از ۳۱ روز دوره مانده» */
export function remainingDaysText(
  calculation: Pick<PlanChangeCalculation, 'remainingDays' | 'termDays'>,
): string {
  return `${toPersianDigits(calculation.remainingDays)} روز از ${toPersianDigits(calculation.termDays)} روز دوره مانده`;
}
