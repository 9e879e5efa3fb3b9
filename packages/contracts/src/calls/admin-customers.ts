import { z } from 'zod';
import { defineCall } from '../call';
import { ORDER_STATUSES, USER_ROLES, WALLET_REASONS } from '../constants';
import { dateText, text, timestamp } from '../fields';
import { cursorListResult, cursorPaging } from '../list';
import { staffReason } from './admin';
import { billingCycle, entityId, rial } from './catalog';
import { serviceStatus } from './panel';

// The staff console's customers and services calls (issue 8): `/api/admin/customers/*` and
// `/api/admin/services/*`. Support may read (search, profile); every change is admin-only and
// leaves an audit row (see admin.ts).

export const userRole = z.enum(USER_ROLES);

/** The most Rial one manual adjustment may move: far above any real order, far below overflow. */
export const MAX_CREDIT_ADJUSTMENT_RIAL = 100_000_000_000;
/** How far one extension may move a service's expiry. */
export const MAX_SERVICE_EXTENSION_DAYS = 3650;

/**
 * How many of a customer's services their file carries: the busiest have thousands
 * (decision 0031), and the file lists the newest, with the rest a page at a time.
 */
export const CUSTOMER_FILE_SERVICES = 20;

export const customerRow = z.object({
  id: z.string(),
  /** First and last name, or null when the person never gave one. */
  name: z.string().nullable(),
  /** E.164 (`+989121234567`). */
  mobile: z.string(),
  email: z.string().nullable(),
  role: userRole,
  lockedAt: timestamp.nullable(),
  createdAt: timestamp,
  serviceCount: z.number().int(),
  orderCount: z.number().int(),
  walletBalanceRial: rial,
});
export type CustomerRow = z.infer<typeof customerRow>;

export const searchCustomers = defineCall({
  path: '/api/admin/customers/search-customers',
  summary: 'جست‌وجوی مشتریان با موبایل (به هر شکل)، نام یا ایمیل',
  tag: 'admin',
  access: { permission: 'customers.read' },
  request: z.strictObject({
    /**
     * A mobile number in any form (`۰۹۱۲…`, `912…`, `+98 912-…`, part of one), or words of
     * the name or e-mail; blank: everyone.
     */
    query: text({ min: 0, max: 100 }).optional(),
    role: userRole.optional(),
    locked: z.boolean().optional(),
    ...cursorPaging,
  }),
  response: cursorListResult(customerRow),
});

export const adminServiceView = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  status: serviceStatus,
  cycle: billingCycle.nullable(),
  domainName: z.string().nullable(),
  orderId: z.string().nullable(),
  startsAt: timestamp.nullable(),
  expiresAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type AdminServiceView = z.infer<typeof adminServiceView>;

export const customerOrderRow = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  totalRial: rial,
  createdAt: timestamp,
  paidAt: timestamp.nullable(),
  closedAt: timestamp.nullable(),
  refundedAt: timestamp.nullable(),
});

export const customerLedgerRow = z.object({
  id: z.string(),
  /** Positive adds credit, negative removes it. */
  amountRial: z.number().int(),
  reason: z.enum(WALLET_REASONS),
  description: z.string(),
  orderId: z.string().nullable(),
  balanceAfterRial: rial,
  createdAt: timestamp,
});

export const customerDetail = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string().nullable(),
  mobile: z.string(),
  email: z.string().nullable(),
  role: userRole,
  mobileVerifiedAt: timestamp.nullable(),
  createdAt: timestamp,
  lockedAt: timestamp.nullable(),
  lockedReason: z.string().nullable(),
  openSessionCount: z.number().int(),
  /** The newest CUSTOMER_FILE_SERVICES services; the rest from `list-customer-services`. */
  services: z.array(adminServiceView),
  /** How many services the customer has (all of them, not only those in `services`). */
  serviceCount: z.number().int(),
  /** Where `list-customer-services` goes on after `services`; null when they are all there. */
  servicesNextCursor: z.string().nullable(),
  orderCount: z.number().int(),
  /** The 10 latest orders. */
  latestOrders: z.array(customerOrderRow),
  wallet: z.object({
    balanceRial: rial,
    /** The 10 latest ledger rows. */
    latestTransactions: z.array(customerLedgerRow),
  }),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

const customerId = z.strictObject({ userId: entityId });

