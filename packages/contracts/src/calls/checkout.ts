import { toLatinDigits, toPersianDigits } from '@vitrin/fa';
import { z } from 'zod';
import { defineCall } from '../call';
import {
  BUYER_KINDS,
  CREDIT_TOP_UP_MAX_RIAL,
  CREDIT_TOP_UP_MIN_RIAL,
  DISCOUNT_CODE_MAX_LENGTH,
  DOMAIN_NAME_PATTERN,
  MANUAL_METHODS,
  ONLINE_GATEWAYS,
  ORDER_STATUSES,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  WALLET_REASONS,
} from '../constants';
import { text, timestamp } from '../fields';
import { cursorListResult, cursorPaging } from '../list';
import { isValidLegalNationalId, isValidNationalId } from '../national-id';
import { billingCycle, entityId, productPrice, rial } from './catalog';
import { planChangeCalculation } from './plan-change';

// Spec §7 `/api/cart/*`, `/api/pay/*`, `/api/user/account/*` (docs/decisions/0011). The client
// never sends an amount it wants to pay: every price and total is computed on the server.

/**
 * A visitor's cart is named by the token the server gave it (decision 0011): sent in the body,
 * never a cookie. A signed-in call that sends one merges that cart into the account's.
 */
const cartToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'شناسهٔ سبد خرید معتبر نیست' })
  .optional();

/** A domain name as typed: Persian digits and upper case are folded, `www.` is dropped. */
export const domainName = z
  .string()
  .max(253)
  .transform((value) =>
    toLatinDigits(value)
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/^www\./, '')
      .replace(/\/+$/, ''),
  )
  .refine((value) => DOMAIN_NAME_PATTERN.test(value), {
    message: 'نام دامنه درست نیست؛ مانند example.ir',
  });

/**
 * What a domain line buys: a new registration, a name moved here from another registrar, a
 * renewal of one held here, or one brought back from redemption (RFC 3915) and renewed.
 */
export const DOMAIN_ORDER_ACTIONS = ['register', 'transfer', 'renew', 'restore'] as const;
export type DomainOrderAction = (typeof DOMAIN_ORDER_ACTIONS)[number];
/** What brings a domain here: a registration or a transfer (a renewal keeps one here). */
export const DOMAIN_BUY_ACTIONS = ['register', 'transfer'] as const;
export const DOMAIN_ORDER_ACTION_LABELS: Record<DomainOrderAction, string> = {
  register: 'ثبت',
  transfer: 'انتقال',
  renew: 'تمدید',
  restore: 'بازگردانی',
};

/**
 * What a domain line buys, in the words the cart and the invoice use: «ثبت دامنه برای ۲ سال»,
 * «انتقال دامنه» (a transfer adds the one year its registry gives with it, RFC 5731 §3.2.4: no
 * term to name), «تمدید دامنه برای ۱ سال», «بازگردانی دامنه و تمدید ۱ ساله».
 */
export function domainLineWords(action: DomainOrderAction, years: number): string {
  const term = toPersianDigits(years);
  if (action === 'transfer') return 'انتقال دامنه';
  if (action === 'restore') return `بازگردانی دامنه و تمدید ${term} ساله`;
  return `${DOMAIN_ORDER_ACTION_LABELS[action]} دامنه برای ${term} سال`;
}

/** What a cart or order line shows of the domain it buys. */
export const domainLine = z.object({
  action: z.enum(DOMAIN_ORDER_ACTIONS),
  years: z.number().int(),
  tld: z.string(),
});

/**
 * What became of a paid domain line (issue 38), in the customer's words; the domains module
 * answers it (orders' `orderLineDomains` port). `refunded`: the registry refused it, or another
 * order took the name a moment before, or staff cancelled it: its money is back in the wallet.
 */
export const ORDER_DOMAIN_STATES = [
  'registering',
  'awaiting-transfer-code',
  'transferring',
  'awaiting-registry',
  'renewing',
  'with-support',
  'active',
  'expired',
  'refunded',
  'ended',
] as const;
export type OrderDomainState = (typeof ORDER_DOMAIN_STATES)[number];
export const ORDER_DOMAIN_STATE_LABELS: Record<OrderDomainState, string> = {
  registering: 'در حال ثبت',
  'awaiting-transfer-code': 'در انتظار کد انتقال',
  transferring: 'در حال انتقال',
  'awaiting-registry': 'در انتظار تأیید ثبت‌کننده',
  renewing: 'در حال تمدید',
  'with-support': 'در دست پشتیبانی',
  active: 'فعال',
  expired: 'منقضی‌شده',
  refunded: 'لغو و بازپرداخت‌شده',
  ended: 'دیگر نزد ما نیست',
};

