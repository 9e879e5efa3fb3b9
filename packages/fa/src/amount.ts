import { toPersianDigits } from './digits';

const THOUSANDS_SEPARATOR = '\u066c';

/** Writes an integer with Persian digits and '٬' between every three digits (spec §9). */
export function formatAmount(value: number | bigint): string {
  const amount = toInteger(value);
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, THOUSANDS_SEPARATOR);
  return (negative ? '-' : '') + toPersianDigits(grouped);
}

/** Converts Rial, as the API stores money, to Toman by dropping the last Rial digit. */
export function rialToToman(rial: number | bigint): bigint {
  // BigInt division truncates toward zero, which is what dropping a digit means.
  return toInteger(rial) / 10n;
}

/** Writes a Rial amount as Toman for display, e.g. '۱٬۲۳۴ تومان'. */
export function formatToman(rial: number | bigint): string {
  return `${formatAmount(rialToToman(rial))} تومان`;
}

/** Checks that a money value is an integer and returns it as a bigint; throws RangeError. */
export function toInteger(value: number | bigint): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new RangeError(`Amount must be an integer, got ${String(value)}`);
  }
  return BigInt(value);
}
