import { toLatinDigits } from './digits';

export const MOBILE_INVALID_MESSAGE = 'شماره موبایل معتبر نیست؛ مثلا ۰۹۱۲۱۲۳۴۵۶۷';

// Operator prefixes 0900–0905, 0910–0919, 0920–0922, 0930–0939, 0941, 0990–0999.
const IRANIAN_MOBILE = /^\+989(0[0-5]|1\d|2[0-2]|3\d|41|9\d)\d{7}$/;

// Text pasted from RTL pages and phone contacts carries direction and joiner marks.
const INVISIBLE_MARKS = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const SEPARATORS = /[\s.()\-\u2010-\u2015\u2212]/g;
const NATIONAL_FORMS = /^(?:\+98|0098|98|0)?(9\d{9})$/;

/** Reads a mobile number as people type it and returns it as E.164 `+989…`, or null. */
export function normalizeMobile(input: string): string | null {
  if (typeof input !== 'string') return null;
  const compact = toLatinDigits(input.replace(INVISIBLE_MARKS, '')).replace(SEPARATORS, '');
  const match = NATIONAL_FORMS.exec(compact);
  if (!match?.[1]) return null;
  const e164 = `+98${match[1]}`;
  return isIranianMobile(e164) ? e164 : null;
}

/** Tells whether an E.164 number is on an Iranian mobile operator prefix. */
export function isIranianMobile(e164: string): boolean {
  return typeof e164 === 'string' && IRANIAN_MOBILE.test(e164);
}

/** Shows an E.164 Iranian mobile number grouped with 0 for 98 (spec §9): `0912 123 4567`. */
export function formatMobile(e164: string): string {
  if (!isIranianMobile(e164)) {
    throw new RangeError(`Not an E.164 Iranian mobile number: ${String(e164)}`);
  }
  const national = `0${e164.slice(3)}`;
  return `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;
}
