import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

// The staff console (issue 8, docs/decisions/0015).

/**
 * Every staff action that changes something: who, what, on which record, before and after,
 * when. Written in the same transaction as the change, so there is never a change without its
 * row, nor a row without its change. Never updated or deleted by the app.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    /** A dotted verb, e.g. `order.refund`, `customer.lock`, `product.update`. */
    action: text('action').notNull(),
    /** The kind of record: `order`, `user`, `product`, `discount-code`, `ticket`, … */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The record's fields that changed, before and after; null for a creation or deletion. */
    before: jsonb('before'),
    after: jsonb('after'),
    /** Why, when staff must say (a manual credit adjustment, a lock). */
    reason: text('reason'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The viewer's order, newest first, and its cursor (decision 0031).
    index('audit_log_created_idx').on(table.createdAt, table.id),
    index('audit_log_entity_idx').on(table.entityType, table.entityId),
    index('audit_log_actor_idx').on(table.actorId, table.createdAt),
  ],
);
