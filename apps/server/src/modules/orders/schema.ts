import {
  BUYER_KINDS,
  DOMAIN_ORDER_ACTIONS,
  MANUAL_METHODS,
  ORDER_STATUSES,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  type PlanChangeCalculation,
} from '@vitrin/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idOfTableAbove } from '../../db/key-above';
import { users } from '../accounts/schema';
import type { OrderBuyer } from '../billing';
import { products, themes } from '../catalog/schema';
import { uploads } from '../files/schema';

// Checkout (issue 5, docs/decisions/0011): carts, discount codes, orders frozen at submit,
// gateway payments, and the services a paid order creates. Every amount is whole Rial.

const cycleEnum = ['monthly', 'quarterly', 'semiannual', 'annual'] as const;
const cycleCheck = (column: unknown) =>
  sql`${column} in ('monthly', 'quarterly', 'semiannual', 'annual')`;

/** A cart: a signed-in person's (user_id) or a visitor's (token_hash), never both. */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .unique()
      .references(() => users.id),
    /** SHA-256 of the visitor's cart token, base64url. */
    tokenHash: text('token_hash').unique(),
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('carts_owner_check', sql`(${table.userId} is null) <> (${table.tokenHash} is null)`),
    index('carts_visitor_updated_idx').on(table.updatedAt).where(sql`${table.userId} is null`),
  ],
);

/** One line is one future service: a product, its cycle, and its theme and domain if needed. */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    cycle: text('cycle', { enum: cycleEnum }).notNull(),
    themeId: uuid('theme_id').references(() => themes.id, { onDelete: 'cascade' }),
    domainName: text('domain_name'),
    /**
     * A domain bought by the line (issue 38): registered or transferred for `domain_years`.
     * The product is its TLD's; the price comes from the TLD's terms, not the product's cycle.
     */
    domainAction: text('domain_action', { enum: DOMAIN_ORDER_ACTIONS }),
    domainYears: integer('domain_years'),
    /** A renewal of this service (issue 6): priced at the cycle alone, extends the service. */
    renewServiceId: uuid('renew_service_id').references(
      (): AnyPgColumn => idOfTableAbove('services'),
      {
        onDelete: 'cascade',
      },
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A line's identity (decision 0011): the same product, theme and domain is one line; a
    // renewal is its own line, one per service.
    unique('cart_lines_identity_unique')
      .on(table.cartId, table.productId, table.themeId, table.domainName, table.renewServiceId)
      .nullsNotDistinct(),
    check('cart_lines_cycle_check', cycleCheck(table.cycle)),
    check(
      'cart_lines_domain_check',
      sql`(${table.domainAction} is null) = (${table.domainYears} is null) and (${table.domainAction} is null or (${table.domainName} is not null and ${table.domainYears} between 1 and 10))`,
    ),
  ],
);