/** What an order's domain line bought and, once paid, what became of it. */
export const orderDomainLine = z.object({
  action: z.enum(DOMAIN_ORDER_ACTIONS),
  years: z.number().int(),
  /** The domain's page in the panel; null until paid, and for a name that was never made. */
  domainId: z.string().nullable(),
  /** Null until the order is paid. */
  state: z.enum(ORDER_DOMAIN_STATES).nullable(),
  /** Why it waits, or why it was refused, in Persian: what the domain's page says. */
  note: z.string().nullable(),
});

export const cartLine = z.object({
  id: z.string(),
  product: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    iconUrl: z.string(),
    groupName: z.string(),
    needsDomain: z.boolean(),
    needsTheme: z.boolean(),
  }),
  cycle: billingCycle,
  /** Every cycle the product is offered for now, to change the line's cycle. */
  cycles: z.array(productPrice),
  theme: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  domainName: z.string().nullable(),
  /** Set when the line buys a domain (issue 38): `domainName` is the name, `product` its TLD's. */
  domain: domainLine.nullable(),
  /**
   * Set when the line renews a service the person has (issue 6): it extends that service
   * instead of creating one, and costs the cycle's price alone (no setup fee, no theme).
   */
  renewal: z
    .object({ serviceId: z.string(), serviceName: z.string(), expiresAt: timestamp.nullable() })
    .nullable(),
  /** The cycle's price now (sale price when on sale) and before the sale. */
  priceRial: rial,
  regularPriceRial: rial,
  setupFeeRial: rial,
  /** A paid theme's one-time price; 0 for a free theme or none. */
  themePriceRial: rial,
  /** This line's share of the cart's discount. */
  discountRial: rial,
  /** price + setup fee + theme − discount: the net, before VAT. */
  totalRial: rial,
  /** The VAT rate on this line now (0 for an exempt product), frozen when the order is placed. */
  vatRatePercent: z.number(),
  /** VAT on the line's net, whole Rial. */
  vatRial: rial,
});

export const cartDiscount = z.object({
  code: z.string(),
  /** What the code gives, in Persian: «۲۰٪ تخفیف تا سقف ۵۰۰ هزار تومان». */
  description: z.string(),
  /** False when the code no longer applies to this cart; `problem` says why. */
  valid: z.boolean(),
  problem: z.string().nullable(),
  amountRial: rial,
});

export const cart = z.object({
  /** The token a visitor keeps for this cart; null for a signed-in person's cart. */
  cartToken: z.string().nullable(),
  lines: z.array(cartLine),
  discount: cartDiscount.nullable(),
  /** Lines before the discount, net of VAT. */
  subtotalRial: rial,
  discountRial: rial,
  /** The VAT rate in force now, in percent (prices are entered net of it). */
  vatRatePercent: z.number(),
  /** The sum of the lines' VAT. */
  vatRial: rial,
  /** What the order will cost: subtotal − discount + VAT. */
  totalRial: rial,
  /** Lines that were dropped because their product, cycle or theme is no longer sold. */
  removedNotice: z.string().nullable(),
});

const cartRequest = { cartToken };

export const getCart = defineCall({
  path: '/api/cart/get-cart',
  summary: 'سبد خرید با قیمت‌های روز و تخفیف',
  tag: 'cart',
  access: 'public',
  request: z.strictObject(cartRequest),
  response: cart,
});

export const addToCart = defineCall({
  path: '/api/cart/add-to-cart',
  summary: 'افزودن یک محصول با دورهٔ پرداخت، و در صورت نیاز قالب و دامنه',
  tag: 'cart',
  access: 'public',
  request: z.strictObject({
    ...cartRequest,
    productId: entityId,
    cycle: billingCycle,
    themeId: entityId.optional(),
    domainName: domainName.optional(),
  }),
  response: cart,
});

export const updateCartProduct = defineCall({
  path: '/api/cart/update-cart-product',
  summary: 'تغییر دورهٔ پرداخت یک ردیف سبد',
  tag: 'cart',
  access: 'public',
  request: z.strictObject({ ...cartRequest, lineId: entityId, cycle: billingCycle }),
  response: cart,
});

export const deleteCartProducts = defineCall({
  path: '/api/cart/delete-cart-products',
  summary: 'حذف ردیف‌هایی از سبد خرید',
  tag: 'cart',
  access: 'public',
  request: z.strictObject({
    ...cartRequest,
    lineIds: z.array(entityId).min(1).max(50),
  }),
  response: cart,
});

