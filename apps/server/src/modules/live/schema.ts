import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Live visitors (issue 7, docs/decisions/0014). Redis (or one process's memory) answers every
// visit; these tables are written behind in batches so counts survive a restart and the panel
// can show recent visits and today's hours. Domains are names, not service ids: a visitor of
// `shop.ir` stays the same visitor when its service is renewed or bought again.

/** One row per distinct visitor of a domain: the authority that rebuilds the live sets. */
export const liveVisitors = pgTable(
  'live_visitors',
  {
    domainName: text('domain_name').notNull(),
    kwClientId: text('kw_client_id').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.domainName, table.kwClientId] })],
);

export const liveVisitKinds = ['new', 'returning'] as const;

/** One row per page view, kept `LIVE_VISITS_KEPT_DAYS` for the feed and the hourly chart. */
export const liveVisits = pgTable(
  'live_visits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    domainName: text('domain_name').notNull(),
    kwClientId: text('kw_client_id').notNull(),
    kind: text('kind', { enum: liveVisitKinds }).notNull(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    referrer: text('referrer').notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('live_visits_domain_time_idx').on(table.domainName, table.visitedAt),
    index('live_visits_time_idx').on(table.visitedAt),
    check('live_visits_kind_check', sql`${table.kind} in ('new', 'returning')`),
  ],
);
