import type { PathInput, PathResult } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { ApiRequestError, describeApiError } from '../../../../lib/api-error';
import { saveErrorSummary } from '../../../console/utils/save-error-summary';

// The payment methods form (issue 21, decision 0023): the gateways as one ordered list whose
// enabled ones, in that order, are what the checkout offers; then card-to-card and bank
// transfer with the company's details. The server checks the card (Luhn) and the Sheba.

export type PaymentSettings = PathResult<'/api/admin/billing/get-payment-settings'>;
export type UpdatePaymentSettingsInput = PathInput<'/api/admin/billing/update-payment-settings'>;
export type GatewaySetting = PaymentSettings['gateways'][number];

export const PAYMENT_TEXT_FIELDS = ['cardNumber', 'sheba', 'holderName', 'bankName'] as const;
export type PaymentTextField = (typeof PAYMENT_TEXT_FIELDS)[number];
const FORM_FIELDS = [
  'gateways',
  'cardToCardEnabled',
  'bankTransferEnabled',
  ...PAYMENT_TEXT_FIELDS,
];

export const PAYMENT_FIELD_LABELS: Record<PaymentTextField, string> = {
  cardNumber: 'شمارهٔ کارت',
  sheba: 'شمارهٔ شبا',
  holderName: 'نام صاحب حساب',
  bankName: 'نام بانک',
};

export interface PaymentSettingsDraft {
  gateways: GatewaySetting[];
  cardToCardEnabled: boolean;
  bankTransferEnabled: boolean;
  cardNumber: string;
  sheba: string;
  holderName: string;
  bankName: string;
}

export function paymentSettingsDraftOf(settings: PaymentSettings): PaymentSettingsDraft {
  return {
    gateways: settings.gateways.map((gateway) => ({ ...gateway })),
    cardToCardEnabled: settings.cardToCardEnabled,
    bankTransferEnabled: settings.bankTransferEnabled,
    cardNumber: toPersianDigits(settings.cardNumber),
    sheba: settings.sheba,
    holderName: settings.holderName,
    bankName: settings.bankName,
  };
}

/** The list with the gateway at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveGateway<T>(gateways: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  const moved = [...gateways];
  if (index < 0 || index >= moved.length || target < 0 || target >= moved.length) return moved;
  [moved[index], moved[target]] = [moved[target] as T, moved[index] as T];
  return moved;
}

/** The form as update-payment-settings takes it: the enabled gateways that this server has, in order. */
export function paymentSettingsRequest(draft: PaymentSettingsDraft): UpdatePaymentSettingsInput {
  return {
    gateways: draft.gateways
      .filter((gateway) => gateway.enabled && gateway.available)
      .map((gateway) => gateway.name),
    cardToCardEnabled: draft.cardToCardEnabled,
    bankTransferEnabled: draft.bankTransferEnabled,
    cardNumber: draft.cardNumber.trim(),
    sheba: draft.sheba.trim(),
    holderName: draft.holderName.trim(),
    bankName: draft.bankName.trim(),
  };
}

export interface PaymentSettingsErrors {
  fields: Partial<Record<PaymentTextField | 'gateways', string>>;
  summary: string | null;
}

/** A failed save: the server's message under each field it named, the rest above the button. */
export function paymentSettingsErrors(error: unknown): PaymentSettingsErrors {
  if (error === null || error === undefined) return { fields: {}, summary: null };
  if (!(error instanceof ApiRequestError)) return { fields: {}, summary: describeApiError(error) };
  const fields: PaymentSettingsErrors['fields'] = {};
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    if (field === 'gateways' || (PAYMENT_TEXT_FIELDS as readonly string[]).includes(field)) {
      fields[field as PaymentTextField | 'gateways'] = message;
    }
  }
  return { fields, summary: saveErrorSummary(error, FORM_FIELDS) };
}
