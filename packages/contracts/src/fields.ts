import { INVALID_DATE_MESSAGE, parseDateText } from '@vitrin/fa';
import { z } from 'zod';

// What text the product accepts (issue 18, decision 0017), decided here once for every field:
// - no C0 control characters (tab and line breaks only in multi-line text), DEL or C1 controls;
// - no U+FFFE/U+FFFF non-characters;
// - no lone UTF-16 surrogates: neither PostgreSQL nor JSON can hold them;
// - in single-line text (names, titles, codes, slugs) no bidi embeddings, overrides or isolates
//   (U+202A–U+202E, U+2066–U+2069): a name that flips direction spoofs what a right-to-left page
//   shows next to it.
// Persian needs ZWNJ and ZWJ (U+200C, U+200D) and the direction marks LRM and RLM (U+200E,
// U+200F), which change nothing around them, so those are kept.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;
const lineBreaks = /[\t\n\r]/;
// With the `u` flag a surrogate pair is one code point outside this range: only lone halves match.
const loneSurrogates = /[\uD800-\uDFFF]/u;
const directionControls = /[\u202A-\u202E\u2066-\u2069]/;

export const TEXT_PROBLEM_MESSAGES = {
  control: 'نویسه‌های کنترلی مجاز نیستند',
  lineBreak: 'این فیلد یک‌خطی است؛ شکستن خط و تب مجاز نیست',
  malformed: 'متن نویسهٔ نامعتبر دارد؛ آن را دوباره بنویسید',
  direction: 'نویسه‌های تغییر جهت متن (مانند U+202E) در نام و عنوان مجاز نیستند',
} as const;

/**
 * Why `value` is not text the product accepts, in Persian, or null when it is. `line` is a
 * single-line field (a name, a title, a code); `multiline` keeps tabs, line breaks and direction
 * controls (a ticket body, an article).
 */
export function textProblem(value: string, kind: 'line' | 'multiline'): string | null {
  if (loneSurrogates.test(value)) return TEXT_PROBLEM_MESSAGES.malformed;
  if (controlCharacters.test(value)) return TEXT_PROBLEM_MESSAGES.control;
  if (kind === 'multiline') return null;
  if (lineBreaks.test(value)) return TEXT_PROBLEM_MESSAGES.lineBreak;
  if (directionControls.test(value)) return TEXT_PROBLEM_MESSAGES.direction;
  return null;
}

/**
 * The first string in a parsed JSON value (keys included) that no field could accept whatever
 * its kind, with its dotted path; null when there is none. The server runs it over every body,
 * query and path before a call's own schema, so no text PostgreSQL or JSON cannot hold ever
 * reaches a handler, whichever field helper a call uses. Iterative: a hostile depth cannot
 * overflow the stack.
 */
export function findUnacceptableText(root: unknown): { path: string; message: string } | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop() as { value: unknown; path: string };
    if (typeof value === 'string') {
      const message = textProblem(value, 'multiline');
      if (message) return { path, message };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      const keyProblem = textProblem(key, 'multiline');
      if (keyProblem) return { path: path || '_body', message: keyProblem };
      pending.push({ value: child, path: childPath });
    }
  }
  return null;
}

function acceptedText(kind: 'line' | 'multiline') {
  return (value: string, ctx: z.core.$RefinementCtx<string>) => {
    const message = textProblem(value, kind);
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  };
}

/** A single-line text field: trimmed, only accepted characters, bounded length. */
export function text(options: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(options.min ?? 1)
    .max(options.max)
    .superRefine(acceptedText('line'));
}

/** A multi-line text field: like `text` but keeps tabs, line breaks and direction controls. */
export function multilineText(options: { min?: number; max: number }) {
  return z
    .string()
    .trim()
    .min(options.min ?? 1)
    .max(options.max)
    .superRefine(acceptedText('multiline'));
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
