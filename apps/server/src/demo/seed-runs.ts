import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which parts of the demo seed this database has had, so each part is added once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
