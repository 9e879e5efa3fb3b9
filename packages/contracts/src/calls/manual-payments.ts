import { toLatinDigits } from '@vitrin/fa';
import { z } from 'zod';
import { defineCall } from '../call';
import {
  CREDIT_TOP_UP_MAX_RIAL,
  CREDIT_TOP_UP_MIN_RIAL,
  MANUAL_METHODS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
} from '../constants';
import { text, timestamp } from '../fields';
import { cursorListResult, cursorPaging, listPaging, listResult } from '../list';
import { entityId, rial } from './catalog';

// Paying by card-to-card (کارت به کارت) or bank transfer (واریز بانکی), confirmed by staff
// (issue 21, decision 0023). The customer pays the company's card or account outside the
// product and claims it with the bank's tracking number; staff check their bank and confirm
// (the claim settles like a gateway payment) or reject it with a reason the customer reads.

/** A claim may name a transfer made at most this many days ago. */
export const TRANSFER_CLAIM_MAX_AGE_DAYS = 7;
/** A phone's clock a little ahead of ours is not a transfer "in the future". */
export const TRANSFER_CLOCK_SKEW_MS = 5 * 60_000;

/** What a claim's status means to a person: pending waits for staff. */
export const TRANSFER_CLAIM_STATUS_LABELS = {
  pending: 'در انتظار تأیید',
  paid: 'تأیید شد',
  failed: 'رد شد',
} as const satisfies Record<(typeof PAYMENT_STATUSES)[number], string>;

export const TRANSFER_CLAIM_MESSAGES = {
  method: 'روش پرداخت را «کارت به کارت» یا «واریز بانکی» انتخاب کنید',
  methodDisabled: 'این روش پرداخت اکنون فعال نیست؛ روش دیگری را انتخاب کنید',
  target: 'سفارشی را که پرداخت کرده‌اید یا مبلغ افزایش اعتبار را مشخص کنید',
  amountInteger: 'مبلغ باید عدد صحیح ریال باشد',
  topUpMin: 'کمترین مبلغ افزایش اعتبار ۱۰ هزار تومان است',
  topUpMax: 'بیشترین مبلغ افزایش اعتبار ۵۰ میلیون تومان است',
  transferReference: 'کد پیگیری را همان‌طور که در رسید بانک آمده بنویسید: ۴ تا ۴۰ رقم یا حرف لاتین',
  referenceTaken: 'این کد پیگیری پیش‌تر برای پرداخت دیگری ثبت شده است',
  transferredAt: 'زمان واریز را به صورت تاریخ و ساعت کامل بفرستید',
  transferredInFuture: 'زمان واریز نمی‌تواند در آینده باشد',
  transferredTooLongAgo: 'پرداخت‌های بیش از ۷ روز پیش را از راه تیکت پشتیبانی پیگیری کنید',
  cardLast4: 'چهار رقم آخر کارتی را که از آن پرداخت کرده‌اید بنویسید',
  receiptNotImage: 'تصویر رسید باید عکس باشد (JPG، PNG، WebP یا GIF)، نه PDF یا فایل دیگر',
  receiptNotFound: 'تصویر رسید پیدا نشد یا پیش‌تر استفاده شده است؛ آن را دوباره بارگذاری کنید',
  claimPending: 'برای این سفارش یک پرداخت در انتظار تأیید ثبت شده است؛ تا بررسی آن صبر کنید',
  reason: 'دلیل رد پرداخت را بنویسید (دست‌کم ۳ نویسه)',
} as const;

/** The tracking number as we keep it: Latin digits, no spaces, letters in upper case. */
export function normalizeTransferReference(value: string): string {
  return toLatinDigits(value).replace(/\s+/gu, '').toUpperCase();
}

const transferReference = z
  .string(TRANSFER_CLAIM_MESSAGES.transferReference)
  .max(100, TRANSFER_CLAIM_MESSAGES.transferReference)
  .transform(normalizeTransferReference)
  .pipe(z.string().regex(/^[0-9A-Z]{4,40}$/, TRANSFER_CLAIM_MESSAGES.transferReference));

const cardLast4 = z
  .string(TRANSFER_CLAIM_MESSAGES.cardLast4)
  .max(20, TRANSFER_CLAIM_MESSAGES.cardLast4)
  .transform((value) => toLatinDigits(value).replace(/\s+/gu, ''))
  .pipe(z.string().regex(/^\d{4}$/, TRANSFER_CLAIM_MESSAGES.cardLast4));

/** What the customer and staff see of a claim. */
export const transferClaim = z.object({
  id: z.string(),
  method: z.enum(MANUAL_METHODS),
  purpose: z.enum(PAYMENT_PURPOSES),
  /** The order it pays; null for a wallet top-up. */
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  amountRial: rial,
  /** pending: waits for staff; paid: confirmed and settled; failed: rejected. */
  status: z.enum(PAYMENT_STATUSES),
  transferReference: z.string(),
  transferredAt: timestamp,
  cardLast4: z.string().nullable(),
  /** The receipt photo; read it back with the ticket attachment call. */
  receiptAttachmentId: z.string().nullable(),
  /** Why staff rejected it. */
  rejectionReason: z.string().nullable(),
  /** Confirmed after its order had closed or was paid otherwise: the money went to the wallet. */
  creditedToWallet: z.boolean(),
  createdAt: timestamp,
  reviewedAt: timestamp.nullable(),
});
export type TransferClaim = z.infer<typeof transferClaim>;

