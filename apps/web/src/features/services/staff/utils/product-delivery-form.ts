import { toPersianDigits } from '@vitrin/fa';
import { readWholeNumberText } from './form-numbers';

// How a product is delivered (issue 20): by the panels of a server group, as one of their
// packages, with the days of grace after expiry before suspension and the days before the
// account is removed. The limits are the contract's (saveProductProvisioning).

export const MAX_GRACE_DAYS = 90;
export const MIN_TERMINATE_DAYS = 1;
export const MAX_TERMINATE_DAYS = 365;
const DEFAULT_GRACE_DAYS = 7;
const DEFAULT_TERMINATE_DAYS = 30;

export interface ProductDeliveryFormValues {
  groupName: string;
  packageName: string;
  graceDays: string;
  terminateAfterDays: string;
}

export interface ProductDeliverySettings {
  groupName: string;
  packageName: string;
  graceDays: number;
  terminateAfterDays: number;
}

export function productDeliveryFormOf(
  saved: ProductDeliverySettings | null,
): ProductDeliveryFormValues {
  return {
    groupName: saved?.groupName ?? 'default',
    packageName: saved?.packageName ?? '',
    graceDays: toPersianDigits(saved?.graceDays ?? DEFAULT_GRACE_DAYS),
    terminateAfterDays: toPersianDigits(saved?.terminateAfterDays ?? DEFAULT_TERMINATE_DAYS),
  };
}

export type ProductDeliveryFormErrors = Partial<Record<keyof ProductDeliveryFormValues, string>>;

/** The settings to save, or what to fix; day counts may be typed in Persian digits. */
export function productDeliveryRequest(
  values: ProductDeliveryFormValues,
):
  | { ok: true; settings: ProductDeliverySettings }
  | { ok: false; errors: ProductDeliveryFormErrors } {
  const errors: ProductDeliveryFormErrors = {};
  const groupName = values.groupName.trim();
  if (groupName === '') errors.groupName = 'گروه سرور را بنویسید';
  const packageName = values.packageName.trim();
  if (packageName === '') errors.packageName = 'نام بسته روی کنترل پنل را بنویسید';
  const graceDays = readWholeNumberText(values.graceDays, 0, MAX_GRACE_DAYS);
  if (graceDays === null) {
    errors.graceDays = `روزهای ارفاق را عددی از ۰ تا ${toPersianDigits(MAX_GRACE_DAYS)} بنویسید`;
  }
  const terminateAfterDays = readWholeNumberText(
    values.terminateAfterDays,
    MIN_TERMINATE_DAYS,
    MAX_TERMINATE_DAYS,
  );
  if (terminateAfterDays === null) {
    errors.terminateAfterDays = `روزهای پیش از حذف را عددی از ۱ تا ${toPersianDigits(MAX_TERMINATE_DAYS)} بنویسید`;
  }
  if (graceDays === null || terminateAfterDays === null || Object.keys(errors).length > 0) {
    return { ok: false, errors };
  }
  return { ok: true, settings: { groupName, packageName, graceDays, terminateAfterDays } };
}
