import { expect, test } from 'vitest';
import * as fa from './index';

test('package exports exactly the API other packages import', () => {
  expect(Object.keys(fa).sort()).toEqual([
    'INVALID_DATE_MESSAGE',
    'InvalidDateError',
    'JALALI_MONTHS',
    'MOBILE_INVALID_MESSAGE',
    'formatAmount',
    'formatJalaliDate',
    'formatJalaliLongDate',
    'formatMobile',
    'formatToman',
    'isIranianMobile',
    'matchesSearch',
    'normalizeMobile',
    'parseDateText',
    'rialToToman',
    'searchTokens',
    'searchableText',
    'shortenPrice',
    'toJalaliParts',
    'toLatinDigits',
    'toPersianDigits',
  ]);
});
