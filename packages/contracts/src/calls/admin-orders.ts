import { toLatinDigits } from '@vitrin/fa';
import { z } from 'zod';
import { defineCall } from '../call';
import { DISCOUNT_CODE_MAX_LENGTH, PAYMENT_STATUSES, WALLET_REASONS } from '../constants';
import { count, dateText, text, timestamp } from '../fields';
import { cursorListResult, cursorPaging, listPaging, listResult } from '../list';
import { auditEntry, staffReason } from './admin';
import { entityId, rial } from './catalog';
import { orderDetail, orderStatus } from './checkout';
import { serviceStatus } from './panel';

// The staff console's orders, discount codes and dashboard (issue 8): `/api/admin/orders/*`,
// `/api/admin/discounts/*`, `/api/admin/dashboard/*`. Support reads; admins change, and every
// change leaves an audit row (see admin.ts). Amounts are Rial (API.md); the console shows Toman.

export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'total-desc'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

/** The most rows one CSV export holds; narrow the filters for more. */
export const ORDERS_CSV_MAX_ROWS = 50_000;

/** Who an order or a code belongs to, as the console lists them. */
export const staffCustomerRef = z.object({
  id: z.string(),
  /** First and last name, or the mobile when the person never gave a name. */
  name: z.string(),
  /** E.164. */
  mobile: z.string(),
});

/** The filters list-orders and export-orders-csv share. */
export const adminOrderFilters = {
  status: orderStatus.optional(),
  /** A customer's mobile in any form people type it (`۰۹۱۲…`, `+98 912…`) or an order number. */
  query: text({ min: 0, max: 40 }).optional(),
  customerId: entityId.optional(),
  /**
   * Created on or after this day and on or before `createdTo`'s day (Tehran days, both
   * inclusive): Jalali `1405/08/01` or ISO text (spec §5).
   */
  createdFrom: dateText().optional(),
  createdTo: dateText().optional(),
  sort: z.enum(ADMIN_ORDER_SORTS).default('newest'),
};

