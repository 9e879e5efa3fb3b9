import { toPersianDigits } from '@vitrin/fa';

/**
 * A staff list's count above its rows: «۱۲ سفارش». Past 10,000 rows the server stops counting
 * and answers PostgreSQL's estimate (decision 0031), which the list says is one: «حدود …».
 */
export function listCountText(total: number, countNoun: string, isEstimate = false): string {
  return `${isEstimate ? 'حدود ' : ''}${toPersianDigits(total)} ${countNoun}`;
}
