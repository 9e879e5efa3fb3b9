import type { DiscountCodeView, PathInput } from '@vitrin/contracts';
import { formatJalaliDate, toLatinDigits, toPersianDigits } from '@vitrin/fa';
import { rialToTomanNumber, tomanText, tomanToRial } from '../../../../lib/money';

// The discount code form and the requests it sends. Amounts are typed in whole Toman (Persian
// or Latin digits, separators allowed) and sent as Rial; a percent is sent as is. Dates are typed
// as Jalali (or ISO) text and sent as typed (spec §5); a saved date is sent again only when its
// text changed, so saving other rules never moves a window's exact time to midnight.

export type CreateDiscountRequest = PathInput<'/api/admin/discounts/create-discount-code'>;
export type UpdateDiscountRequest = PathInput<'/api/admin/discounts/update-discount-code'>;
export type DiscountKind = DiscountCodeView['kind'];

export interface DiscountFormValues {
  code: string;
  title: string;
  kind: DiscountKind;
  /** A percent (1–100) or whole Toman, by kind. */
  value: string;
  maxDiscountToman: string;
  minCartToman: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perUserLimit: string;
  productIds: string[];
  groupIds: string[];
  firstOrderOnly: boolean;
  listed: boolean;
  userId: string | null;
  active: boolean;
}

export const EMPTY_DISCOUNT_FORM: DiscountFormValues = {
  code: '',
  title: '',
  kind: 'percent',
  value: '',
  maxDiscountToman: '',
  minCartToman: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perUserLimit: '',
  productIds: [],
  groupIds: [],
  firstOrderOnly: false,
  listed: false,
  userId: null,
  active: true,
};

/** Field errors the form finds before asking the server, keyed as the server keys them. */
export type DiscountFormErrors = Partial<Record<string, string>>;

const NOT_A_NUMBER = 'یک عدد صحیح بنویسید (مثلا ۵۰۰۰۰)';

/**
 * A whole number typed by a person: Persian or Latin digits, thousands separators allowed.
 * Blank is null; anything else that is not a whole number is 'invalid'.
 */
export function parseWholeNumber(text: string): number | null | 'invalid' {
  const raw = toLatinDigits(text).replace(/[\s,\u066c\u060c_]/g, '');
  if (raw === '') return null;
  if (!/^\d{1,15}$/.test(raw)) return 'invalid';
  return Number(raw);
}

/** A number as the form shows it: Persian digits, no separators (so it can be edited). */
function numberText(value: number | null): string {
  return value === null ? '' : toPersianDigits(value);
}

function dateText(iso: string | null): string {
  return iso === null ? '' : formatJalaliDate(iso);
}

/** The form's values for a saved code. */
export function discountFormFromView(code: DiscountCodeView): DiscountFormValues {
  return {
    code: code.code,
    title: code.title,
    kind: code.kind,
    value: numberText(code.kind === 'fixed' ? rialToTomanNumber(code.value) : code.value),
    maxDiscountToman: numberText(
      code.maxDiscountRial === null ? null : rialToTomanNumber(code.maxDiscountRial),
    ),
    minCartToman: numberText(
      code.minCartRial === null ? null : rialToTomanNumber(code.minCartRial),
    ),
    startsAt: dateText(code.startsAt),
    endsAt: dateText(code.endsAt),
    usageLimit: numberText(code.usageLimit),
    perUserLimit: numberText(code.perUserLimit),
    productIds: code.productIds,
    groupIds: code.groupIds,
    firstOrderOnly: code.firstOrderOnly,
    listed: code.listed,
    userId: code.user?.id ?? null,
    active: code.active,
  };
}

type Rules = Omit<CreateDiscountRequest, 'code'>;
type Checked<T> = { ok: true; request: T } | { ok: false; errors: DiscountFormErrors };

