import { formatAmount, toLatinDigits } from '@vitrin/fa';

/**
 * A Toman amount as a person types it, in Persian, Arabic-Indic or Latin digits, with or without
 * thousands separators: the whole number, or null when there are no digits.
 */
export function parseTomanText(text: string): number | null {
  const digits = toLatinDigits(text).replace(/[^0-9]/g, '');
  if (digits === '') return null;
  return Number(digits.replace(/^0+(?=\d)/, ''));
}

/** The typed amount written back as people read it: Persian digits and '٬' every three. */
export function formatTomanText(text: string): string {
  const amount = parseTomanText(text);
  return amount === null ? '' : formatAmount(amount);
}
