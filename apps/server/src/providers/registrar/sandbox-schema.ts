import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The built-in sandbox registry's own book of names (issue 38): it stands in for a registry as
// the sandbox panel stands in for a hosting server, and belongs to the provider, not to the
// domains module. A name in it is taken; any other valid name is free.

export const sandboxRegistryNames = pgTable('sandbox_registry_names', {
  /** The name's A-label form: `sara-blog.com`, `xn--mgba3ag.xn--mgba3a4f16a`. */
  name: text('name').primaryKey(),
  /** Our client id at the registry when we registered it; another registrar's otherwise. */
  sponsor: text('sponsor').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
