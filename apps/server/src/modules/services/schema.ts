import { BILLING_CYCLES, SERVICE_STATUSES } from '@vitrin/contracts';
import { sql } from 'drizzle-orm';
import {
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
import { PANEL_KINDS } from '../../providers/panel/panel-driver';
import { users } from '../accounts/schema';
import { products, themes } from '../catalog/schema';
import { orderLines, orders } from '../orders/schema';

// Services (issues 5, 6, 8 and 20): what a customer bought, the reminders sent about it, its
// life on a hosting panel (decision 0020), and the panel servers it lives on.

export const serviceStatuses = SERVICE_STATUSES;
export type ServiceStatus = (typeof serviceStatuses)[number];

/**
 * A hosting panel server staff registered (issue 20). Its credentials are sealed with
 * AES-256-GCM (lib/secret-box.ts) and never leave the server in an answer, log or audit row.
 */
export const panelServers = pgTable(
  'panel_servers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    kind: text('kind', { enum: PANEL_KINDS }).notNull(),
    /** `https://host:port`; empty for the built-in sandbox. */
    baseUrl: text('base_url').notNull(),
    /** The sealed JSON of what the driver needs (token, login key, secret). */
    credentials: text('credentials').notNull(),
    /** Servers of one group take the same products; a new account goes to the least loaded. */
    groupName: text('group_name').notNull(),
    /** Accounts it may hold. */
    capacity: integer('capacity').notNull(),
    /** The nameservers a customer points a domain at to reach its accounts (issue 35 item 15). */
    nameservers: text('nameservers').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The IPv4 and IPv6 addresses its accounts' sites answer on: provisioning points a hosted
     * domain's zone at them (issue 38).
     */
    addresses: text('addresses').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('panel_servers_capacity_check', sql`${table.capacity} > 0`)],
);

/**
 * How a product is delivered (issue 20): on which server group, as which panel package, and how
 * long an unpaid service runs on before suspension and removal. A product without a row is
 * delivered by hand (a domain registration): its services start active, as before.
 */
export const productProvisioning = pgTable(
  'product_provisioning',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    groupName: text('group_name').notNull(),
    packageName: text('package_name').notNull(),
    /** Days after expiry before suspension. */
    graceDays: integer('grace_days').notNull().default(7),
    /** Days after suspension before the account and its data are removed. */
    terminateAfterDays: integer('terminate_after_days').notNull().default(30),
  },
  (table) => [
    check(
      'product_provisioning_days_check',
      sql`${table.graceDays} >= 0 and ${table.terminateAfterDays} >= 1`,
    ),
  ],
);

/**
 * A product delivered by hand (issue 35, decision 0035): how long its paid services may wait
 * for staff before staff are alerted. A product with neither this row nor a provisioning row
 * waits MANUAL_DELIVERY_ALERT_HOURS.
 */
export const productManualDelivery = pgTable(
  'product_manual_delivery',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    alertAfterHours: integer('alert_after_hours').notNull(),
  },
  (table) => [
    check('product_manual_delivery_hours_check', sql`${table.alertAfterHours} between 1 and 720`),
  ],
);

