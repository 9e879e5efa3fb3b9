import type { LiveVisit, TrackerVisit } from '@vitrin/contracts';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { liveVisitors, liveVisits } from './schema';
import type { VisitKind, VisitorCountStore, VisitorCounts } from './visitor-counts';

/** Visits waiting to be written; past this many (PostgreSQL down) the oldest are dropped. */
const MAX_PENDING_VISITS = 100_000;
/**
 * One INSERT carries at most this many rows, and the event loop runs between two: the embedded
 * database runs SQL on this thread, so one second's thousand visits in one statement held every
 * socket for up to 300 ms (bench/live.ts, PGlite p99).
 */
const INSERT_SLICE = 200;

/** Lets sockets and requests waiting on the event loop run before the next statement. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** A domain lost again right after loading it (Redis emptied twice in a row) is an error. */
const LOAD_ATTEMPTS = 3;
/** Page views kept for the feed and the chart; visitors are kept for good. */
export const LIVE_VISITS_KEPT_DAYS = 30;
const RECENT_VISITS = 30;

export interface RecordedVisit {
  domainName: string;
  kwClientId: string;
  at: Date;
  page: TrackerVisit;
}

interface PendingVisit extends RecordedVisit {
  kind: VisitKind;
}

export interface LiveActivity {
  recentVisits: LiveVisit[];
  visitsByHour: Array<{ hour: number; visits: number }>;
}

/**
 * Counting plus persistence (docs/decisions/0014): every visit is answered by the shared
 * `VisitorCountStore` at once and written behind to PostgreSQL in batches (`flush`, every second
 * and at close). A domain whose sets the store has lost (a fresh process without Redis, or a
 * Redis restarted empty) is loaded from `live_visitors` when the store says so, then asked again.
 */
