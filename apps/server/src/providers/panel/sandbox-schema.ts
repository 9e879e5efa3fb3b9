import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// The built-in sandbox panel stands in for a hosting server, and this table for that server's
// own list of accounts: it belongs to the provider, not to any module (the services module
// keeps its own services), as sandbox_payments does for the sandbox gateway.

export const sandboxPanelAccounts = pgTable('sandbox_panel_accounts', {
  username: text('username').primaryKey(),
  domain: text('domain').notNull(),
  packageName: text('package_name').notNull(),
  /** The package's limits as created (the plan's, issue 35 item 4), in MiB; null is unlimited. */
  diskLimitMb: integer('disk_limit_mb'),
  bandwidthLimitMb: integer('bandwidth_limit_mb'),
  theme: text('theme'),
  /** A hash (scrypt) of the account's password: the sandbox checks it, never shows it. */
  passwordHash: text('password_hash').notNull(),
  suspended: boolean('suspended').notNull().default(false),
  suspendReason: text('suspend_reason'),
  /** Bytes its site has served: the bandwidth bar moves as people visit. */
  servedBytes: bigint('served_bytes', { mode: 'number' }).notNull().default(0),
  /** One-time sign-in token for the panel page (SSO) and when it stops working. */
  loginToken: text('login_token'),
  loginTokenExpiresAt: timestamp('login_token_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox server's mail (issue 35 item 3): an account's mail domain (its own domain) with the
 * DKIM key the server signs with (made on first use, as a mail server would), and its mailboxes.
 */
export const sandboxMailDomains = pgTable('sandbox_mail_domains', {
  username: text('username')
    .primaryKey()
    .references(() => sandboxPanelAccounts.username, { onDelete: 'cascade' }),
  domain: text('domain').notNull(),
  dkimSelector: text('dkim_selector').notNull(),
  /** PEM (PKCS#8): the server's own secret, never leaves the sandbox. */
  dkimPrivateKey: text('dkim_private_key').notNull(),
  /** The public half as DNS publishes it (base64 SPKI, the `p=` of the TXT record). */
  dkimPublicKey: text('dkim_public_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxMailboxes = pgTable(
  'sandbox_mailboxes',
  {
    username: text('username')
      .notNull()
      .references(() => sandboxPanelAccounts.username, { onDelete: 'cascade' }),
    localPart: text('local_part').notNull(),
    /** scrypt, as the account's own password. */
    passwordHash: text('password_hash').notNull(),
    /** MiB; null is unlimited. */
    quotaMb: integer('quota_mb'),
    usedMb: integer('used_mb').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.username, table.localPart] })],
);