/** Staff also see who claimed it and who reviewed it. */
export const staffTransferClaim = transferClaim.extend({
  /** `name`: the account's, else the one given at checkout; null when there is none. */
  customer: z.object({ id: z.string(), name: z.string().nullable(), mobile: z.string() }),
  reviewer: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type StaffTransferClaim = z.infer<typeof staffTransferClaim>;

export const claimTransfer = defineCall({
  path: '/api/pay/claim-transfer',
  summary:
    'ثبت پرداخت کارت به کارت یا واریز بانکی با کد پیگیری، برای یک سفارش یا افزایش اعتبار؛ پس از تأیید کارشناس تسویه می‌شود',
  tag: 'pay',
  access: 'user',
  request: z
    .strictObject({
      method: z.enum(MANUAL_METHODS, { message: TRANSFER_CLAIM_MESSAGES.method }),
      /** The order paid for; left out, the transfer tops up the wallet by `amountRial`. */
      orderId: entityId.optional(),
      /**
       * A top-up: what was transferred, within add-credit's bounds. With an order: optional,
       * and when given it must be exactly what is left to pay.
       */
      amountRial: z
        .number()
        .int(TRANSFER_CLAIM_MESSAGES.amountInteger)
        .min(1, TRANSFER_CLAIM_MESSAGES.amountInteger)
        .max(CREDIT_TOP_UP_MAX_RIAL, TRANSFER_CLAIM_MESSAGES.topUpMax)
        .optional(),
      /** The bank's tracking number; Persian digits and spaces are accepted. */
      transferReference,
      /** When the money was sent: an ISO date-time, not in the future nor over 7 days ago. */
      transferredAt: z.iso
        .datetime({ offset: true, message: TRANSFER_CLAIM_MESSAGES.transferredAt })
        .transform((value) => new Date(value)),
      /** Card-to-card: the last four digits of the card paid from (required there). */
      cardLast4: cardLast4.optional(),
      /** An image uploaded with the ticket upload call: the bank's receipt. */
      receiptAttachmentId: entityId.optional(),
    })
    .superRefine((claim, context) => {
      const problem = (path: string, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      if (claim.orderId === undefined) {
        if (claim.amountRial === undefined) problem('amountRial', TRANSFER_CLAIM_MESSAGES.target);
        else if (claim.amountRial < CREDIT_TOP_UP_MIN_RIAL) {
          problem('amountRial', TRANSFER_CLAIM_MESSAGES.topUpMin);
        }
      }
      if (claim.method === 'card-to-card' && claim.cardLast4 === undefined) {
        problem('cardLast4', TRANSFER_CLAIM_MESSAGES.cardLast4);
      }
    }),
  response: transferClaim,
});

const claimFilters = {
  ...listPaging,
  status: z.enum(PAYMENT_STATUSES).optional(),
};

export const listMyTransferClaims = defineCall({
  path: '/api/user/account/list-transfer-claims',
  summary: 'پرداخت‌های کارت به کارت و واریز بانکی من و وضعیت بررسی آن‌ها، تازه‌ترین اول',
  tag: 'account',
  access: 'user',
  request: z.strictObject(claimFilters),
  response: listResult(transferClaim),
});

export const adminListTransferClaims = defineCall({
  path: '/api/admin/billing/list-transfer-claims',
  summary: 'صف پرداخت‌های کارت به کارت و واریز بانکی: در انتظار تأیید اول، قدیمی‌ترین اول',
  tag: 'admin',
  access: { permission: 'billing.read' },
  request: z.strictObject({
    ...claimFilters,
    ...cursorPaging,
    method: z.enum(MANUAL_METHODS, { message: TRANSFER_CLAIM_MESSAGES.method }).optional(),
  }),
  response: cursorListResult(staffTransferClaim),
});

const claimRequest = { paymentId: entityId };

export const adminConfirmTransfer = defineCall({
  path: '/api/admin/billing/confirm-transfer',
  summary:
    'تأیید پرداخت کارت به کارت یا واریز بانکی پس از دیدن آن در حساب؛ سفارش یک‌بار پرداخت می‌شود',
  tag: 'admin',
  access: { permission: 'billing.manage' },
  request: z.strictObject(claimRequest),
  response: staffTransferClaim,
});

export const adminRejectTransfer = defineCall({
  path: '/api/admin/billing/reject-transfer',
  summary: 'رد پرداخت کارت به کارت یا واریز بانکی با دلیلی که مشتری می‌خواند',
  tag: 'admin',
  access: { permission: 'billing.manage' },
  request: z.strictObject({
    ...claimRequest,
    /** Shown to the customer as it is written. */
    reason: z
      .string(TRANSFER_CLAIM_MESSAGES.reason)
      .trim()
      .min(3, TRANSFER_CLAIM_MESSAGES.reason)
      .pipe(text({ max: 500 })),
  }),
  response: staffTransferClaim,
});
