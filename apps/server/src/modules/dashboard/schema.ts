import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// What staff were last told of the work waiting for them (issue 35): one row per kind of work
// while it stands past its threshold, so the periodic job tells admins once when it crosses,
// again when it grows or has stood a while, and forgets it once it is dealt with.

export const staffWorkAlerts = pgTable('staff_work_alerts', {
  /** `transfer-claims`, `needs-attention`, `overdue-deliveries`, `server-groups-down`. */
  kind: text('kind').primaryKey(),
  /** How many were waiting when admins were last told. */
  count: integer('count').notNull(),
  alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull(),
});
