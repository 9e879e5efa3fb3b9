import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { type DatabasePoolSettings, DEFAULT_DATABASE_POOL } from './pool-settings';

/** The Drizzle handle every service takes: the same type on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction is a Database too: services that change state take one. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** The committed migrations this database has not applied yet, by name, oldest first. */
  pendingMigrations(): Promise<string[]>;
  /** PostgreSQL's pool now (connections open, idle, and calls waiting for one); null on PGlite. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** One SQL text with `$n` parameters (several statements when there are none): the job queue's way in. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  ping(): Promise<void>;
  /**
   * Calls `onMessage` with each NOTIFY payload on `channel` (any node's, once its transaction
   * commits) until the answered function is called. On PostgreSQL one connection is kept for it
   * and opened again if it drops.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// Any constant works; it only has to be the same on every node so one migrates at a time.
const MIGRATION_LOCK_KEY = 7_301_946_122;

/**
 * Opens PostgreSQL at `url`, or the embedded PGlite in `dataDir` (in memory when `dataDir` is
 * null). Nothing is migrated until `migrate()`.
 */
export async function openDatabase(options: {
  url: string | undefined;
  dataDir: string | null;
  /** An in-memory embedded database starts as a copy of this dump (see dumpMigratedPglite). */
  template?: Blob | undefined;
  /** PostgreSQL only: pool size, timeouts and TLS (the DB_* settings). */
  pool?: DatabasePoolSettings;
}): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.pool ?? DEFAULT_DATABASE_POOL);
  return openPglite(options.dataDir, options.template);
}

/**
 * The extensions every embedded database loads: the migrations create `pg_trgm` (the search's
 * trigram indexes, decision 0030), and a database restored from a dump needs it loaded again.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * A migrated, empty embedded database as a data-directory dump. Creating a PGlite cluster
 * costs seconds; loading a dump costs about one, so test files each start from this one.
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/**
 * The committed migrations newer than the last one the database records (drizzle-kit's own
 * rule: its table holds each applied migration's folder time).
 */
async function pendingMigrations(executeSql: DatabaseHandle['executeSql']): Promise<string[]> {
  const applied = await executeSql(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  let lastApplied = -1;
  if ((applied.rows[0] as { present: boolean } | undefined)?.present) {
    const last = await executeSql(
      'select max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    lastApplied = Number((last.rows[0] as { last: string | null } | undefined)?.last ?? -1);
  }
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Array<{ tag: string; when: number }> };
  // readMigrationFiles checks every file the journal names is there, as the migrator would.
  readMigrationFiles({ migrationsFolder });
  return journal.entries.filter((entry) => entry.when > lastApplied).map((entry) => entry.tag);
}

async function openPglite(dataDir: string | null, template?: Blob): Promise<DatabaseHandle> {
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  } else {
    client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(template ? { loadDataDir: template } : {}),
    });
  }
  const db = drizzlePglite(client);
  const handle: DatabaseHandle = {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    pendingMigrations: () => pendingMigrations(handle.executeSql),
    poolStats: () => null,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      // Without parameters it may be a script (pg-boss installs its schema in one text, and its
      // upkeep runs `begin; lock; …; commit`): the rows of every statement, in order, as pg-boss
      // 12 reads them (node-postgres answers a script with one result per statement).
      const results = await client.exec(text);
      return { rows: results.flatMap((result) => result.rows) };
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    close: () => client.close(),
  };
  return handle;
}

/**
 * node-postgres sends a statement unnamed unless told otherwise, and PostgreSQL then parses and
 * plans it again each time. Named by a hash of its text, a statement is parsed once on each
 * connection and reused after, as postgres.js does by default: on the checkout bench this
 * halved PostgreSQL's CPU per flow (decision 0032). Only statements with parameters are named
 * (the others are one-off SQL: migrations, `begin`), and at most `limit` texts per connection,
 * so SQL whose shape varies (an IN list of any length) cannot grow a backend without bound.
 */
function namePreparedStatements(client: pg.PoolClient, limit: number): void {
  const names = new Map<string, string>();
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= limit) return known;
    const name = `v${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
    return name;
  };
  const query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (
      config !== null &&
      typeof config === 'object' &&
      'text' in config &&
      typeof config.text === 'string' &&
      !('name' in config && config.name) &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = nameOf(config.text);
      if (name) return send({ ...config, name }, values, callback);
    }
    return send(config, values, callback);
  };
  client.query = query as typeof client.query;
}

/** node-postgres's options for one connection, from the DB_* settings. */
function connectionOptions(url: string, settings: DatabasePoolSettings): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // Sent at connect: a statement or an idle transaction past its limit is ended by the server.
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    ...(settings.idleInTransactionTimeoutMs > 0
      ? { idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMs }
      : {}),
    ...(settings.ssl !== undefined ? { ssl: settings.ssl } : {}),
  };
}

async function openPostgres(url: string, settings: DatabasePoolSettings): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    ...connectionOptions(url, settings),
    max: settings.size,
    idleTimeoutMillis: 30_000,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  if (settings.preparedStatements > 0) {
    pool.on('connect', (client) => namePreparedStatements(client, settings.preparedStatements));
  }
  const db = drizzleNodePg(pool);
  const handle: DatabaseHandle = {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several nodes may start at once: a session advisory lock lets one migrate at a time.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    pendingMigrations: () => pendingMigrations(handle.executeSql),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    executeSql: (text, values) => pool.query(text, values),
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onMessage) =>
      listenOnPostgres(connectionOptions(url, settings), channel, onMessage),
    close: () => pool.end(),
  };
  return handle;
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A dropped
 * connection is opened again after a second; notices sent meanwhile are lost, which callers
 * accept (the job queue polls anyway: a notice only saves the wait).
 */
async function listenOnPostgres(
  connection: pg.ClientConfig,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const reconnectSoon = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      connect().catch(reconnectSoon);
    }, 1_000);
    retry.unref();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client(connection);
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => {
      next.end().catch(() => {});
      if (client !== next) return;
      client = null;
      reconnectSoon();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
    client = null;
  };
}