export function createLiveService(deps: { db: Database; store: VisitorCountStore; log: Logger }) {
  const { db, store, log } = deps;
  let pending: PendingVisit[] = [];
  let flushing: Promise<void> | null = null;
  const loading = new Map<string, Promise<void>>();

  async function loadFromDatabase(domainName: string, at: Date): Promise<void> {
    const rows = await db
      .select({
        kwClientId: liveVisitors.kwClientId,
        firstSeenAt: liveVisitors.firstSeenAt,
        lastVisitAt: liveVisitors.lastVisitAt,
      })
      .from(liveVisitors)
      .where(eq(liveVisitors.domainName, domainName));
    await store.load(domainName, rows, at);
  }

  /** One load per domain at a time in this process; other nodes' loads add the same rows. */
  function loadOnce(domainName: string, at: Date): Promise<void> {
    let load = loading.get(domainName);
    if (!load) {
      load = loadFromDatabase(domainName, at).finally(() => loading.delete(domainName));
      loading.set(domainName, load);
    }
    return load;
  }

  /** Asks the store; when it says the domain is not loaded, loads it and asks again. */
  async function whenLoaded<T>(
    domainName: string,
    at: Date,
    ask: () => Promise<T | null>,
  ): Promise<T> {
    for (let attempt = 0; attempt < LOAD_ATTEMPTS; attempt += 1) {
      const answer = await ask();
      if (answer !== null) return answer;
      await loadOnce(domainName, at);
    }
    throw new Error(`the live sets of ${domainName} were lost again while loading`);
  }

  async function writeBatch(batch: PendingVisit[]): Promise<void> {
    const visitors = new Map<string, typeof liveVisitors.$inferInsert>();
    for (const visit of batch) {
      const key = `${visit.domainName}\n${visit.kwClientId}`;
      const seen = visitors.get(key);
      if (!seen) {
        visitors.set(key, {
          domainName: visit.domainName,
          kwClientId: visit.kwClientId,
          firstSeenAt: visit.at,
          lastVisitAt: visit.at,
        });
      } else if (visit.at > seen.lastVisitAt) {
        seen.lastVisitAt = visit.at;
      }
    }
    const visitorRows = [...visitors.values()];
    await db.transaction(async (tx) => {
      for (let start = 0; start < visitorRows.length; start += INSERT_SLICE) {
        await yieldToEventLoop();
        await tx
          .insert(liveVisitors)
          .values(visitorRows.slice(start, start + INSERT_SLICE))
          .onConflictDoUpdate({
            target: [liveVisitors.domainName, liveVisitors.kwClientId],
            set: {
              firstSeenAt: sql`least(${liveVisitors.firstSeenAt}, excluded.first_seen_at)`,
              lastVisitAt: sql`greatest(${liveVisitors.lastVisitAt}, excluded.last_visit_at)`,
            },
          });
      }
      for (let start = 0; start < batch.length; start += INSERT_SLICE) {
        await yieldToEventLoop();
        await tx.insert(liveVisits).values(
          batch.slice(start, start + INSERT_SLICE).map((visit) => ({
            domainName: visit.domainName,
            kwClientId: visit.kwClientId,
            kind: visit.kind,
            path: visit.page.path,
            title: visit.page.title,
            referrer: visit.page.referrer,
            visitedAt: visit.at,
          })),
        );
      }
    });
  }

  async function flushOnce(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        await writeBatch(batch);
      } catch (error) {
        // Keep them for the next flush, newest last; a long outage drops the oldest.
        pending = [...batch, ...pending];
        const dropped = pending.length - MAX_PENDING_VISITS;
        if (dropped > 0) pending = pending.slice(dropped);
        log.error({ err: error, pending: pending.length, dropped }, 'live visits not written');
        return;
      }
    }
  }

  return {
    /** Counts a visit and queues it for PostgreSQL; the answer does not wait for the write. */
    async recordVisit(visit: RecordedVisit): Promise<{ kind: VisitKind; counts: VisitorCounts }> {
      const answer = await whenLoaded(visit.domainName, visit.at, () => store.recordVisit(visit));
      pending.push({ ...visit, kind: answer.kind });
      return answer;
    },

    async counts(domainName: string, at: Date): Promise<VisitorCounts> {
      return whenLoaded(domainName, at, () => store.counts(domainName, at));
    },

    /** Writes every queued visit; concurrent calls share one run. */
    flush(): Promise<void> {
      flushing ??= flushOnce().finally(() => {
        flushing = null;
      });
      return flushing;
    },

    pendingCount(): number {
      return pending.length;
    },

    /** The feed and today's hours (Asia/Tehran) from what has been written. */
    async activity(domainName: string, at: Date): Promise<LiveActivity> {
      const recent = await db
        .select({
          at: liveVisits.visitedAt,
          path: liveVisits.path,
          title: liveVisits.title,
          referrer: liveVisits.referrer,
          kind: liveVisits.kind,
        })
        .from(liveVisits)
        .where(eq(liveVisits.domainName, domainName))
        .orderBy(desc(liveVisits.visitedAt), desc(liveVisits.id))
        .limit(RECENT_VISITS);
      const tehranHour = sql<number>`extract(hour from ${liveVisits.visitedAt} at time zone 'Asia/Tehran')::int`;
      const hours = await db
        .select({ hour: tehranHour, visits: sql<number>`count(*)::int` })
        .from(liveVisits)
        .where(
          and(
            eq(liveVisits.domainName, domainName),
            sql`${liveVisits.visitedAt} >= (date_trunc('day', ${at.toISOString()}::timestamptz at time zone 'Asia/Tehran') at time zone 'Asia/Tehran')`,
            sql`${liveVisits.visitedAt} <= ${at.toISOString()}::timestamptz`,
          ),
        )
        .groupBy(tehranHour);
      const byHour = new Map(hours.map((row) => [Number(row.hour), Number(row.visits)]));
      return {
        recentVisits: recent.map((row) => ({ ...row, at: row.at.toISOString() })),
        visitsByHour: Array.from({ length: 24 }, (_, hour) => ({
          hour,
          visits: byHour.get(hour) ?? 0,
        })),
      };
    },

    /** Deletes page views older than LIVE_VISITS_KEPT_DAYS (the visitors stay). */
    async pruneVisits(at: Date): Promise<number> {
      const before = new Date(at.getTime() - LIVE_VISITS_KEPT_DAYS * 86_400_000);
      const deleted = await db
        .delete(liveVisits)
        .where(lt(liveVisits.visitedAt, before))
        .returning({ id: liveVisits.id });
      return deleted.length;
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
