import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { migrationsFolder } from '../paths';
import {
  billingDocuments,
  orderLines,
  orders,
  payments,
  wallets,
  walletTransactions,
} from '../schema';

/** What a backup promises about its database, and what a restore checks it got. */
export interface DatabaseFacts {
  /** The newest migration the database records: the journal's tag and drizzle's time. */
  latestMigration: { tag: string | null; createdAt: number } | null;
  /** Rows in every table (a partitioned one: in all its partitions), by `schema.table`. */
  rowCounts: Record<string, number>;
  /** SHA-256 (hex) over every row of each money table (those it has), in primary-key order. */
  moneyChecksums: Record<string, string>;
}

/** The tables that hold money: orders and their lines, payments, wallets, their ledger, invoices. */
export const MONEY_TABLES: readonly PgTable[] = [
  orders,
  orderLines,
  payments,
  wallets,
  walletTransactions,
  billingDocuments,
];

/**
 * A row's text depends on the session (time zone, date style); these make it the same on every
 * server, so a checksum taken on one machine can be compared on another.
 */
export const DETERMINISTIC_SESSION_SQL =
  "set time zone 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; set extra_float_digits = 1; set bytea_output = 'hex'";

type Queryable = Pick<pg.Client, 'query'>;

/** Schemas that are PostgreSQL's own, never the application's (`n` is pg_namespace). */
export const SYSTEM_SCHEMAS_SQL =
  "n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp\\_%'";

/** Reads the facts in the caller's transaction (a backup's exported snapshot, a fresh restore). */
export async function readDatabaseFacts(client: Queryable): Promise<DatabaseFacts> {
  return {
    latestMigration: await readLatestMigration(client),
    rowCounts: await countRows(client),
    moneyChecksums: await checksumMoneyTables(client),
  };
}

async function readLatestMigration(client: Queryable): Promise<DatabaseFacts['latestMigration']> {
  const present = await client.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!present.rows[0]?.present) return null;
  const last = await client.query<{ created_at: string | null }>(
    'select max(created_at)::text as created_at from drizzle.__drizzle_migrations',
  );
  const createdAt = last.rows[0]?.created_at;
  if (createdAt === null || createdAt === undefined) return null;
  return { tag: migrationTagOf(Number(createdAt)), createdAt: Number(createdAt) };
}

/** This code's committed migrations, oldest first: drizzle-kit's journal. */
export function readMigrationJournal(): Array<{ tag: string; when: number }> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Array<{ tag: string; when: number }> };
  return journal.entries;
}

/** The committed migration drizzle recorded with `createdAt`; null when this code has none. */
function migrationTagOf(createdAt: number): string | null {
  return readMigrationJournal().find((entry) => entry.when === createdAt)?.tag ?? null;
}

async function countRows(client: Queryable): Promise<Record<string, number>> {
  const tables = await client.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and ${SYSTEM_SCHEMAS_SQL}
      order by n.nspname collate "C", c.relname collate "C"`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables.rows) {
    const counted = await client.query<{ rows: string }>(
      `select count(*)::text as rows from ${quoteIdentifier(schema)}.${quoteIdentifier(name)}`,
    );
    counts[`${schema}.${name}`] = Number(counted.rows[0]?.rows);
  }
  return counts;
}

async function checksumMoneyTables(client: Queryable): Promise<Record<string, string>> {
  const checksums: Record<string, string> = {};
  for (const table of MONEY_TABLES) {
    const config = getTableConfig(table);
    const key = primaryKeyOf(table);
    const name = `${quoteIdentifier(config.schema ?? 'public')}.${quoteIdentifier(config.name)}`;
    const present = await client.query<{ present: boolean }>(
      'select to_regclass($1) is not null as present',
      [name],
    );
    // A database not migrated yet has no money to sum; its row counts show which tables it has.
    if (!present.rows[0]?.present) continue;
    // One md5 per row (32 characters), then SHA-256 over them in key order: the aggregate stays
    // small (a row's full text could be kilobytes) and a changed, added or lost row changes it.
    const result = await client.query<{ checksum: string }>(
      `select encode(sha256(convert_to(coalesce(string_agg(md5(t::text), '' order by ${key
        .map((column) => `t.${quoteIdentifier(column)}`)
        .join(', ')}), ''), 'UTF8')), 'hex') as checksum from ${name} t`,
    );
    const checksum = result.rows[0]?.checksum;
    if (!checksum) throw new Error(`no checksum for ${config.name}`);
    checksums[config.name] = checksum;
  }
  return checksums;
}

function primaryKeyOf(table: PgTable): string[] {
  const config = getTableConfig(table);
  const single = config.columns.filter((column) => column.primary).map((column) => column.name);
  const composite = config.primaryKeys[0]?.columns.map((column) => column.name) ?? [];
  const key = single.length > 0 ? single : composite;
  if (key.length === 0) throw new Error(`${config.name} has no primary key to order its rows by`);
  return key;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