export const getCustomer = defineCall({
  path: '/api/admin/customers/get-customer',
  summary: 'پروندهٔ مشتری: مشخصات، سرویس‌ها، سفارش‌ها، کیف پول و نشست‌ها',
  tag: 'admin',
  access: { permission: 'customers.read' },
  request: customerId,
  response: customerDetail,
});

/** The customer's services, newest first, after those the file shows (decision 0031). */
export const listCustomerServices = defineCall({
  path: '/api/admin/customers/list-customer-services',
  summary: 'سرویس‌های مشتری، تازه‌ترین اول، صفحه به صفحه',
  tag: 'admin',
  access: { permission: 'customers.read' },
  request: z.strictObject({ userId: entityId, ...cursorPaging }),
  response: cursorListResult(adminServiceView),
});

export const adjustCustomerCredit = defineCall({
  path: '/api/admin/customers/adjust-customer-credit',
  summary: 'افزایش یا کاهش دستی اعتبار کیف پول مشتری با ذکر دلیل',
  tag: 'admin',
  access: { permission: 'customers.manage' },
  request: z.strictObject({
    userId: entityId,
    /** Positive adds credit, negative removes it; the balance never goes below zero. */
    amountRial: z
      .number()
      .int()
      .min(-MAX_CREDIT_ADJUSTMENT_RIAL)
      .max(MAX_CREDIT_ADJUSTMENT_RIAL)
      .refine((amount) => amount !== 0, { message: 'مبلغ نباید صفر باشد' }),
    reason: staffReason,
  }),
  response: z.object({ balanceRial: rial, transactionId: z.string() }),
});

const lockState = z.object({
  lockedAt: timestamp.nullable(),
  lockedReason: z.string().nullable(),
});

export const lockCustomer = defineCall({
  path: '/api/admin/customers/lock-customer',
  summary: 'قفل کردن حساب: ورود ممکن نیست و همهٔ نشست‌ها بسته می‌شوند',
  tag: 'admin',
  access: { permission: 'customers.manage' },
  request: z.strictObject({ userId: entityId, reason: staffReason }),
  response: lockState,
});

export const unlockCustomer = defineCall({
  path: '/api/admin/customers/unlock-customer',
  summary: 'باز کردن قفل حساب',
  tag: 'admin',
  access: { permission: 'customers.manage' },
  request: z.strictObject({ userId: entityId, reason: staffReason.optional() }),
  response: lockState,
});

export const endCustomerSessions = defineCall({
  path: '/api/admin/customers/end-customer-sessions',
  summary: 'بستن همهٔ نشست‌های مشتری (خروج از همهٔ دستگاه‌ها)',
  tag: 'admin',
  access: { permission: 'customers.manage' },
  request: z.strictObject({ userId: entityId, reason: staffReason.optional() }),
  response: z.object({ endedSessionCount: z.number().int() }),
});

const serviceChange = z.strictObject({ serviceId: entityId, reason: staffReason.optional() });

export const suspendService = defineCall({
  path: '/api/admin/services/suspend-service',
  summary: 'تعلیق یک سرویس فعال',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: serviceChange,
  response: adminServiceView,
});

export const unsuspendService = defineCall({
  path: '/api/admin/services/unsuspend-service',
  summary: 'رفع تعلیق سرویس: فعال، یا منقضی اگر تاریخ انقضایش گذشته باشد',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: serviceChange,
  response: adminServiceView,
});

export const cancelService = defineCall({
  path: '/api/admin/services/cancel-service',
  summary: 'لغو سرویس',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: serviceChange,
  response: adminServiceView,
});

export const extendService = defineCall({
  path: '/api/admin/services/extend-service',
  summary: 'تمدید دستی سرویس به چند روز یا تا یک تاریخ (شمسی یا ISO)',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z
    .strictObject({
      serviceId: entityId,
      /** Days added to the later of the current expiry and now. */
      days: z.number().int().min(1).max(MAX_SERVICE_EXTENSION_DAYS).optional(),
      /** The new expiry; must be later than the current one and than now. */
      until: dateText().optional(),
      reason: staffReason.optional(),
    })
    .superRefine((body, ctx) => {
      if (body.days === undefined && body.until === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['days'],
          message: 'تعداد روز تمدید یا تاریخ انقضای تازه را وارد کنید',
        });
      } else if (body.days !== undefined && body.until !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['until'],
          message: 'فقط یکی از تعداد روز یا تاریخ انقضای تازه را وارد کنید',
        });
      }
    }),
  response: adminServiceView,
});
