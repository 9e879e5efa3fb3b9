import type { PathInput, PathResult } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { ApiRequestError, describeApiError } from '../../../../lib/api-error';
import { saveErrorSummary } from '../../../console/utils/save-error-summary';

// The seller's legal details as the invoices print them (decision 0022). The server checks each
// field (a شناسه ملی's check digit, a کد پستی's ten digits…) and names the field it refuses; the
// form shows each message under its own field, and only what names none above the button.

export type SellerView = PathResult<'/api/admin/billing/get-seller'>;
export type UpdateSellerInput = PathInput<'/api/admin/billing/update-seller'>;

export const SELLER_FIELDS = [
  'legalName',
  'nationalId',
  'economicNumber',
  'registrationNumber',
  'phone',
  'postalCode',
  'address',
] as const satisfies ReadonlyArray<keyof UpdateSellerInput>;
export type SellerField = (typeof SELLER_FIELDS)[number];

export const SELLER_FIELD_LABELS: Record<SellerField, string> = {
  legalName: 'نام حقوقی',
  nationalId: 'شناسهٔ ملی',
  economicNumber: 'کد اقتصادی',
  registrationNumber: 'شمارهٔ ثبت',
  phone: 'تلفن',
  postalCode: 'کد پستی',
  address: 'نشانی',
};

/** The fields typed in digits: shown in Persian digits, which the server reads as well. */
export const SELLER_DIGIT_FIELDS: ReadonlySet<SellerField> = new Set([
  'nationalId',
  'economicNumber',
  'registrationNumber',
  'phone',
  'postalCode',
]);

export type SellerDraft = Record<SellerField, string>;

export function sellerDraftOf(seller: SellerView): SellerDraft {
  const draft = {} as SellerDraft;
  for (const field of SELLER_FIELDS) {
    draft[field] = SELLER_DIGIT_FIELDS.has(field) ? toPersianDigits(seller[field]) : seller[field];
  }
  return draft;
}

/** The form as update-seller takes it: trimmed, digits as typed (the server reads either kind). */
export function sellerRequest(draft: SellerDraft): UpdateSellerInput {
  const input = {} as UpdateSellerInput;
  for (const field of SELLER_FIELDS) input[field] = draft[field].trim();
  return input;
}

export interface SellerFormErrors {
  /** The server's message under each field it named. */
  fields: Partial<Record<SellerField, string>>;
  /** What the form says above its button: where to look, or a refusal that names no field. */
  summary: string | null;
}

function isSellerField(field: string): field is SellerField {
  return (SELLER_FIELDS as readonly string[]).includes(field);
}

/** A failed save as the form shows it. */
export function sellerFormErrors(error: unknown): SellerFormErrors {
  if (error === null || error === undefined) return { fields: {}, summary: null };
  if (!(error instanceof ApiRequestError)) return { fields: {}, summary: describeApiError(error) };
  const fields: Partial<Record<SellerField, string>> = {};
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    if (isSellerField(field)) fields[field] = message;
  }
  return { fields, summary: saveErrorSummary(error, SELLER_FIELDS) };
}
