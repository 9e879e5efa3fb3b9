import { toPersianDigits } from '@vitrin/fa';

const VAT = 'مالیات بر ارزش افزوده';

/**
 * The VAT row's label with its rate (decision 0022): «مالیات بر ارزش افزوده (۱۰٪)». A rate with
 * a fraction reads with the Persian decimal sign (۹٫۵٪); an order whose taxed lines differ in
 * rate (or has none taxed) names no rate.
 */
export function vatLabel(ratePercent: number | readonly number[]): string {
  const rates =
    typeof ratePercent === 'number'
      ? [ratePercent]
      : [...new Set(ratePercent.filter((rate) => rate > 0))];
  const [rate] = rates;
  if (rates.length !== 1 || rate === undefined) return VAT;
  return `${VAT} (${toPersianDigits(String(rate).replace('.', '٫'))}٪)`;
}