/** The rules as the API takes them, or the fields that are not numbers. */
function rulesOf(values: DiscountFormValues): Checked<Rules> {
  const errors: DiscountFormErrors = {};
  const read = (field: string, text: string, options: { min?: number; required?: string }) => {
    const number = parseWholeNumber(text);
    if (number === 'invalid') errors[field] = NOT_A_NUMBER;
    else if (number === null && options.required) errors[field] = options.required;
    else if (number !== null && options.min !== undefined && number < options.min) {
      errors[field] =
        options.min === 1
          ? 'دست‌کم ۱ بنویسید، یا برای بی‌سقف خالی بگذارید'
          : `دست‌کم ${toPersianDigits(options.min)} بنویسید`;
    } else return number;
    return null;
  };
  const value = read('value', values.value, {
    min: 1,
    required: values.kind === 'percent' ? 'درصد تخفیف را بنویسید' : 'مبلغ تخفیف را بنویسید',
  });
  const maxDiscount =
    values.kind === 'percent' ? read('maxDiscountRial', values.maxDiscountToman, {}) : null;
  const minCart = read('minCartRial', values.minCartToman, {});
  const usageLimit = read('usageLimit', values.usageLimit, { min: 1 });
  const perUserLimit = read('perUserLimit', values.perUserLimit, { min: 1 });
  if (Object.keys(errors).length > 0 || value === null) return { ok: false, errors };
  return {
    ok: true,
    request: {
      title: values.title,
      kind: values.kind,
      value: values.kind === 'fixed' ? tomanToRial(value) : value,
      // A fixed code has no cap: switching a percent code to fixed clears it.
      maxDiscountRial: maxDiscount === null ? null : tomanToRial(maxDiscount),
      minCartRial: minCart === null ? null : tomanToRial(minCart),
      startsAt: blankAsNull(values.startsAt),
      endsAt: blankAsNull(values.endsAt),
      usageLimit,
      perUserLimit,
      productIds: values.productIds,
      groupIds: values.groupIds,
      firstOrderOnly: values.firstOrderOnly,
      listed: values.listed,
      userId: values.userId,
      active: values.active,
    },
  };
}

function blankAsNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

export function createDiscountRequest(values: DiscountFormValues): Checked<CreateDiscountRequest> {
  const rules = rulesOf(values);
  return rules.ok ? { ok: true, request: { code: values.code, ...rules.request } } : rules;
}

/** Every rule but the text of the code (frozen) and the dates whose text did not change. */
export function updateDiscountRequest(
  id: string,
  values: DiscountFormValues,
  saved: DiscountFormValues,
): Checked<UpdateDiscountRequest> {
  const rules = rulesOf(values);
  if (!rules.ok) return rules;
  const { startsAt, endsAt, active: _active, ...rest } = rules.request;
  return {
    ok: true,
    request: {
      id,
      ...rest,
      ...(values.startsAt.trim() === saved.startsAt.trim() ? {} : { startsAt }),
      ...(values.endsAt.trim() === saved.endsAt.trim() ? {} : { endsAt }),
    },
  };
}

/** The discount a code gives: '۱۵٪' or '۵۰٬۰۰۰ تومان'. */
export function discountAmountText(code: Pick<DiscountCodeView, 'kind' | 'value'>): string {
  return code.kind === 'percent' ? `${toPersianDigits(code.value)}٪` : tomanText(code.value);
}

/** Uses so far against the limit: '۳ از ۱۰۰', or '۳ (بی‌سقف)'. */
export function usageText(usedCount: number, usageLimit: number | null): string {
  return usageLimit === null
    ? `${toPersianDigits(usedCount)} (بی‌سقف)`
    : `${toPersianDigits(usedCount)} از ${toPersianDigits(usageLimit)}`;
}

export type DiscountCodeState = 'active' | 'inactive' | 'upcoming' | 'ended' | 'used-up';

export const DISCOUNT_CODE_STATES: Record<DiscountCodeState, { label: string; color: string }> = {
  active: { label: 'فعال', color: 'teal' },
  inactive: { label: 'غیرفعال', color: 'gray' },
  upcoming: { label: 'هنوز آغاز نشده', color: 'blue' },
  ended: { label: 'پایان‌یافته', color: 'orange' },
  'used-up': { label: 'ظرفیت پر شده', color: 'orange' },
};

/** Whether a customer could use the code now, by the checkout's rules (discount-rules.ts). */
export function discountCodeState(
  code: Pick<DiscountCodeView, 'active' | 'startsAt' | 'endsAt' | 'usageLimit' | 'usedCount'>,
  now: Date,
): DiscountCodeState {
  if (!code.active) return 'inactive';
  if (code.startsAt !== null && now.getTime() < Date.parse(code.startsAt)) return 'upcoming';
  if (code.endsAt !== null && now.getTime() >= Date.parse(code.endsAt)) return 'ended';
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return 'used-up';
  return 'active';
}
