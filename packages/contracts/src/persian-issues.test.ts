import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { dateText, multilineText, text } from './fields';
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
    expect(messageOf(text({ max: 10 }), 'a\nb')).toBe('نویسه‌های کنترلی مجاز نیستند');
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
