import { toPersianDigits } from '@vitrin/fa';

/**
 * A gateway's reference number (شمارهٔ پیگیری) as a person reads it: all digits, it is a number
 * and reads in Persian digits; with letters, it is a code people copy into a bank's form or read
 * to support, and stays exactly as the gateway wrote it.
 */
export function referenceText(reference: string): string {
  return /^\d+$/.test(reference) ? toPersianDigits(reference) : reference;
}
