import { formatMobile, toPersianDigits } from '@vitrin/fa';

/**
 * A mobile number as people read it, `۰۹۱۲ ۱۲۳ ۴۵۶۷`. Isolated left-to-right: inside Persian
 * text the space-separated groups would otherwise be laid out right to left, last group first.
 */
export function MobileNumber({ mobile }: { mobile: string }) {
  return <bdi dir="ltr">{toPersianDigits(formatMobile(mobile))}</bdi>;
}