export const applyDiscountCodeInCart = defineCall({
  path: '/api/cart/apply-discount-code-in-cart',
  summary: 'اعمال کد تخفیف روی سبد؛ کد خالی کد فعلی را برمی‌دارد',
  tag: 'cart',
  access: 'public',
  request: z.strictObject({
    ...cartRequest,
    /** An empty code removes the cart's code. */
    code: z
      .string()
      .max(DISCOUNT_CODE_MAX_LENGTH, 'کد تخفیف بیش از حد بلند است')
      .transform((value) => toLatinDigits(value).trim().toUpperCase()),
  }),
  response: cart,
});

/**
 * The buyer's invoice details (decisions 0012, 0022): kept per account, frozen into each order.
 * A person gives a name and may give a کد ملی; a company gives every legal detail an official
 * invoice (صورتحساب) names.
 */
export const buyerDetails = z.object({
  kind: z.enum(BUYER_KINDS),
  fullName: z.string(),
  email: z.string(),
  /** A person's کد ملی. */
  nationalId: z.string().nullable(),
  companyName: z.string().nullable(),
  /** A company's شناسه ملی. */
  legalNationalId: z.string().nullable(),
  economicNumber: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
});

/** Digits as typed, Persian or Latin, with spaces and dashes dropped. */
export const digitsInput = (max: number) =>
  z
    .string()
    .max(max + 10)
    .transform((value) => toLatinDigits(value).replace(/[\s-]/g, ''));

export const nationalIdInput = digitsInput(10).refine(isValidNationalId, {
  message: 'کد ملی درست نیست',
});

export const BUYER_FIELD_MESSAGES = {
  companyName: 'نام ثبت‌شدهٔ شرکت را بنویسید',
  legalNationalId: 'شناسهٔ ملی شرکت ۱۱ رقم است و رقم کنترل آن درست نیست',
  economicNumber: 'کد اقتصادی ۱۱ یا ۱۲ رقم است',
  registrationNumber: 'شمارهٔ ثبت شرکت فقط رقم است (تا ۱۰ رقم)',
  address: 'نشانی کامل شرکت را بنویسید (دست‌کم ۱۰ نویسه)',
  postalCode: 'کد پستی ۱۰ رقم است و با ۰ یا ۲ شروع نمی‌شود',
} as const;

/** کد پستی: ten digits; the first five never hold 0 or 2, the fifth never 5 (Iran Post). */
export function isValidPostalCode(value: string): boolean {
  return /^[13-9]{4}[1346-9][0-9]{5}$/.test(value) && !/^(\d)\1{9}$/.test(value);
}

export const getCartUser = defineCall({
  path: '/api/cart/get-user',
  summary: 'مشخصات خریدار برای صورت‌حساب؛ پیش‌فرض از نمایهٔ کاربر',
  tag: 'cart',
  access: 'user',
  request: z.strictObject({}),
  response: buyerDetails.extend({
    /** False until the person has confirmed their details once: submit needs them. */
    complete: z.boolean(),
  }),
});

export const updateCartUser = defineCall({
  path: '/api/cart/update-user',
  summary: 'ثبت مشخصات خریدار (شخص حقیقی یا حقوقی) برای صورت‌حساب',
  tag: 'cart',
  access: 'user',
  request: z
    .strictObject({
      /** Left out: a person, as before companies could be invoiced. */
      kind: z.enum(BUYER_KINDS).default('person'),
      fullName: text({ min: 3, max: 120 }),
      email: z.email('نشانی ایمیل درست نیست').max(254),
      nationalId: nationalIdInput.nullable().optional(),
      companyName: text({ max: 120 }).nullable().optional(),
      legalNationalId: digitsInput(11).nullable().optional(),
      economicNumber: digitsInput(12).nullable().optional(),
      registrationNumber: digitsInput(10).nullable().optional(),
      address: text({ max: 300 }).nullable().optional(),
      postalCode: digitsInput(10).nullable().optional(),
    })
    .superRefine((buyer, context) => {
      if (buyer.kind !== 'company') return;
      const problems: Array<[keyof typeof BUYER_FIELD_MESSAGES, boolean]> = [
        ['companyName', (buyer.companyName ?? '').trim().length >= 2],
        ['legalNationalId', isValidLegalNationalId(buyer.legalNationalId ?? '')],
        ['economicNumber', /^(\d{11}|\d{12})$/.test(buyer.economicNumber ?? '')],
        ['registrationNumber', /^\d{1,10}$/.test(buyer.registrationNumber ?? '')],
        ['address', (buyer.address ?? '').trim().length >= 10],
        ['postalCode', isValidPostalCode(buyer.postalCode ?? '')],
      ];
      for (const [field, ok] of problems) {
        if (!ok)
          context.addIssue({ code: 'custom', path: [field], message: BUYER_FIELD_MESSAGES[field] });
      }
    }),
  response: buyerDetails.extend({ complete: z.boolean() }),
});

