import { toLatinDigits } from '@vitrin/fa';

/** Only the digits of a text, as Latin digits: a pasted SMS or Persian typing gives the code. */
export function onlyDigits(text: string): string {
  return toLatinDigits(text).replace(/\D/g, '');
}
