import { formatAmount, rialToToman } from '@vitrin/fa';

/**
 * A Rial amount as Toman with its sign, `+۵٬۰۰۰٬۰۰۰ تومان` or `−۱٬۲۹۰٬۰۰۰ تومان`. The number and
 * its sign are isolated left to right: in a right-to-left line a leading sign would otherwise
 * land after the digits.
 */
export function SignedAmount({ rial, sign }: { rial: number; sign: '+' | '−' }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <bdi dir="ltr">
        {sign}
        {formatAmount(rialToToman(Math.abs(rial)))}
      </bdi>{' '}
      تومان
    </span>
  );
}