export const adminOrderRow = z.object({
  id: z.string(),
  number: z.number().int(),
  status: orderStatus,
  customer: staffCustomerRef,
  totalRial: rial,
  walletAppliedRial: rial,
  /** Paid other than from the wallet: by a gateway, card-to-card or bank transfer. */
  gatewayPaidRial: rial,
  /** How `gatewayPaidRial` was paid: each method once (a gateway's name, `card-to-card`, …). */
  paidWith: z.array(z.string()),
  discountCode: z.string().nullable(),
  createdAt: timestamp,
  paidAt: timestamp.nullable(),
  refundedAt: timestamp.nullable(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

export const adminListOrders = defineCall({
  path: '/api/admin/orders/list-orders',
  summary: 'جست‌وجو و فیلتر سفارش‌ها: وضعیت، موبایل مشتری یا شمارهٔ سفارش، بازهٔ تاریخ ثبت',
  tag: 'admin',
  access: { permission: 'orders.read' },
  request: z.strictObject({ ...adminOrderFilters, ...cursorPaging }),
  response: cursorListResult(adminOrderRow),
});

const orderRequest = { orderId: entityId };

export const adminOrderDetail = orderDetail.extend({
  customer: staffCustomerRef,
  refundedAt: timestamp.nullable(),
  /** What has been refunded so far, in full or in parts; each part has its credit note. */
  refundedRial: rial,
  /** Every gateway attempt, opened or not, with the gateway's own references. */
  payments: z.array(
    z.object({
      id: z.string(),
      gateway: z.string(),
      amountRial: rial,
      status: z.enum(PAYMENT_STATUSES),
      /** The gateway's id of the attempt; null when the gateway never opened it. */
      authority: z.string().nullable(),
      referenceId: z.string().nullable(),
      cardPan: z.string().nullable(),
      failureReason: z.string().nullable(),
      /** The money could not go to the order (closed meanwhile) and went to the wallet. */
      creditedToWallet: z.boolean(),
      createdAt: timestamp,
      settledAt: timestamp.nullable(),
    }),
  ),
  /** Wallet ledger rows about this order: credit spent on it, returned, refunded. */
  walletTransactions: z.array(
    z.object({
      id: z.string(),
      amountRial: z.number().int(),
      reason: z.enum(WALLET_REASONS),
      description: z.string(),
      createdAt: timestamp,
    }),
  ),
  /** Services the order created (`created`) and services its renewal lines extended. */
  services: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: serviceStatus,
      relation: z.enum(['created', 'renewed', 'plan-changed']),
      expiresAt: timestamp.nullable(),
    }),
  ),
  /** What staff did to this order, newest first. */
  audit: z.array(auditEntry),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminGetOrder = defineCall({
  path: '/api/admin/orders/get-order',
  summary: 'جزئیات سفارش برای کارکنان: ردیف‌ها، پرداخت‌ها، کیف پول، سرویس‌ها و گزارش کارها',
  tag: 'admin',
  access: { permission: 'orders.read' },
  request: z.strictObject(orderRequest),
  response: adminOrderDetail,
});

export const adminCancelOrder = defineCall({
  path: '/api/admin/orders/cancel-order',
  summary: 'لغو سفارش پرداخت‌نشده؛ اعتبار کیف پول مصرف‌شده برمی‌گردد',
  tag: 'admin',
  access: { permission: 'orders.manage' },
  request: z.strictObject({ ...orderRequest, reason: staffReason.optional() }),
  response: adminOrderDetail,
});

export const adminRefundOrder = defineCall({
  path: '/api/admin/orders/refund-order',
  summary:
    'بازپرداخت سفارش پرداخت‌شده به کیف پول مشتری با صدور برگشت از فروش؛ بازپرداخت کامل سرویس‌های آن را لغو و تمدیدهایش را برمی‌گرداند، بازپرداخت بخشی از مبلغ به سرویس‌ها دست نمی‌زند',
  tag: 'admin',
  access: { permission: 'orders.manage' },
  request: z.strictObject({
    ...orderRequest,
    reason: staffReason,
    /**
     * Part of what is left to refund; left out: all of it (the order is then refunded, its
     * services cancelled). A part leaves the order paid and its services as they are.
     */
    amountRial: rial.min(1, 'مبلغ بازپرداخت باید بیش از صفر باشد').optional(),
  }),
  response: adminOrderDetail,
});

/**
 * Answers `text/csv` (UTF-8 with a BOM, for Excel) as an attachment, not the JSON envelope;
 * errors still come in the envelope. The response schema names the CSV text.
 */
export const adminExportOrdersCsv = defineCall({
  path: '/api/admin/orders/export-orders-csv',
  summary: 'خروجی CSV سفارش‌ها با همان فیلترهای فهرست (حداکثر ۵۰٬۰۰۰ ردیف)',
  tag: 'admin',
  access: { permission: 'orders.read' },
  request: z.strictObject(adminOrderFilters),
  response: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Discount codes: every rule the checkout defines (discount-rules.ts on the server).

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export const discountKind = z.enum(DISCOUNT_KINDS);
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9_-]+$/;
/** How many ids one code may be limited to. */
export const DISCOUNT_SCOPE_MAX_IDS = 200;

const discountCodeText = z
  .string()
  .max(DISCOUNT_CODE_MAX_LENGTH + 8, 'کد تخفیف بیش از حد بلند است')
  .transform((value) => toLatinDigits(value).trim().toUpperCase())
  .pipe(
    z
      .string()
      .min(3, 'کد تخفیف دست‌کم ۳ نویسه است')
      .max(DISCOUNT_CODE_MAX_LENGTH, 'کد تخفیف بیش از حد بلند است')
      .regex(DISCOUNT_CODE_PATTERN, 'کد فقط از حروف لاتین، رقم، خط تیره و زیرخط ساخته می‌شود'),
  );

/** Rial, as every amount in the API; the console enters whole Toman and sends ×10. */
const optionalRial = rial.nullable().optional();
const optionalLimit = count({ min: 1, max: 10_000_000 }).nullable().optional();

/**
 * The rules of a code. Percent values are 1–100; fixed values, caps and minimums are Rial in
 * whole Toman (a multiple of 10), as the checkout's discounts are. Cross-field rules (percent
 * ≤ 100, the window's order, a limit below the uses so far) are checked on the server against
 * the code as it would be, so create and update give the same field errors.
 */
const discountCodeRules = {
  /** Persian, for staff. */
  title: text({ max: 120 }),
  kind: discountKind,
  value: count({ min: 1, max: 100_000_000_000 }),
  maxDiscountRial: optionalRial,
  minCartRial: optionalRial,
  startsAt: dateText().nullable().optional(),
  endsAt: dateText().nullable().optional(),
  usageLimit: optionalLimit,
  perUserLimit: optionalLimit,
  /** Non-empty: the code covers only these products and the products of these groups. */
  productIds: z.array(entityId).max(DISCOUNT_SCOPE_MAX_IDS).optional(),
  groupIds: z.array(entityId).max(DISCOUNT_SCOPE_MAX_IDS).optional(),
  firstOrderOnly: z.boolean().optional(),
  /** Shown to every customer on the panel's discounts page. */
  listed: z.boolean().optional(),
  /** A personal code: only this customer may use it. */
  userId: entityId.nullable().optional(),
  active: z.boolean().optional(),
};

export const discountCodeView = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  kind: discountKind,
  value: z.number().int(),
  maxDiscountRial: rial.nullable(),
  minCartRial: rial.nullable(),
  startsAt: timestamp.nullable(),
  endsAt: timestamp.nullable(),
  usageLimit: z.number().int().nullable(),
  /** Orders holding the code now: pending or paid (a cancelled or refunded order gives it back). */
  usedCount: z.number().int(),
  perUserLimit: z.number().int().nullable(),
  productIds: z.array(z.string()),
  groupIds: z.array(z.string()),
  firstOrderOnly: z.boolean(),
  active: z.boolean(),
  listed: z.boolean(),
  user: staffCustomerRef.nullable(),
  createdAt: timestamp,
  /** How many people hold a use. */
  buyersCount: z.number().int(),
  /** Uses per person, most first (the first 10). */
  topBuyers: z.array(z.object({ customer: staffCustomerRef, uses: z.number().int() })),
});
export type DiscountCodeView = z.infer<typeof discountCodeView>;

export const adminListDiscountCodes = defineCall({
  path: '/api/admin/discounts/list-discount-codes',
  summary: 'فهرست کدهای تخفیف با میزان استفاده تا کنون',
  tag: 'admin',
  access: { permission: 'discounts.read' },
  request: z.strictObject({
    /** Part of the code or the title. */
    query: text({ min: 0, max: 60 }).optional(),
    active: z.boolean().optional(),
    ...listPaging,
  }),
  response: listResult(discountCodeView),
});

export const adminGetDiscountCode = defineCall({
  path: '/api/admin/discounts/get-discount-code',
  summary: 'یک کد تخفیف با همهٔ قواعد و میزان استفادهٔ آن',
  tag: 'admin',
  access: { permission: 'discounts.read' },
  request: z.strictObject({ id: entityId }),
  response: discountCodeView,
});

export const adminCreateDiscountCode = defineCall({
  path: '/api/admin/discounts/create-discount-code',
  summary: 'ساخت کد تخفیف با همهٔ قواعد آن',
  tag: 'admin',
  access: { permission: 'discounts.manage' },
  request: z.strictObject({ code: discountCodeText, ...discountCodeRules }),
  response: discountCodeView,
});

export const adminUpdateDiscountCode = defineCall({
  path: '/api/admin/discounts/update-discount-code',
  // The code text is frozen: orders keep the text people typed; a new text is a new code.
  summary: 'ویرایش قواعد کد تخفیف (متن کد ثابت می‌ماند)',
  tag: 'admin',
  access: { permission: 'discounts.manage' },
  request: z.strictObject({
    id: entityId,
    ...discountCodeRules,
    title: discountCodeRules.title.optional(),
    kind: discountKind.optional(),
    value: discountCodeRules.value.optional(),
  }),
  response: discountCodeView,
});

export const adminSetDiscountCodeActive = defineCall({
  path: '/api/admin/discounts/set-discount-code-active',
  summary: 'فعال یا غیرفعال کردن کد تخفیف',
  tag: 'admin',
  access: { permission: 'discounts.manage' },
  request: z.strictObject({ id: entityId, active: z.boolean() }),
  response: discountCodeView,
});

// ---------------------------------------------------------------------------------------------
// Dashboard

export const dashboardDay = z.object({
  /** A Tehran calendar day, `YYYY-MM-DD` (Gregorian; the console shows it in Jalali). */
  date: z.string(),
  /** Paid that day minus refunded that day. */
  salesRial: z.number().int(),
  /** Orders paid that day. */
  orders: z.number().int(),
  newCustomers: z.number().int(),
});

export const adminGetDashboard = defineCall({
  path: '/api/admin/dashboard/get-dashboard',
  summary: 'داشبورد: فروش امروز و این ماه، مشتریان تازه، تیکت‌های باز، نمودار ۳۰ روز',
  tag: 'admin',
  access: { permission: 'dashboard.read' },
  request: z.strictObject({}),
  response: z.object({
    /** Paid minus refunded, today in Tehran. */
    todaySalesRial: z.number().int(),
    /** Paid minus refunded since the first day of this Jalali month in Tehran. */
    monthSalesRial: z.number().int(),
    todayNewCustomers: z.number().int(),
    monthNewCustomers: z.number().int(),
    /** Tickets not closed. */
    openTickets: z.number().int(),
    pendingOrders: z.number().int(),
    /** The last 30 Tehran days, oldest first, today last. */
    days: z.array(dashboardDay),
  }),
});
