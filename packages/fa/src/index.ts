export { formatAmount, formatToman, rialToToman } from './amount';
export {
  formatJalaliDate,
  formatJalaliLongDate,
  INVALID_DATE_MESSAGE,
  InvalidDateError,
  JALALI_MONTHS,
  parseDateText,
  toJalaliParts,
} from './date';
export { toLatinDigits, toPersianDigits } from './digits';
export { formatMobile, isIranianMobile, MOBILE_INVALID_MESSAGE, normalizeMobile } from './mobile';
export { shortenPrice } from './price';
export { matchesSearch, searchableText, searchTokens } from './search';
