import { DOMAIN_BUY_ACTIONS, DOMAIN_CONTACT_KINDS, DOMAIN_STATUSES } from '@vitrin/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REGISTRAR_KINDS } from '../../providers/registrar/registrar-driver';
import { users } from '../accounts/schema';
import { products } from '../catalog/schema';
import { orderLines, orders } from '../orders/schema';

// The domains module (issue 38): the registrar accounts the company holds and the TLDs it sells
// through them. Decision 0038.

/** An account at a registry (or at the built-in sandbox registry). */
export const registrarAccounts = pgTable('registrar_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  kind: text('kind', { enum: REGISTRAR_KINDS }).notNull(),
  /** `epp.example:700` or IRNIC's HTTPS address; empty for the sandbox. */
  endpoint: text('endpoint').notNull().default(''),
  /** The sealed JSON of what the driver needs (client id and password, token); as panels' are. */
  credentials: text('credentials').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /**
   * The nameservers a domain registered through this account starts with, until its owner
   * points it elsewhere: the company's own (the hosting servers' defaults).
   */
  defaultNameservers: text('default_nameservers').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A TLD on sale: how its names are written, through which registrar account, for how many
 * years, and its prices per year in Rial before VAT (VAT is added as on any line).
 */
export const domainTlds = pgTable(
  'domain_tlds',
  {
    /** As people read it, without the dot: `ir`, `ایران`, `com`. */
    tld: text('tld').primaryKey(),
    /** Its A-label: `ir`, `xn--mgba3a4f16a`, `com`. */
    ascii: text('ascii').notNull().unique(),
    /** `ascii`, `persian` or `idn` (contracts/domain-name.ts). */
    script: text('script', { enum: ['ascii', 'persian', 'idn'] }).notNull(),
    minLength: integer('min_length').notNull().default(1),
    registrarAccountId: uuid('registrar_account_id')
      .notNull()
      .references(() => registrarAccounts.id),
    /**
     * The catalog product a line of this TLD is sold as: its name is what the invoice says
     * («ثبت دامنهٔ .ir»), its group what discount codes and reports see, its VAT exemption the
     * line's. Hidden from the store's grid: domains are bought from the search.
     */
    productId: uuid('product_id')
      .unique()
      .references(() => products.id),
    /** The terms a registration may be bought for, in years (.ir: 1 or 5). */
    years: integer('years').array().notNull(),
    registerPriceRial: bigint('register_price_rial', { mode: 'number' }).notNull(),
    renewPriceRial: bigint('renew_price_rial', { mode: 'number' }).notNull(),
    transferPriceRial: bigint('transfer_price_rial', { mode: 'number' }).notNull(),
    /** The registry's fee to bring a name back from redemption. */
    restorePriceRial: bigint('restore_price_rial', { mode: 'number' }).notNull(),
    /** Days after expiry it can still be renewed at the renewal price. */
    graceDays: integer('grace_days').notNull(),
    /** Days after the grace it can be restored at the restore fee. */
    redemptionDays: integer('redemption_days').notNull(),
    /** Whether a transfer in needs the auth code (gTLDs); .ir transfers by IRNIC's PIN instead. */
    authCodeRequired: boolean('auth_code_required').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    check(
      'domain_tlds_prices_check',
      sql`${table.registerPriceRial} > 0 and ${table.renewPriceRial} > 0 and ${table.transferPriceRial} >= 0 and ${table.restorePriceRial} >= 0`,
    ),
    check(
      'domain_tlds_terms_check',
      sql`cardinality(${table.years}) > 0 and 1 <= all(${table.years}) and 10 >= all(${table.years}) and ${table.minLength} >= 1 and ${table.graceDays} >= 0 and ${table.redemptionDays} >= 0`,
    ),
  ],
);

/** Messages told to a domain's owner, each event once per channel (as service notices are). */
export const domainNotices = pgTable(
  'domain_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainId: uuid('domain_id').references(() => domains.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    state: text('state', { enum: ['sending', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('domain_notices_once').on(table.eventKey, table.channel, table.recipient)],
);

/** A domain holder's details, one per customer, reused for every domain (issue 38). */
export const domainContacts = pgTable('domain_contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  kind: text('kind', { enum: DOMAIN_CONTACT_KINDS }).notNull(),
  name: text('name').notNull(),
  organisation: text('organisation'),
  nationalCode: text('national_code'),
  companyId: text('company_id'),
  registrationNumber: text('registration_number'),
  passportNumber: text('passport_number'),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
  province: text('province').notNull(),
  postalCode: text('postal_code').notNull(),
  countryCode: text('country_code').notNull(),
  /** Raised on every change: a registry holding an older version is sent the new one. */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A contact's handle at one registrar account, once created there. */
export const domainContactHandles = pgTable(
  'domain_contact_handles',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => domainContacts.id, { onDelete: 'cascade' }),
    registrarAccountId: uuid('registrar_account_id')
      .notNull()
      .references(() => registrarAccounts.id),
    handle: text('handle').notNull(),
    /** The contact's version the registry was given. */
    version: integer('version').notNull(),
  },
  (table) => [primaryKey({ columns: [table.contactId, table.registrarAccountId] })],
);

/**
 * A domain a customer holds or is buying, kept in step with its registry. One live row per
 * name: a cancelled, deleted or transferred-away row is history, and the name may come again.
 */