export const orderStatus = z.enum(ORDER_STATUSES);

export const orderPayment = z.object({
  id: z.string(),
  gateway: z.string(),
  amountRial: rial,
  status: z.enum(PAYMENT_STATUSES),
  /** The gateway's reference number once paid. */
  referenceId: z.string().nullable(),
  cardPan: z.string().nullable(),
  createdAt: timestamp,
  settledAt: timestamp.nullable(),
});

export const orderDetail = z.object({
  id: z.string(),
  /** The number people read and quote to support. */
  number: z.number().int(),
  status: orderStatus,
  lines: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      productSlug: z.string(),
      productName: z.string(),
      groupName: z.string(),
      cycle: billingCycle,
      themeName: z.string().nullable(),
      domainName: z.string().nullable(),
      /** Set when the line buys a domain (issue 38); null for every other line. */
      domain: orderDomainLine.nullable(),
      /** The service this line renews; null for a new purchase. */
      renewsServiceId: z.string().nullable(),
      /**
       * A plan change (issue 20): the service moved to this line's product for the rest of its
       * term, and how the price was worked out. Null for a purchase or a renewal.
       */
      planChange: z
        .object({
          serviceId: z.string(),
          fromProductName: z.string(),
          calculation: planChangeCalculation,
        })
        .nullable(),
      priceRial: rial,
      setupFeeRial: rial,
      themePriceRial: rial,
      discountRial: rial,
      /** The line's net, before VAT. */
      totalRial: rial,
      /** The rate frozen on the line when the order was placed. */
      vatRatePercent: z.number(),
      vatRial: rial,
    }),
  ),
  discountCode: z.string().nullable(),
  subtotalRial: rial,
  discountRial: rial,
  vatRial: rial,
  /** subtotal − discount + VAT. */
  totalRial: rial,
  /** Wallet credit already spent on this order. */
  walletAppliedRial: rial,
  /** Paid through a gateway. */
  gatewayPaidRial: rial,
  /** Still to pay: 0 once paid. */
  payableRial: rial,
  buyer: buyerDetails,
  payments: z.array(orderPayment),
  /**
   * The numbered documents: the sales invoice once paid (null while unpaid: the order's
   * document is then its pro-forma) and any credit notes of refunds.
   */
  invoice: z.object({ id: z.string(), number: z.string() }).nullable(),
  creditNotes: z.array(z.object({ id: z.string(), number: z.string() })),
  createdAt: timestamp,
  /** A pending order is cancelled by itself at this time, unless a claim awaits confirmation. */
  expiresAt: timestamp,
  /**
   * A card-to-card or bank-transfer claim waiting for staff (decision 0023): while it waits the
   * order is held, not cancelled at `expiresAt`. Confirmed, the order is paid; rejected, the
   * person may pay again. Null when none waits.
   */
  awaitingConfirmation: z
    .object({ paymentId: z.string(), method: z.enum(MANUAL_METHODS), claimedAt: timestamp })
    .nullable(),
  paidAt: timestamp.nullable(),
  closedAt: timestamp.nullable(),
});

export const submitOrder = defineCall({
  path: '/api/cart/submit-order',
  summary: 'ثبت سفارش از سبد خرید با قیمت‌ها و تخفیف محاسبه‌شده روی سرور',
  tag: 'cart',
  access: 'user',
  request: z.strictObject({ ...cartRequest }),
  response: orderDetail,
});

const orderRequest = z.strictObject({ orderId: entityId });

export const cartOrderGetDetail = defineCall({
  path: '/api/cart/order-get-detail',
  summary: 'جزئیات یک سفارش: ردیف‌ها، مبلغ‌ها، وضعیت، پرداخت‌ها',
  tag: 'cart',
  access: 'user',
  request: orderRequest,
  response: orderDetail,
});

export const userOrderGetDetail = defineCall({
  path: '/api/user/orders/order-get-detail',
  summary: 'جزئیات یک سفارش: ردیف‌ها، مبلغ‌ها، وضعیت، پرداخت‌ها',
  tag: 'orders',
  access: 'user',
  request: orderRequest,
  response: orderDetail,
});