/** What a customer bought: one per paid order line. */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    status: text('status', { enum: serviceStatuses }).notNull(),
    productId: uuid('product_id').references(() => products.id),
    orderId: uuid('order_id').references(() => orders.id),
    orderLineId: uuid('order_line_id')
      .unique()
      .references(() => orderLines.id),
    cycle: text('cycle', { enum: BILLING_CYCLES }),
    themeId: uuid('theme_id').references(() => themes.id),
    domainName: text('domain_name'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the status last changed: "in provisioning for 3 minutes", "suspended since". */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The panel server holding its account; null until placed (or delivered by hand). */
    serverId: uuid('server_id').references(() => panelServers.id),
    /** The package on the panel (copied from the product's mapping when placed). */
    packageName: text('package_name'),
    /** The account's username on the panel: derived from the id, the key of every panel call. */
    panelUsername: text('panel_username'),
    /** The account's password, sealed (lib/secret-box.ts); shown to the owner on request. */
    panelPassword: text('panel_password'),
    /**
     * Why a suspended service is suspended: `overdue` (its grace period ran out; a paid renewal
     * lifts it) or `staff` (only staff lift it). Null when not suspended.
     */
    suspension: text('suspension', { enum: ['overdue', 'staff'] }),
    /**
     * The owner asked to end it when its paid term ends (no refund): at its expiry it is
     * cancelled and its account removed, instead of a grace period. Null: it runs on.
     */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    /**
     * Delivered by hand (issue 35): when staff delivered it, and what they handed over (the
     * access details, sealed like the panel password: lib/secret-box.ts).
     */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryDetails: text('delivery_details'),
    /** When staff were alerted that it waited past its product's time (once per service). */
    deliveryAlertedAt: timestamp('delivery_alerted_at', { withTimezone: true }),
  },
  (table) => [
    // The panel's list, newest first, and its counts per status (decision 0031).
    index('services_user_idx').on(table.userId, table.createdAt, table.id),
    index('services_user_status_idx').on(table.userId, table.status),
    // An order's services (paying, refunding, the console's order): a scan without it (0031).
    index('services_order_idx').on(table.orderId),
    index('services_active_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'active'`),
    // A customer's services about to expire, on their dashboard (decision 0031).
    index('services_user_active_expiry_idx')
      .on(table.userId, table.expiresAt)
      .where(sql`${table.status} = 'active'`),
    index('services_lifecycle_idx')
      .on(table.status, table.statusChangedAt)
      .where(
        sql`${table.status} in ('expired', 'suspended', 'pending', 'provisioning', 'failed', 'needs-attention', 'awaiting-delivery')`,
      ),
    index('services_server_idx').on(table.serverId),
    uniqueIndex('services_panel_username_unique').on(table.panelUsername),
    check(
      'services_status_check',
      sql`${table.status} in ('awaiting-delivery', 'pending', 'provisioning', 'failed', 'needs-attention', 'active', 'expired', 'suspended', 'terminated', 'cancelled')`,
    ),
  ],
);

/** Who caused a service event. */
export const serviceEventActors = ['system', 'customer', 'staff', 'panel'] as const;

/**
 * A service's timeline (issue 20): every status change and every panel action, with who or
 * what caused it, why, and for a job the attempt and the redacted panel exchanges.
 */
export const serviceEvents = pgTable(
  'service_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    /** `status`, `panel.create`, `panel.suspend`, `password.reset`, `notice.sent`… */
    kind: text('kind').notNull(),
    fromStatus: text('from_status', { enum: SERVICE_STATUSES }),
    toStatus: text('to_status', { enum: SERVICE_STATUSES }),
    actor: text('actor', { enum: serviceEventActors }).notNull(),
    /** The person, when a customer or staff member acted. */
    actorId: uuid('actor_id').references(() => users.id),
    /** Persian, for the timeline. */
    message: text('message').notNull(),
    /** The job run that caused it (attempt 1 is the first run). */
    jobId: text('job_id'),
    attempt: integer('attempt'),
    /** The panel exchanges of that step, secrets removed (PanelCallRecord[]). */
    calls: jsonb('calls'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('service_events_service_idx').on(table.serviceId, table.createdAt)],
);

export const serviceReminderKinds = ['expiry-7d', 'expiry-1d'] as const;
export type ServiceReminderKind = (typeof serviceReminderKinds)[number];

/**
 * One row per reminder sent (issue 6): its unique key makes "once each, never twice" hold
 * across nodes and restarts. A renewal moves the expiry, so the key includes it.
 */
export const serviceReminders = pgTable(
  'service_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: serviceReminderKinds }).notNull(),
    /** The expiry this reminder was about. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('service_reminders_once').on(table.serviceId, table.kind, table.expiresAt)],
);

export const serviceNoticeChannels = ['sms', 'email'] as const;

/**
 * Every notice about a service (issue 20), per channel: claimed before it is sent, marked once
 * it went. Its key (one event) makes a retried job send nothing already sent; a notice whose
 * job died between sending and marking is sent again with the same key, which the provider
 * sees (the e-mail's Message-ID, Kavenegar's localid).
 */
export const serviceNotices = pgTable(
  'service_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for a staff alert that concerns no one service. */
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'cascade' }),
    /** `ready`, `taken-over`, `suspension-warning`, `suspended`, `renewed`, `terminated`, `staff-alert`. */
    kind: text('kind').notNull(),
    /** One event: the same key is never sent twice on a channel. */
    eventKey: text('event_key').notNull(),
    channel: text('channel', { enum: serviceNoticeChannels }).notNull(),
    recipient: text('recipient').notNull(),
    state: text('state', { enum: ['sending', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('service_notices_once').on(table.eventKey, table.channel, table.recipient)],
);

/**
 * Site-builder callbacks accepted (issue 20), each kept until its timestamp leaves the replay
 * window: a copy replayed to any node is refused (webhook-signature.ts).
 */
export const builderWebhookIds = pgTable('builder_webhook_ids', {
  id: text('id').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
