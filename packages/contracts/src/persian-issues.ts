import { formatAmount } from '@vitrin/fa';
import { z } from 'zod';

type RawIssue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const typeNames: Record<string, string> = {
  string: 'متن',
  number: 'عدد',
  int: 'عدد صحیح',
  bigint: 'عدد صحیح',
  boolean: 'درست یا نادرست',
  object: 'شیء JSON',
  array: 'فهرست',
  date: 'تاریخ',
};

const formatNames: Record<string, string> = {
  email: 'نشانی ایمیل درست نیست',
  url: 'نشانی وب درست نیست',
  datetime: 'تاریخ و زمان باید به شکل ISO باشد',
  uuid: 'شناسه درست نیست',
};

function sizeMessage(origin: string, limit: number | bigint, kind: 'min' | 'max'): string {
  const n = formatAmount(limit);
  if (origin === 'string') {
    if (kind === 'min')
      return Number(limit) <= 1 ? 'این فیلد نباید خالی باشد' : `دست‌کم ${n} نویسه لازم است`;
    return `حداکثر ${n} نویسه مجاز است`;
  }
  if (origin === 'array' || origin === 'set') {
    return kind === 'min' ? `دست‌کم ${n} مورد لازم است` : `حداکثر ${n} مورد مجاز است`;
  }
  return kind === 'min' ? `نباید کمتر از ${n} باشد` : `نباید بیشتر از ${n} باشد`;
}

/** Persian text for a validation issue, written for the person filling the form. */
export function persianIssueMessage(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'این فیلد الزامی است';
      if (issue.expected === 'number' && typeof issue.input === 'number') {
        return 'عدد باید متناهی باشد';
      }
      return `مقدار باید ${typeNames[issue.expected] ?? 'از نوع درست'} باشد`;
    case 'too_small':
      return sizeMessage(issue.origin, issue.minimum, 'min');
    case 'too_big':
      return sizeMessage(issue.origin, issue.maximum, 'max');
    case 'invalid_format':
      return formatNames[issue.format] ?? 'قالب مقدار درست نیست';
    case 'unrecognized_keys':
      return `فیلد ناشناخته: ${issue.keys.join('، ')}`;
    case 'invalid_value':
      return 'این مقدار مجاز نیست';
    case 'not_multiple_of':
      return 'مقدار درست نیست';
    case 'invalid_union':
      return 'مقدار با هیچ‌یک از شکل‌های مجاز نمی‌خواند';
    default:
      return undefined;
  }
}

let installed = false;

/** Makes every zod message Persian; both server and web call it once at start. */
export function usePersianValidationMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => persianIssueMessage(issue) });
}
