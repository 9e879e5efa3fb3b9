/** How each node talks to PostgreSQL (the DB_* settings). */
export interface DatabasePoolSettings {
  size: number;
  /** 0: no limit. */
  statementTimeoutMs: number;
  /** 0: no limit. */
  idleInTransactionTimeoutMs: number;
  connectTimeoutMs: number;
  /** Unset: as DATABASE_URL says; false: no TLS; otherwise node's TLS options. */
  ssl: false | { rejectUnauthorized: boolean; ca?: string } | undefined;
  /**
   * How many statement texts each connection keeps prepared (by name) for reuse; 0: none, every
   * statement parsed and planned again (what a pooler in transaction mode without prepared
   * statement support needs).
   */
  preparedStatements: number;
}

/** The pool's settings as the server runs with them unless told otherwise. */
export const DEFAULT_DATABASE_POOL: DatabasePoolSettings = {
  size: 10,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
  connectTimeoutMs: 10_000,
  ssl: undefined,
  preparedStatements: 500,
};
