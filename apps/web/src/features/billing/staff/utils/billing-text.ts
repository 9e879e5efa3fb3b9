import { formatAmount, toPersianDigits } from '@vitrin/fa';

// How the billing section writes figures. Documents are legal papers in Rial (their total in
// words says «ریال»), so the section shows Rial where the rest of the console shows Toman.

/** `۱٬۲۳۴٬۵۶۷ ریال` */
export function rialText(rial: number): string {
  return `${formatAmount(rial)} ریال`;
}

/** A VAT rate in percent: `۱۰٪`, `۹٫۵٪`. */
export function percentText(ratePercent: number): string {
  return `${toPersianDigits(String(ratePercent)).replace('.', '\u066b')}٪`;
}
