import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import {
  dateText,
  findUnacceptableText,
  multilineText,
  TEXT_PROBLEM_MESSAGES,
  text,
} from './fields';
import { usePersianValidationMessages } from './persian-issues';

usePersianValidationMessages();

function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('validation messages are Persian', () => {
  test('a missing field says it is required', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('این فیلد الزامی است');
  });

  test('a wrong type names the expected type', () => {
    expect(messageOf(z.string(), 12)).toBe('مقدار باید متن باشد');
    expect(messageOf(z.number(), 'a')).toBe('مقدار باید عدد باشد');
  });

  test('limits are written with Persian digits and a thousands separator', () => {
    expect(messageOf(z.string().max(1500), 'x'.repeat(1501))).toBe('حداکثر ۱٬۵۰۰ نویسه مجاز است');
    expect(messageOf(z.number().min(10), 3)).toBe('نباید کمتر از ۱۰ باشد');
    expect(messageOf(z.number().max(100), 300)).toBe('نباید بیشتر از ۱۰۰ باشد');
  });

  test('an unknown field is named', () => {
    expect(messageOf(z.strictObject({}), { role: 'admin' })).toBe('فیلد ناشناخته: role');
  });

  test('an infinite number is refused', () => {
    expect(messageOf(z.number(), Number.POSITIVE_INFINITY)).toBe('عدد باید متناهی باشد');
  });
});

describe('text fields', () => {
  test('text is trimmed and refuses control characters and line breaks', () => {
    expect(text({ max: 10 }).parse('  سلام  ')).toBe('سلام');
    expect(messageOf(text({ max: 10 }), 'a\u0000b')).toBe('نویسه‌های کنترلی مجاز نیستند');
    expect(messageOf(text({ max: 10 }), 'a\nb')).toBe(TEXT_PROBLEM_MESSAGES.lineBreak);
  });

  test('text keeps the zero-width non-joiner Persian words need', () => {
    expect(text({ max: 20 }).parse('می‌خواهم')).toBe('می‌خواهم');
  });

  test('multi-line text keeps line breaks but refuses other control characters', () => {
    expect(multilineText({ max: 20 }).parse('خط یک\nخط دو')).toBe('خط یک\nخط دو');
    expect(messageOf(multilineText({ max: 20 }), 'a\u001bb')).toBe('نویسه‌های کنترلی مجاز نیستند');
  });
});

describe('date fields (spec §5)', () => {
  test('date text accepts ISO and Jalali and yields a Date', () => {
    expect(dateText().parse('2026-11-21T10:00:00Z').toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(dateText().parse('1405-08-30').toISOString()).toBe('2026-11-20T20:30:00.000Z');
  });

  test('bad date text is an issue tagged INVALID_DATE', () => {
    const result = dateText().safeParse('1403/13/01');
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.code).toBe('custom');
    expect(issue && 'params' in issue ? issue.params : undefined).toEqual({ code: 'INVALID_DATE' });
  });
});

describe('what text the product accepts (issue 18)', () => {
  const line = text({ max: 100 });
  const prose = multilineText({ max: 1000 });

  test('NUL, other controls and lone surrogates are refused in every text field', () => {
    for (const bad of ['a\u0000b', 'a\u0007b', 'a\u007fb', 'a\u0085b', 'a\ufffeb']) {
      expect(messageOf(line, bad)).toBe(TEXT_PROBLEM_MESSAGES.control);
      expect(messageOf(prose, bad)).toBe(TEXT_PROBLEM_MESSAGES.control);
    }
    for (const bad of ['a\ud800b', 'a\udfffb', '\ude00\ud83d']) {
      expect(messageOf(line, bad)).toBe(TEXT_PROBLEM_MESSAGES.malformed);
      expect(messageOf(prose, bad)).toBe(TEXT_PROBLEM_MESSAGES.malformed);
    }
  });

  test('a name that flips direction is refused; multi-line text may use direction controls', () => {
    for (const flip of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2069']) {
      expect(messageOf(line, `علی${flip}رضا`)).toBe(TEXT_PROBLEM_MESSAGES.direction);
      expect(messageOf(prose, `سلام${flip}دنیا`)).toBeUndefined();
    }
  });

  test('line breaks only in multi-line text', () => {
    expect(messageOf(line, 'یک\nدو')).toBe(TEXT_PROBLEM_MESSAGES.lineBreak);
    expect(messageOf(prose, 'یک\nدو\tسه')).toBeUndefined();
  });

  test('Persian text keeps ZWNJ, ZWJ, direction marks and emoji', () => {
    for (const good of ['می‌خواهم', 'ک\u200dه', 'نام\u200fفارسی', 'ABC\u200e۱۲۳', 'سلام 😀']) {
      expect(messageOf(line, good)).toBeUndefined();
    }
  });

  test('findUnacceptableText names the first bad string or key anywhere in a body', () => {
    expect(findUnacceptableText({ a: ['ok', { b: 'x\u0000' }] })).toEqual({
      path: 'a.1.b',
      message: TEXT_PROBLEM_MESSAGES.control,
    });
    expect(findUnacceptableText({ ['k\ud800']: 1 })?.message).toBe(TEXT_PROBLEM_MESSAGES.malformed);
    expect(findUnacceptableText({ name: 'علی\u202eرضا', body: 'یک\nدو' })).toBeNull();
    // A hostile depth does not overflow the stack.
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnacceptableText(deep)?.message).toBe(TEXT_PROBLEM_MESSAGES.control);
  });
});
