import { z } from 'zod';
import { defineCall } from '../call';
import { ORDER_STATUSES, SERVICE_STATUSES } from '../constants';
import { timestamp } from '../fields';
import { cursorListResult, cursorPaging } from '../list';
import { billingCycle, entityId, rial } from './catalog';
import { cart } from './checkout';

// The customer panel (issue 6): spec §7 `/api/user/services/*` and `/api/user/orders/*`.
// Every call answers only about the signed-in person's own records: another person's id is
// NOT_FOUND, the same as an id that does not exist.

export const serviceStatus = z.enum(SERVICE_STATUSES);

export const userService = z.object({
  id: z.string(),
  /** «سایت‌ساز کسب‌وکار (sara-gallery.ir)». */
  name: z.string(),
  status: serviceStatus,
  product: z
    .object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      groupName: z.string(),
      iconUrl: z.string(),
    })
    .nullable(),
  cycle: billingCycle.nullable(),
  domainName: z.string().nullable(),
  theme: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  startsAt: timestamp.nullable(),
  expiresAt: timestamp.nullable(),
  /** Whole days until it expires (Tehran days); negative once past; null without an expiry. */
  daysLeft: z.number().int().nullable(),
  /** The order that created it. */
  orderId: z.string().nullable(),
  /**
   * What renewing costs now, for its own cycle and the others on offer: null when it cannot
   * be renewed (cancelled, suspended, pending, or the product is no longer sold).
   */
  renewal: z
    .object({
      cycle: billingCycle,
      priceRial: rial,
      /** Every cycle the product is sold for now, with its price: the person may switch. */
      cycles: z.array(z.object({ cycle: billingCycle, priceRial: rial })),
      /** A renewal of this service is already in the cart. */
      inCart: z.boolean(),
    })
    .nullable(),
});

export const getUserServices = defineCall({
  path: '/api/user/services/get-user-services',
  summary: 'سرویس‌های کاربر با وضعیت، تاریخ انقضا و هزینهٔ تمدید',
  tag: 'services',
  access: 'user',
  request: z.strictObject({ status: serviceStatus.optional(), ...cursorPaging }),
  response: cursorListResult(userService).extend({
    /** Counts per status over all the person's services, for the filter chips. */
    counts: z.record(serviceStatus, z.number().int()),
  }),
});

export const getServiceDetail = defineCall({
  path: '/api/user/services/get-service-detail',
  summary: 'جزئیات یک سرویس و سفارش‌هایی که آن را خریده یا تمدید کرده‌اند',
  tag: 'services',
  access: 'user',
  request: z.strictObject({ serviceId: entityId }),
  response: userService.extend({
    /** The order that bought it and every paid renewal, newest first. */
    history: z.array(
      z.object({
        orderId: z.string(),
        orderNumber: z.number().int(),
        kind: z.enum(['purchase', 'renewal', 'plan-change']),
        cycle: billingCycle,
        totalRial: rial,
        paidAt: timestamp.nullable(),
      }),
    ),
  }),
});

export const renewService = defineCall({
  path: '/api/user/services/renew-service',
  summary: 'افزودن تمدید یک سرویس به سبد خرید با قیمت روز',
  tag: 'services',
  access: 'user',
  request: z.strictObject({
    serviceId: entityId,
    /** Left out: the service's own cycle. */
    cycle: billingCycle.optional(),
  }),
  response: cart,
});

export const orderStatusFilter = z.enum(ORDER_STATUSES);

export const orderSummary = z.object({
  id: z.string(),
  number: z.number().int(),
  status: orderStatusFilter,
  totalRial: rial,
  /** Still to pay; 0 unless pending. */
  payableRial: rial,
  lineCount: z.number().int(),
  /** The first line's product name, for a one-line description. */
  firstLineName: z.string(),
  /** True when at least one line renews an existing service. */
  hasRenewal: z.boolean(),
  createdAt: timestamp,
  expiresAt: timestamp,
  /**
   * A pending order with a card-to-card or bank-transfer claim waiting for staff: held, not
   * cancelled at `expiresAt` (the order's detail says since when).
   */
  awaitingConfirmation: z.boolean(),
  paidAt: timestamp.nullable(),
});

export const getUserOrders = defineCall({
  path: '/api/user/orders/get-user-orders',
  summary: 'سفارش‌های کاربر، تازه‌ترین اول، با فیلتر وضعیت',
  tag: 'orders',
  access: 'user',
  request: z.strictObject({ status: orderStatusFilter.optional(), ...cursorPaging }),
  response: cursorListResult(orderSummary).extend({
    counts: z.record(orderStatusFilter, z.number().int()),
  }),
});

export const successfulPayment = z.object({
  id: z.string(),
  /** A gateway payment or wallet credit spent on the order. */
  method: z.enum(['gateway', 'wallet']),
  /** The gateway's name (`sandbox`, `zarinpal`); null for wallet. */
  gateway: z.string().nullable(),
  amountRial: rial,
  /** The gateway's reference number (شماره پیگیری); null for wallet. */
  referenceId: z.string().nullable(),
  /** Masked card number as the gateway reported it. */
  cardPan: z.string().nullable(),
  paidAt: timestamp,
});

export const getOrderSuccessfulPayments = defineCall({
  path: '/api/user/orders/get-order-successful-payments',
  summary: 'پرداخت‌های موفق یک سفارش: شماره پیگیری، تاریخ و مبلغ',
  tag: 'orders',
  access: 'user',
  request: z.strictObject({ orderId: entityId }),
  response: z.object({ items: z.array(successfulPayment), totalPaidRial: rial }),
});

export const availableDiscount = z.object({
  code: z.string(),
  /** Persian: «۱۰٪ تخفیف تا سقف …». */
  description: z.string(),
  /** What it covers and who may use it, in Persian: «فقط سفارش اول»، «فقط سایت‌ساز». */
  conditions: z.array(z.string()),
  /** Given to this person alone. */
  personal: z.boolean(),
  endsAt: timestamp.nullable(),
  /** How many more times this person may use it; null when unlimited. */
  usesLeft: z.number().int().nullable(),
});

export const usedDiscount = z.object({
  code: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  orderStatus: orderStatusFilter,
  discountRial: rial,
  usedAt: timestamp,
});

export const getDiscounts = defineCall({
  path: '/api/user/orders/get-discounts',
  summary: 'کدهای تخفیفی که کاربر می‌تواند به کار ببرد و آن‌هایی که به کار برده است',
  tag: 'orders',
  access: 'user',
  request: z.strictObject({}),
  response: z.object({ available: z.array(availableDiscount), used: z.array(usedDiscount) }),
});

/** The panel's first page in one call (issue 6 dashboard). */
export const getPanelSummary = defineCall({
  path: '/api/user/get-panel-summary',
  summary:
    'خلاصهٔ پنل: موجودی، سرویس‌های فعال، تیکت‌های باز، سفارش‌های پرداخت‌نشده، سرویس‌های رو به انقضا',
  tag: 'account',
  access: 'user',
  request: z.strictObject({}),
  response: z.object({
    balanceRial: rial,
    activeServices: z.number().int(),
    openTickets: z.number().int(),
    /** Tickets with a staff reply the person has not read. */
    unreadTickets: z.number().int(),
    unpaidOrders: z.number().int(),
    /** Active services expiring within SERVICE_EXPIRY_WARNING_DAYS, soonest first. */
    expiringServices: z.array(userService),
  }),
});
