import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { REGISTRAR_KINDS } from '../../providers/registrar/registrar-driver';

// The domains module (issue 38): the registrar accounts the company holds and the TLDs it sells
// through them. Decision 0038.

/** An account at a registry (or at the built-in sandbox registry). */
export const registrarAccounts = pgTable('registrar_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  kind: text('kind', { enum: REGISTRAR_KINDS }).notNull(),
  /** `epp.example:700` or IRNIC's HTTPS address; empty for the sandbox. */
  endpoint: text('endpoint').notNull().default(''),
  /** The sealed JSON of what the driver needs (client id and password, token); as panels' are. */
  credentials: text('credentials').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A TLD on sale: how its names are written, through which registrar account, for how many
 * years, and its prices per year in Rial before VAT (VAT is added as on any line).
 */
export const domainTlds = pgTable(
  'domain_tlds',
  {
    /** As people read it, without the dot: `ir`, `ایران`, `com`. */
    tld: text('tld').primaryKey(),
    /** Its A-label: `ir`, `xn--mgba3a4f16a`, `com`. */
    ascii: text('ascii').notNull().unique(),
    /** `ascii`, `persian` or `idn` (contracts/domain-name.ts). */
    script: text('script', { enum: ['ascii', 'persian', 'idn'] }).notNull(),
    minLength: integer('min_length').notNull().default(1),
    registrarAccountId: uuid('registrar_account_id')
      .notNull()
      .references(() => registrarAccounts.id),
    /** The terms a registration may be bought for, in years (.ir: 1 or 5). */
    years: integer('years').array().notNull(),
    registerPriceRial: bigint('register_price_rial', { mode: 'number' }).notNull(),
    renewPriceRial: bigint('renew_price_rial', { mode: 'number' }).notNull(),
    transferPriceRial: bigint('transfer_price_rial', { mode: 'number' }).notNull(),
    /** The registry's fee to bring a name back from redemption. */
    restorePriceRial: bigint('restore_price_rial', { mode: 'number' }).notNull(),
    /** Days after expiry it can still be renewed at the renewal price. */
    graceDays: integer('grace_days').notNull(),
    /** Days after the grace it can be restored at the restore fee. */
    redemptionDays: integer('redemption_days').notNull(),
    /** Whether a transfer in needs the auth code (gTLDs); .ir transfers by IRNIC's PIN instead. */
    authCodeRequired: boolean('auth_code_required').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    check(
      'domain_tlds_prices_check',
      sql`${table.registerPriceRial} > 0 and ${table.renewPriceRial} > 0 and ${table.transferPriceRial} >= 0 and ${table.restorePriceRial} >= 0`,
    ),
    check(
      'domain_tlds_terms_check',
      sql`cardinality(${table.years}) > 0 and 1 <= all(${table.years}) and 10 >= all(${table.years}) and ${table.minLength} >= 1 and ${table.graceDays} >= 0 and ${table.redemptionDays} >= 0`,
    ),
  ],
);