export const domains = pgTable(
  'domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** As people read it: `sara-blog.com`, `سارا.ایران`. */
    name: text('name').notNull(),
    /** The A-label form the registry knows: `xn--mgba3ag.xn--mgba3a4f16a`. */
    ascii: text('ascii').notNull(),
    tld: text('tld')
      .notNull()
      .references(() => domainTlds.tld),
    registrarAccountId: uuid('registrar_account_id')
      .notNull()
      .references(() => registrarAccounts.id),
    status: text('status', { enum: DOMAIN_STATUSES }).notNull(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** How it came: bought as a registration or a transfer, or imported by staff. */
    origin: text('origin', { enum: [...DOMAIN_BUY_ACTIONS, 'import'] }).notNull(),
    /** The years the order paid for (the registration's or transfer's term). */
    years: integer('years').notNull(),
    /** The paid line that bought it; its money goes back when the registry refuses. */
    orderId: uuid('order_id').references(() => orders.id),
    orderLineId: uuid('order_line_id').references(() => orderLines.id),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    autoRenew: boolean('auto_renew').notNull().default(true),
    nameservers: text('nameservers').array().notNull().default(sql`'{}'::text[]`),
    locked: boolean('locked').notNull().default(false),
    /** The registry's statuses as last read. */
    registryStatuses: text('registry_statuses').array().notNull().default(sql`'{}'::text[]`),
    /** A transfer's code, sealed with SECRET_KEYS until the registry has taken it. */
    transferCode: text('transfer_code'),
    /**
     * The holder's handle at the registry as last read (registration, transfer, sync). At IRNIC,
     * which keeps a holder per e-mail, a holder whose details changed since is a new handle, and
     * the name moves to it only by IRNIC's holder change, which the current holder approves.
     */
    holderHandle: text('holder_handle'),
    /** When a holder change was sent to the registry and is waiting for the holder's approval. */
    holderChangeAskedAt: timestamp('holder_change_asked_at', { withTimezone: true }),
    /** What the customer and staff are told of the last failure or wait, in Persian. */
    note: text('note'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /**
     * The last expiry reminder told (30, 7 or 1 days before) and the expiry it was about: a
     * renewal moves the expiry, and the reminders start again for the new one.
     */
    remindedDays: integer('reminded_days'),
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('domains_sync_idx')
      .on(table.syncedAt)
      .where(sql`${table.status} not in ('cancelled', 'deleted', 'transferred-away')`),
    uniqueIndex('domains_live_name_unique')
      .on(table.ascii)
      .where(sql`${table.status} not in ('cancelled', 'deleted', 'transferred-away')`),
    uniqueIndex('domains_order_line_unique').on(table.orderLineId),
    index('domains_user_idx').on(table.userId, table.createdAt),
    index('domains_status_idx').on(table.status, table.statusChangedAt),
    index('domains_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} in ('active', 'expired', 'redemption')`),
    check('domains_years_check', sql`${table.years} between 1 and 10`),
  ],
);

/**
 * A domain's timeline: every move and every registry action, when, by whom, with what result;
 * `registry` keeps the conversation with secrets redacted, for staff.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromStatus: text('from_status', { enum: DOMAIN_STATUSES }),
    toStatus: text('to_status', { enum: DOMAIN_STATUSES }),
    actor: text('actor', { enum: ['system', 'customer', 'staff', 'registry'] }).notNull(),
    actorId: uuid('actor_id'),
    message: text('message').notNull(),
    jobId: text('job_id'),
    attempt: integer('attempt'),
    registry: jsonb('registry').$type<{
      operation: string;
      outcome: string;
      code?: number | null;
    }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('domain_events_domain_idx').on(table.domainId, table.createdAt)],
);

export const DOMAIN_RENEWAL_STATES = ['pending', 'done', 'refunded', 'needs-attention'] as const;

/**
 * A paid renewal of a domain, until its registry has it (issue 38): the renewal job works from
 * it, the sync leaves a domain alone while one waits, and a final refusal refunds its line.
 */
export const domainRenewals = pgTable(
  'domain_renewals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => domains.id),
    orderLineId: uuid('order_line_id')
      .notNull()
      .unique()
      .references(() => orderLines.id),
    years: integer('years').notNull(),
    /**
     * A restore from redemption (RFC 3915) before the renewal: the name is brought back at the
     * TLD's restore fee, then renewed for `years`.
     */
    restore: boolean('restore').notNull().default(false),
    state: text('state', { enum: DOMAIN_RENEWAL_STATES }).notNull().default('pending'),
    /** The expiry the renewal extends, as we held it when it was paid. */
    fromExpiry: timestamp('from_expiry', { withTimezone: true }),
    /** The expiry the registry answered. */
    toExpiry: timestamp('to_expiry', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('domain_renewals_pending_idx')
      .on(table.domainId)
      .where(sql`${table.state} in ('pending', 'needs-attention')`),
  ],
);

/**
 * A child nameserver of a domain (`ns1.sara-blog.com`) with its glue addresses, as its registry
 * holds it (RFC 5732 host objects; IRNIC's host attributes). Written after the registry has it.
 */
export const domainHosts = pgTable(
  'domain_hosts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    /** Its A-label form, under the domain: `ns1.sara-blog.com`. */
    name: text('name').notNull(),
    /** IPv4 and IPv6 addresses, as the registry publishes them as glue. */
    addresses: text('addresses').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('domain_hosts_name_unique').on(table.domainId, table.name),
    check('domain_hosts_addresses_check', sql`cardinality(${table.addresses}) between 1 and 13`),
  ],
);
