import fc from 'fast-check';
import { expect, test } from 'vitest';
import { toPersianDigits } from './digits';
import { formatMobile, isIranianMobile, MOBILE_INVALID_MESSAGE, normalizeMobile } from './mobile';

const ACCEPTED_PREFIXES = [
  ...range(900, 905),
  ...range(910, 919),
  ...range(920, 922),
  ...range(930, 939),
  941,
  ...range(990, 999),
].map((prefix) => `0${prefix}`);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

test.each([
  ['09121234567'],
  ['9121234567'],
  ['+989121234567'],
  ['989121234567'],
  ['00989121234567'],
])('mobile number written as %s normalizes to +989…', (input) => {
  expect(normalizeMobile(input)).toBe('+989121234567');
});

test('mobile number ignores spaces, dashes, dots and parentheses', () => {
  expect(normalizeMobile('0912 123 4567')).toBe('+989121234567');
  expect(normalizeMobile('0912-123-4567')).toBe('+989121234567');
  expect(normalizeMobile('0912.123.4567')).toBe('+989121234567');
  expect(normalizeMobile('+98 (912) 123-45 67')).toBe('+989121234567');
});

test('mobile number reads Persian and Arabic-Indic digits', () => {
  expect(normalizeMobile('۰۹۱۲ ۱۲۳ ۴۵۶۷')).toBe('+989121234567');
  expect(normalizeMobile('+٩٨٩١٢١٢٣٤٥٦٧')).toBe('+989121234567');
});

test('mobile number ignores surrounding whitespace and invisible marks', () => {
  expect(normalizeMobile('  09121234567\n')).toBe('+989121234567');
  expect(normalizeMobile('\u200e09121234567\u200f')).toBe('+989121234567');
  expect(normalizeMobile('\u202b۰۹۱۲\u200c۱۲۳\u200c۴۵۶۷\u202c')).toBe('+989121234567');
  expect(normalizeMobile('\u202a+98 912 123 4567\u202e')).toBe('+989121234567');
});

test('mobile number that is not an Iranian mobile is null', () => {
  for (const input of [
    '',
    '   ',
    'abc',
    '0912123456',
    '091212345678',
    '02112345678',
    '+982112345678',
    '+449121234567',
    '08121234567',
    '09231234567',
    '++989121234567',
    '09121234567x',
    '+98 0912 123 4567',
  ]) {
    expect(normalizeMobile(input), input).toBeNull();
  }
});

test('mobile number rejects non-string input as null', () => {
  expect(normalizeMobile(9121234567 as unknown as string)).toBeNull();
  expect(normalizeMobile(null as unknown as string)).toBeNull();
});

test('Iranian mobile accepts operator prefixes 0900–0905, 0910–0922, 0930–0939, 0941, 0990–0999', () => {
  for (const prefix of ACCEPTED_PREFIXES) {
    expect(isIranianMobile(`+98${prefix.slice(1)}1234567`), prefix).toBe(true);
  }
});

test('Iranian mobile rejects every other 09xx prefix', () => {
  const rejected = range(900, 999)
    .map((prefix) => `0${prefix}`)
    .filter((prefix) => !ACCEPTED_PREFIXES.includes(prefix));
  expect(rejected).toEqual(
    expect.arrayContaining(['0906', '0923', '0940', '0950', '0960', '0980']),
  );
  for (const prefix of rejected) {
    expect(isIranianMobile(`+98${prefix.slice(1)}1234567`), prefix).toBe(false);
  }
});

test('Iranian mobile rejects landlines and text that is not E.164', () => {
  expect(isIranianMobile('+982112345678')).toBe(false);
  expect(isIranianMobile('09121234567')).toBe(false);
  expect(isIranianMobile('+98 912 123 4567')).toBe(false);
  expect(isIranianMobile('+98912123456')).toBe(false);
});

test('mobile is shown grouped with 98 replaced by 0', () => {
  expect(formatMobile('+989121234567')).toBe('0912 123 4567');
  expect(formatMobile('+989901234567')).toBe('0990 123 4567');
});

test('mobile formatting rejects a number that is not E.164 Iranian mobile with RangeError', () => {
  for (const input of ['09121234567', '+442071234567', '+989231234567', '+982112345678']) {
    expect(() => formatMobile(input)).toThrow(RangeError);
  }
});

test('mobile invalid message is Persian with an example', () => {
  expect(MOBILE_INVALID_MESSAGE).toBe('شماره موبایل معتبر نیست؛ مثلا ۰۹۱۲۱۲۳۴۵۶۷');
});

test('every valid mobile normalizes in all five forms and in Persian digits', () => {
  const validMobile = fc
    .tuple(fc.constantFrom(...ACCEPTED_PREFIXES), fc.stringMatching(/^\d{7}$/))
    .map(([prefix, rest]) => `${prefix.slice(1)}${rest}`);
  fc.assert(
    fc.property(validMobile, (national) => {
      const e164 = `+98${national}`;
      for (const form of [`0${national}`, national, e164, `98${national}`, `0098${national}`]) {
        expect(normalizeMobile(form)).toBe(e164);
        expect(normalizeMobile(toPersianDigits(form))).toBe(e164);
      }
    }),
  );
});
