import { toLatinDigits } from '@vitrin/fa';
import { z } from 'zod';
import { defineCall } from '../call';
import { ONLINE_GATEWAYS } from '../constants';
import { text } from '../fields';
import { isValidSheba } from '../national-id';

// How customers may pay (issue 21, decision 0023): the online gateways this shop has, in the
// order staff chose, and paying by card-to-card or bank transfer with the company's details.

/** Gateways the server can drive; which ones a node has comes from its settings. */

/** What a customer sees before paying. */
export const paymentMethods = z.object({
  /** Enabled online gateways, first choice first. */
  gateways: z.array(z.object({ name: z.enum(ONLINE_GATEWAYS), title: z.string() })),
  cardToCard: z
    .object({ cardNumber: z.string(), holderName: z.string(), bankName: z.string() })
    .nullable(),
  bankTransfer: z
    .object({ sheba: z.string(), holderName: z.string(), bankName: z.string() })
    .nullable(),
});
export type PaymentMethods = z.infer<typeof paymentMethods>;

export const getPaymentMethods = defineCall({
  path: '/api/pay/get-payment-methods',
  summary: 'روش‌های پرداخت فعال: درگاه‌ها به ترتیب، کارت به کارت و واریز بانکی',
  tag: 'pay',
  access: 'user',
  request: z.strictObject({}),
  response: paymentMethods,
});

/** Staff's view: every gateway this server has, enabled or not, and the transfer details. */
export const paymentSettings = z.object({
  gateways: z.array(
    z.object({
      name: z.enum(ONLINE_GATEWAYS),
      title: z.string(),
      enabled: z.boolean(),
      /** Configured on this server (its credentials are set); others cannot be enabled. */
      available: z.boolean(),
    }),
  ),
  cardToCardEnabled: z.boolean(),
  bankTransferEnabled: z.boolean(),
  cardNumber: z.string(),
  sheba: z.string(),
  holderName: z.string(),
  bankName: z.string(),
});

const digitsOnly = (max: number) =>
  z
    .string()
    .max(max + 10)
    .transform((value) => toLatinDigits(value).replace(/[\s-]/g, ''));

export const PAYMENT_SETTINGS_MESSAGES = {
  gateways: 'هر درگاه یک بار و فقط درگاه‌های پیکربندی‌شده',
  cardNumber: 'شمارهٔ کارت ۱۶ رقم است و رقم کنترل آن درست نیست',
  sheba: 'شمارهٔ شبا با IR و ۲۴ رقم است و رقم‌های کنترل آن درست نیست',
  holderName: 'نام صاحب حساب را بنویسید',
} as const;

/** A bank card number: 16 digits passing the Luhn check. */
export function isValidCardNumber(value: string): boolean {
  if (!/^\d{16}$/.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 16; index += 1) {
    let digit = Number(value[index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const adminGetPaymentSettings = defineCall({
  path: '/api/admin/billing/get-payment-settings',
  summary: 'درگاه‌های پرداخت و ترتیب آن‌ها، و مشخصات کارت و حساب برای پرداخت دستی',
  tag: 'admin',
  access: { permission: 'billing.read' },
  request: z.strictObject({}),
  response: paymentSettings,
});

export const adminUpdatePaymentSettings = defineCall({
  path: '/api/admin/billing/update-payment-settings',
  summary: 'فعال‌کردن و ترتیب درگاه‌ها و پرداخت کارت به کارت یا واریز بانکی',
  tag: 'admin',
  access: { permission: 'billing.manage' },
  request: z
    .strictObject({
      /** Enabled gateways, first choice first; the rest are off. */
      gateways: z.array(z.enum(ONLINE_GATEWAYS)).max(ONLINE_GATEWAYS.length),
      cardToCardEnabled: z.boolean(),
      bankTransferEnabled: z.boolean(),
      cardNumber: digitsOnly(16),
      sheba: z
        .string()
        .max(40)
        .transform((value) => toLatinDigits(value).replace(/[\s-]/g, '').toUpperCase()),
      holderName: text({ min: 0, max: 120 }),
      bankName: text({ min: 0, max: 60 }),
    })
    .superRefine((input, context) => {
      const problem = (path: keyof typeof PAYMENT_SETTINGS_MESSAGES) =>
        context.addIssue({
          code: 'custom',
          path: [path],
          message: PAYMENT_SETTINGS_MESSAGES[path],
        });
      if (new Set(input.gateways).size !== input.gateways.length) problem('gateways');
      if (input.cardNumber !== '' || input.cardToCardEnabled) {
        if (!isValidCardNumber(input.cardNumber)) problem('cardNumber');
      }
      if (input.sheba !== '' || input.bankTransferEnabled) {
        if (!isValidSheba(input.sheba)) problem('sheba');
      }
      if (
        (input.cardToCardEnabled || input.bankTransferEnabled) &&
        input.holderName.trim() === ''
      ) {
        problem('holderName');
      }
    }),
  response: paymentSettings,
});
