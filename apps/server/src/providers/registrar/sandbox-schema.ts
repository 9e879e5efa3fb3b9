import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The built-in sandbox registry's own book (issue 38): it stands in for a registry as the
// sandbox panel stands in for a hosting server, and belongs to the provider, not to the domains
// module. A name in it is taken; any other valid name is free.
//
// Host objects (RFC 5732, a name's child nameservers) are rows of the same book, marked by the
// status SANDBOX_HOST_STATUS (sandbox-registrar.ts), with their addresses in `nameservers`: a
// table of their own would need a migration for a stand-in registry's bookkeeping.

export const sandboxRegistryNames = pgTable('sandbox_registry_names', {
  /** The name's A-label form: `sara-blog.com`, `xn--mgba3ag.xn--mgba3a4f16a`. */
  name: text('name').primaryKey(),
  /** The client id of the registrar that holds it: ours when we registered it. */
  sponsor: text('sponsor').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  registrant: text('registrant'),
  /** A domain's nameservers; a host object's addresses. */
  nameservers: text('nameservers').array().notNull().default([]),
  /** EPP statuses (`ok`, `clientTransferProhibited`, `pendingTransfer`, `redemptionPeriod`). */
  statuses: text('statuses').array().notNull().default(['ok']),
  authCode: text('auth_code'),
  /** A transfer asked for by this client, finishing at `transfer_due_at` (null: on approval). */
  transferTo: text('transfer_to'),
  transferDueAt: timestamp('transfer_due_at', { withTimezone: true }),
});

/** Contacts registered at the sandbox: the handle is the client's own id for it. */
export const sandboxRegistryContacts = pgTable('sandbox_registry_contacts', {
  handle: text('handle').primaryKey(),
  sponsor: text('sponsor').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
});

/** The poll queue of each client (RFC 5730 §2.9.2.3). */
export const sandboxRegistryMessages = pgTable('sandbox_registry_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  client: text('client').notNull(),
  name: text('name'),
  event: text('event').notNull(),
  text: text('text').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
