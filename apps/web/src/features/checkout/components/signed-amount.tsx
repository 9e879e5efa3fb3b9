import { formatAmount, rialToToman } from '@vitrin/fa';

/**
 * A Rial amount as Toman with its sign, `+۵٬۰۰۰٬۰۰۰ تومان` or `−۱٬۲۹۰٬۰۰۰ تومان`. The number and
 * its sign are isolated left to right: in a right-to-left line a leading sign would otherwise
 * land after the digits. Without `sign`, the amount's own: `−` below zero, else `+`.
 */
export function SignedAmount({ rial, sign }: { rial: number; sign?: '+' | '−' }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <bdi dir="ltr">
        {sign ?? (rial < 0 ? '−' : '+')}
        {formatAmount(rialToToman(Math.abs(rial)))}
      </bdi>{' '}
      تومان
    </span>
  );
}
