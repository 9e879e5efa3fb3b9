import { tehranDay } from '../../lib/tehran-days';

/**
 * What the panel shows as `userCount` (issue 7, "Counting"). Every count is exact: sets of
 * kwClientIds and connection ids, never an estimate. Move this type to packages/contracts when
 * the live socket's payloads are declared there.
 */
export interface VisitorCounts {
  /** Distinct visitors (kwClientId) ever seen on the domain. */
  allVisitorsCount: number;
  /** Distinct visitors with a visit on the current Asia/Tehran calendar day. */
  allVisitorsTodayCount: number;
  /** Distinct visitors whose first visit ever fell on the current Asia/Tehran day. */
  newVisitorsTodayCount: number;
  /** Connections open now whose node is alive (see "Online" below). */
  onlineVisitorsCount: number;
}

export type VisitKind = 'new' | 'returning';

export interface Visit {
  domainName: string;
  /** The random id the tracker keeps in the visitor's localStorage. */
  kwClientId: string;
  at: Date;
}

export interface OpenedConnection {
  domainName: string;
  connectionId: string;
  /** The server process holding the socket; its heartbeats keep the connection online. */
  nodeId: string;
  at: Date;
}

/**
 * Online (issue 7 leaves "open connection or heartbeat window" to us; we take both):
 *
 * - A connection is online from `connectionOpened` until `connectionClosed`, as long as its node
 *   keeps beating. Each connection carries an expiry: `connectionOpened` sets it to
 *   `at + ONLINE_TTL_MS`, and `heartbeat(nodeId, at)` moves every still-online connection of that
 *   node to `at + ONLINE_TTL_MS`.
 * - `counts(domain, at)` counts the domain's connections with `at < expiry`: a connection whose
 *   node last beat at `t` is online up to `t + ONLINE_TTL_MS - 1 ms` and offline from
 *   `t + ONLINE_TTL_MS`. A crashed node's connections therefore drop out by themselves, with
 *   nobody calling `connectionClosed`.
 * - Once lapsed, a connection is gone for good: a node that beats again after a stall longer than
 *   `ONLINE_TTL_MS` does not bring it back (its clients will have given up and reconnected under
 *   new connection ids, which `connectionOpened` counts afresh).
 * - Closing an unknown or already lapsed connection does nothing; opening the same id twice is
 *   one connection.
 * - Reads never change anything; lapsed entries are cleared when the domain opens a connection or
 *   the node beats, and the shared keys expire on their own when nothing touches them.
 *
 * The socket server beats every `HEARTBEAT_INTERVAL_MS`, so two beats may be missed before a live
 * node's visitors flicker offline.
 */
export const ONLINE_TTL_MS = 60_000;
export const HEARTBEAT_INTERVAL_MS = 20_000;

/** A visitor as `live_visitors` keeps them, to rebuild a domain's sets after a restart. */
export interface StoredVisitor {
  kwClientId: string;
  firstSeenAt: Date;
  lastVisitAt: Date;
}

/**
 * Counting of visits and online connections per domain, shared by every node: Redis when
 * REDIS_URL is set (`createRedisVisitorCounts`), one process's memory otherwise
 * (`createMemoryVisitorCounts`). Both pass the same suite (visitor-counts.suite.ts).
 *
 * Persistence (docs/decisions/0014): a domain's visitor sets start empty in a fresh Redis or a
 * fresh process. Until `load` has filled them from `live_visitors`, `recordVisit` and `counts`
 * answer `null` for that domain, in the same atomic step that would have answered, so no node
 * ever counts a returning visitor as new because the sets were lost (a Redis restarted empty):
 * the live service loads the domain and asks again. Visits are written behind to PostgreSQL;
 * the sets stay the authority on new vs returning.
 */
export interface VisitorCountStore {
  /**
   * Records one visit; `new` exactly when this kwClientId was never seen on this domain. Null,
   * recording nothing, when the domain's sets are not loaded.
   */
  recordVisit(visit: Visit): Promise<{ kind: VisitKind; counts: VisitorCounts } | null>;
  /** The domain's counts as of `at` ("today" is its Tehran day); null when not loaded. */
  counts(domainName: string, at: Date): Promise<VisitorCounts | null>;
  /** Whether `load` has filled this domain's sets since the store last lost them. */
  loaded(domainName: string): Promise<boolean>;
  /**
   * Adds stored visitors to the domain's sets (today's sets by the Tehran day of `at`) and
   * marks it loaded. Adding is idempotent, so two nodes loading at once agree.
   */
  load(domainName: string, visitors: StoredVisitor[], at: Date): Promise<void>;
  /** A visitor's socket connected on `nodeId`; online until closed or the node stops beating. */
  connectionOpened(connection: OpenedConnection): Promise<void>;
  /** The socket disconnected; unknown ids are ignored. */
  connectionClosed(connection: { domainName: string; connectionId: string }): Promise<void>;
  /**
   * `nodeId` is alive at `at`: its open connections stay online until `at + ONLINE_TTL_MS`.
   * False when the store knows no connection of this node (none open, or the store lost them):
   * the node then opens again every connection it holds.
   */
  heartbeat(nodeId: string, at: Date): Promise<boolean>;
}

/** The Asia/Tehran calendar date of `at` as `YYYY-MM-DD` (Gregorian), the key of "today". */
export const tehranDayKey = tehranDay;
