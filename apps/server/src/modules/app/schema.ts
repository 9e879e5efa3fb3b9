import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Errors the web and Android apps hit in people's browsers (report-client-error). */
export const clientErrorReports = pgTable(
  'client_error_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    stack: text('stack'),
    pageUrl: text('page_url').notNull(),
    release: text('release').notNull(),
    platform: text('platform', { enum: ['web', 'android'] }).notNull(),
    userAgent: text('user_agent'),
    requestId: text('request_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_error_reports_received_at_idx').on(table.receivedAt)],
);
