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
}

/** The pool's settings as the server runs with them unless told otherwise. */
export const DEFAULT_DATABASE_POOL: DatabasePoolSettings = {
  size: 10,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
  connectTimeoutMs: 10_000,
  ssl: undefined,
};