export const discountKinds = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof discountKinds)[number];

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper case; matched case-insensitively by upper-casing the input. */
    code: text('code').notNull().unique(),
    /** Persian, for staff. */
    title: text('title').notNull(),
    kind: text('kind', { enum: discountKinds }).notNull(),
    /** Percent 1–100, or Rial. */
    value: bigint('value', { mode: 'number' }).notNull(),
    maxDiscountRial: bigint('max_discount_rial', { mode: 'number' }),
    minCartRial: bigint('min_cart_rial', { mode: 'number' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    perUserLimit: integer('per_user_limit'),
    /** When either list is non-empty the code covers only those products and groups. */
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    groupIds: uuid('group_ids').array().notNull().default(sql`'{}'::uuid[]`),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** Shown to every customer in the panel's discounts page (issue 6). */
    listed: boolean('listed').notNull().default(false),
    /** A personal code: only this customer may use it, and their panel lists it. */
    userId: uuid('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('discount_codes_kind_check', sql`${table.kind} in ('percent', 'fixed')`),
    check(
      'discount_codes_value_check',
      sql`${table.value} > 0 and (${table.kind} = 'fixed' or ${table.value} <= 100)`,
    ),
    check(
      'discount_codes_usage_check',
      sql`${table.usedCount} >= 0 and (${table.usageLimit} is null or ${table.usedCount} <= ${table.usageLimit})`,
    ),
    check('discount_codes_code_check', sql`${table.code} = upper(${table.code})`),
  ],
);

/**
 * What the buyer's invoice says (decisions 0012, 0022); copied into every order at submit.
 * Orders submitted before issue 21 have no `kind` and the rest of the legal fields: a person.
 */
export type BuyerSnapshot = OrderBuyer;

export const buyerProfiles = pgTable(
  'buyer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    kind: text('kind', { enum: BUYER_KINDS }).notNull().default('person'),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    nationalId: text('national_id'),
    companyName: text('company_name'),
    legalNationalId: text('legal_national_id'),
    economicNumber: text('economic_number'),
    registrationNumber: text('registration_number'),
    address: text('address'),
    postalCode: text('postal_code'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('buyer_profiles_kind_check', sql`${table.kind} in ('person', 'company')`),
    // A company is invoiced with every legal detail (issue 21).
    check(
      'buyer_profiles_company_check',
      sql`${table.kind} = 'person' or (${table.companyName} is not null and ${table.legalNationalId} is not null and ${table.economicNumber} is not null and ${table.registrationNumber} is not null and ${table.address} is not null and ${table.postalCode} is not null)`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().unique().generatedAlwaysAsIdentity({ startWith: 100_001 }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    subtotalRial: bigint('subtotal_rial', { mode: 'number' }).notNull(),
    discountRial: bigint('discount_rial', { mode: 'number' }).notNull().default(0),
    /** The sum of the lines' VAT (issue 21); 0 for orders before VAT. */
    vatRial: bigint('vat_rial', { mode: 'number' }).notNull().default(0),
    /** subtotal − discount + VAT: what the order costs. */
    totalRial: bigint('total_rial', { mode: 'number' }).notNull(),
    walletAppliedRial: bigint('wallet_applied_rial', { mode: 'number' }).notNull().default(0),
    gatewayPaidRial: bigint('gateway_paid_rial', { mode: 'number' }).notNull().default(0),
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id),
    discountCode: text('discount_code'),
    buyer: jsonb('buyer').$type<BuyerSnapshot>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When it was cancelled or expired. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When staff refunded it to the wallet (issue 8); the paid amounts stay as they were. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** What staff have refunded so far, in full or in parts (issue 21); each part a credit note. */
    refundedRial: bigint('refunded_rial', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    // The panel's counts per status of one customer's orders, from the index alone (0031), and
    // its list of one status, newest first, by page or cursor (0033).
    index('orders_user_status_idx').on(table.userId, table.status, table.createdAt, table.number),
    // The console's list, newest or oldest first, all or by status (decision 0031).
    index('orders_created_idx').on(table.createdAt, table.number),
    index('orders_status_created_idx').on(table.status, table.createdAt, table.number),
    // The dashboard's sales by day: paid and refunded orders by when.
    index('orders_paid_at_idx')
      .on(table.paidAt)
      .where(sql`${table.status} in ('paid', 'refunded')`),
    index('orders_refunded_at_idx').on(table.refundedAt).where(sql`${table.status} = 'refunded'`),
    index('orders_pending_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'pending'`),
    check(
      'orders_status_check',
      sql`${table.status} in ('pending', 'paid', 'cancelled', 'expired', 'refunded')`,
    ),
    check(
      'orders_amounts_check',
      sql`${table.discountRial} >= 0 and ${table.discountRial} <= ${table.subtotalRial} and ${table.vatRial} >= 0 and ${table.totalRial} = ${table.subtotalRial} - ${table.discountRial} + ${table.vatRial}`,
    ),
    check(
      'orders_refunded_check',
      sql`${table.refundedRial} >= 0 and ${table.refundedRial} <= ${table.walletAppliedRial} + ${table.gatewayPaidRial}`,
    ),
    // What has been paid never exceeds the total, and a paid order is paid in full.
    check(
      'orders_paid_check',
      sql`${table.walletAppliedRial} >= 0 and ${table.gatewayPaidRial} >= 0 and ${table.walletAppliedRial} + ${table.gatewayPaidRial} <= ${table.totalRial} and (${table.status} <> 'paid' or ${table.walletAppliedRial} + ${table.gatewayPaidRial} = ${table.totalRial})`,
    ),
  ],
);

/** An order's line, frozen at submit: names and prices as they were then. */
/** A plan change line's record: where the service came from and the calculation shown. */
export interface PlanChangeRecord {
  fromProductId: string;
  fromProductName: string;
  calculation: PlanChangeCalculation;
}

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    productSlug: text('product_slug').notNull(),
    productName: text('product_name').notNull(),
    groupName: text('group_name').notNull(),
    cycle: text('cycle', { enum: cycleEnum }).notNull(),
    themeId: uuid('theme_id').references(() => themes.id),
    themeName: text('theme_name'),
    domainName: text('domain_name'),
    /** The domain the line bought (issue 38), as on the cart line. */
    domainAction: text('domain_action', { enum: DOMAIN_ORDER_ACTIONS }),
    domainYears: integer('domain_years'),
    /** The service this line renews (issue 6); null: the line creates a service when paid. */
    renewsServiceId: uuid('renews_service_id').references(
      (): AnyPgColumn => idOfTableAbove('services'),
    ),
    /**
     * The service this line moves to its product for the rest of its term (issue 20, decision
     * 0021); its price is the prorated difference and `planChange` says how it was worked out.
     */
    changesServiceId: uuid('changes_service_id').references(
      (): AnyPgColumn => idOfTableAbove('services'),
    ),
    planChange: jsonb('plan_change').$type<PlanChangeRecord>(),
    priceRial: bigint('price_rial', { mode: 'number' }).notNull(),
    setupFeeRial: bigint('setup_fee_rial', { mode: 'number' }).notNull(),
    themePriceRial: bigint('theme_price_rial', { mode: 'number' }).notNull(),
    discountRial: bigint('discount_rial', { mode: 'number' }).notNull(),
    /** price + setup fee + theme − discount: the net the VAT is charged on. */
    totalRial: bigint('total_rial', { mode: 'number' }).notNull(),
    /** The VAT rate in force at submit, in basis points (1000 = 10%); 0 when exempt. */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    /** round(total × rate), whole Rial, frozen at submit (decision 0022). */
    vatRial: bigint('vat_rial', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId, table.position),
    check('order_lines_cycle_check', cycleCheck(table.cycle)),
    // A line is a purchase, a renewal or a plan change: never two of them.
    check(
      'order_lines_kind_check',
      sql`${table.renewsServiceId} is null or ${table.changesServiceId} is null`,
    ),
    check(
      'order_lines_plan_change_check',
      sql`(${table.changesServiceId} is null) = (${table.planChange} is null)`,
    ),
    // A service's renewals (its history, a pending renewal's check): a scan without it (0031).
    index('order_lines_renews_service_idx')
      .on(table.renewsServiceId)
      .where(sql`${table.renewsServiceId} is not null`),
    index('order_lines_changes_service_idx')
      .on(table.changesServiceId)
      .where(sql`${table.changesServiceId} is not null`),
    check(
      'order_lines_domain_check',
      sql`(${table.domainAction} is null) = (${table.domainYears} is null)`,
    ),
    check(
      'order_lines_vat_check',
      sql`${table.vatRateBp} >= 0 and ${table.vatRateBp} <= 10000 and ${table.vatRial} >= 0`,
    ),
    check(
      'order_lines_total_check',
      sql`${table.discountRial} >= 0 and ${table.totalRial} = ${table.priceRial} + ${table.setupFeeRial} + ${table.themePriceRial} - ${table.discountRial} and ${table.totalRial} >= 0`,
    ),
  ],
);

/** `gateway in ('card-to-card', 'bank-transfer')`: a transfer the customer says they made. */
const isTransferClaim = (gateway: unknown) =>
  sql`${gateway} in (${sql.raw(MANUAL_METHODS.map((method) => `'${method}'`).join(', '))})`;

/**
 * One attempt to collect money, for an order or a wallet top-up: through a gateway, or a
 * card-to-card or bank transfer the customer claims and staff confirm (issue 21, decision 0023).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** From our database at start; the gateway is asked to verify exactly this. */
    amountRial: bigint('amount_rial', { mode: 'number' }).notNull(),
    gateway: text('gateway').notNull(),
    /** The gateway's id for the attempt; null until the gateway opened it. */
    authority: text('authority').unique(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    referenceId: text('reference_id'),
    cardPan: text('card_pan'),
    failureReason: text('failure_reason'),
    /** Paid money that could not go to its order (closed meanwhile) went to the wallet. */
    creditedToWallet: boolean('credited_to_wallet').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    // A transfer claim (gateway card-to-card or bank-transfer; no authority). Pending means it
    // waits for staff; confirmed, it settles like a gateway payment; rejected, it is failed.
    /** The bank's tracking number as the customer typed it: Latin digits, no spaces, upper case. */
    transferReference: text('transfer_reference'),
    /** When the customer says they paid. */
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    /** Card-to-card: the last four digits of the card paid from. */
    cardLast4: text('card_last4'),
    /** The photo of the bank's receipt: the customer's upload, kept by the claim. */
    receiptAttachmentId: uuid('receipt_attachment_id').references(() => uploads.id),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Why staff refused the claim; the customer reads it. */
    rejectionReason: text('rejection_reason'),
  },
  (table) => [
    index('payments_order_idx').on(table.orderId),
    index('payments_user_idx').on(table.userId, table.createdAt),
    index('payments_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    // The staff's transfer-claim queue, its reviewed part latest first (decision 0031).
    index('payments_reviewed_claims_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.transferReference} is not null and ${table.status} <> 'pending'`),
    check('payments_purpose_check', sql`${table.purpose} in ('order', 'top-up')`),
    check('payments_status_check', sql`${table.status} in ('pending', 'paid', 'failed')`),
    check('payments_amount_check', sql`${table.amountRial} > 0`),
    check(
      'payments_order_check',
      sql`(${table.purpose} = 'order') = (${table.orderId} is not null)`,
    ),
    // A claim has what staff check it by, and never a gateway's authority.
    check(
      'payments_transfer_claim_check',
      sql`(${isTransferClaim(table.gateway)}) = (${table.transferReference} is not null and ${table.transferredAt} is not null and ${table.authority} is null)`,
    ),
    check(
      'payments_card_last4_check',
      sql`case when ${table.gateway} = 'card-to-card' then coalesce(${table.cardLast4} ~ '^[0-9]{4}$', false) else ${table.cardLast4} is null end`,
    ),
    check(
      'payments_rejection_check',
      sql`${table.rejectionReason} is null or (${table.status} = 'failed' and ${table.reviewedAt} is not null)`,
    ),
    // One tracking number backs one claim that is waiting or confirmed, even when two are made
    // at once; a rejected claim frees it.
    uniqueIndex('payments_transfer_reference_unique')
      .on(table.gateway, table.transferReference)
      .where(
        sql`${table.transferReference} is not null and ${table.status} in ('pending', 'paid')`,
      ),
    // One waiting claim per order.
    uniqueIndex('payments_order_pending_claim_unique')
      .on(table.orderId)
      .where(sql`${table.transferReference} is not null and ${table.status} = 'pending'`),
    // The staff queue: waiting claims first.
    index('payments_transfer_claims_idx')
      .on(table.status, table.createdAt)
      .where(sql`${table.transferReference} is not null`),
  ],
);

export const paymentNoticeKinds = ['transfer-confirmed', 'transfer-rejected'] as const;
export type PaymentNoticeKind = (typeof paymentNoticeKinds)[number];

/**
 * Each notice about a reviewed transfer claim, per channel and recipient: claimed before it is
 * sent and marked after, so a retried job never sends again what went (as service_notices).
 */
export const paymentNotices = pgTable(
  'payment_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: paymentNoticeKinds }).notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    state: text('state', { enum: ['sending', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('payment_notices_once').on(table.paymentId, table.kind, table.channel, table.recipient),
  ],
);