export const cancelOrder = defineCall({
  path: '/api/user/orders/cancel-order',
  summary: 'لغو سفارش پرداخت‌نشده؛ اعتبار مصرف‌شده به کیف پول برمی‌گردد',
  tag: 'orders',
  access: 'user',
  request: orderRequest,
  response: orderDetail,
});

export const useWalletInOrder = defineCall({
  path: '/api/cart/use-wallet-in-order',
  summary: 'پرداخت بخشی یا همهٔ سفارش از اعتبار کیف پول',
  tag: 'cart',
  access: 'user',
  request: z.strictObject({
    orderId: entityId,
    /** How much credit to spend; left out: as much as covers the order. */
    amountRial: rial.min(1).optional(),
  }),
  response: orderDetail,
});

/** Where to send the person to pay: the gateway's page. */
const startedPayment = z.object({
  paymentId: z.string(),
  amountRial: rial,
  gateway: z.string(),
  redirectUrl: z.string(),
});

/** Which gateway to pay at; left out: staff's first choice (get-payment-methods lists them). */
const gatewayChoice = z.enum(ONLINE_GATEWAYS, { message: 'درگاه پرداخت شناخته نیست' }).optional();

export const payOrder = defineCall({
  path: '/api/pay/pay-order',
  summary:
    'شروع پرداخت مبلغ باقی‌ماندهٔ سفارش در درگاه انتخاب‌شده؛ اگر درگاه باز نشد سفارش می‌ماند و درگاه بعدی پیشنهاد می‌شود',
  tag: 'pay',
  access: 'user',
  request: z.strictObject({ orderId: entityId, gateway: gatewayChoice }),
  response: startedPayment,
});

export const verifyPayOrder = defineCall({
  path: '/api/pay/verify-pay-order',
  summary: 'بررسی پرداخت نزد درگاه با مبلغ ثبت‌شده و تسویهٔ آن (یک‌بار)',
  tag: 'pay',
  access: 'public',
  request: z.strictObject({
    /** What the gateway put in the callback URL. */
    authority: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, { message: 'شناسهٔ پرداخت معتبر نیست' }),
    status: z.string().max(20).optional(),
  }),
  response: z.object({
    purpose: z.enum(PAYMENT_PURPOSES),
    /** paid: settled now or before; failed: not paid; pending: the gateway did not answer. */
    status: z.enum(PAYMENT_STATUSES),
    amountRial: rial,
    referenceId: z.string().nullable(),
    orderId: z.string().nullable(),
    /** Paid for an order that had closed meanwhile: the amount went to the wallet instead. */
    creditedToWallet: z.boolean(),
    message: z.string(),
  }),
});

export const getUserAccountInfo = defineCall({
  path: '/api/user/account/get-user-account-info',
  summary: 'موجودی کیف پول و مشخصات حساب',
  tag: 'account',
  access: 'user',
  request: z.strictObject({}),
  response: z.object({
    balanceRial: rial,
    mobileNumber: z.string(),
    fullName: z.string().nullable(),
    email: z.string().nullable(),
    /** Bounds of a top-up, in Rial. */
    topUpMinRial: rial,
    topUpMaxRial: rial,
  }),
});

export const addCredit = defineCall({
  path: '/api/user/account/add-credit',
  summary: 'افزایش اعتبار کیف پول از درگاه پرداخت',
  tag: 'account',
  access: 'user',
  request: z.strictObject({
    amountRial: z
      .number()
      .int('مبلغ باید عدد صحیح ریال باشد')
      .min(CREDIT_TOP_UP_MIN_RIAL, 'کمترین مبلغ افزایش اعتبار ۱۰ هزار تومان است')
      .max(CREDIT_TOP_UP_MAX_RIAL, 'بیشترین مبلغ افزایش اعتبار ۵۰ میلیون تومان است'),
    gateway: gatewayChoice,
  }),
  response: startedPayment,
});

export const creditTransaction = z.object({
  id: z.string(),
  amountRial: z.number().int(),
  reason: z.enum(WALLET_REASONS),
  description: z.string(),
  orderId: z.string().nullable(),
  balanceAfterRial: rial,
  createdAt: timestamp,
});

export const getCreditTransactions = defineCall({
  path: '/api/user/account/get-credit-transactions',
  summary: 'گردش حساب کیف پول، تازه‌ترین اول',
  tag: 'account',
  access: 'user',
  request: z.strictObject({ ...cursorPaging }),
  response: cursorListResult(creditTransaction).extend({ balanceRial: rial }),
});
