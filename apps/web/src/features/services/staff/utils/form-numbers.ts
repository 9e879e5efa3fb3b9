import { toLatinDigits } from '@vitrin/fa';

/**
 * A whole number typed in Latin or Persian digits, with or without thousands separators
 * («۱٬۰۰۰»); null when it is not one or lies outside `min`–`max`.
 */
export function readWholeNumberText(text: string, min: number, max: number): number | null {
  const raw = toLatinDigits(text).replace(/[\s,\u066c\u060c_]/g, '');
  if (!/^\d{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= min && value <= max ? value : null;
}

/** The server's message for a form field, whether it names the field plainly or under a parent. */
export function serverFieldError(
  fields: Record<string, string> | undefined,
  field: string,
): string | undefined {
  if (!fields) return undefined;
  return (
    fields[field] ??
    Object.entries(fields).find(([key]) => key.endsWith(`.${field}`))?.[1] ??
    undefined
  );
}
