import { BILLING_CYCLES } from '@vitrin/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { products, themes } from '../catalog/schema';
import { orderLines, orders } from '../orders/schema';

// Services (issue 5, 6 and 8): what a customer bought, and the reminders sent about it.

export const serviceStatuses = ['pending', 'active', 'suspended', 'expired', 'cancelled'] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];

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
  },
  (table) => [
    index('services_user_idx').on(table.userId),
    index('services_active_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'active'`),
    check(
      'services_status_check',
      sql`${table.status} in ('pending', 'active', 'suspended', 'expired', 'cancelled')`,
    ),
  ],
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
