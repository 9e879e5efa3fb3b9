import { INVALID_DATE_MESSAGE, parseDateText } from '@vitrin/fa';
import { z } from 'zod';

// C0 and C1 control characters and the Unicode non-characters; tab/newline allowed only in
// multi-line text. Persian text legitimately uses ZWNJ (U+200C), so format marks are kept.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;
const lineBreaks = /[\t\n\r]/;

const CONTROL_CHARACTER_MESSAGE = 'نویسه‌های کنترلی مجاز نیستند';

/** A single-line text field: trimmed, no control characters, bounded length. */
export function text(options: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(options.min ?? 1)
    .max(options.max)
    .refine((value) => !controlCharacters.test(value) && !lineBreaks.test(value), {
      message: CONTROL_CHARACTER_MESSAGE,
    });
}

/** A multi-line text field: like `text` but keeps tabs and line breaks. */
export function multilineText(options: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(options.min ?? 1)
    .max(options.max)
    .refine((value) => !controlCharacters.test(value), { message: CONTROL_CHARACTER_MESSAGE });
}

/**
 * A date field (spec §5): ISO datetime or Jalali y/m/d or y-m-d, parsed to a Date. A bad value
 * is an issue tagged INVALID_DATE, which the server answers as `400 INVALID_DATE`.
 */
export function dateText() {
  return z
    .string()
    .max(64)
    .transform((value, ctx) => {
      try {
        return parseDateText(value);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: INVALID_DATE_MESSAGE,
          params: { code: 'INVALID_DATE' },
        });
        return z.NEVER;
      }
    });
}

/** A positive integer that fits the database's bigint and JavaScript's safe range. */
export function count(options: { min?: number; max: number }) {
  return z
    .number()
    .int()
    .min(options.min ?? 0)
    .max(options.max);
}

/** An ISO 8601 UTC timestamp as the API answers it. */
export const timestamp = z.iso.datetime();
