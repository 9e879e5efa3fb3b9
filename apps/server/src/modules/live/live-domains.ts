import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import { servicesView } from '../services';

// Which domains exist for the live panel (docs/decisions/0014): the domain names of customers'
// services, whatever their state but cancelled. An expired site keeps its history and its
// counting; a cancelled one stops both. Names are compared as the tracker sends them: lower
// case, without one leading `www.`.

/** A domain as the tracker and the panel name it: trimmed, lower case, no leading `www.`. */
export function normalizeDomainName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/^www\./, '');
}

const normalizedServiceDomain = sql<string>`regexp_replace(lower(trim(${servicesView.domainName})), '^www\\.', '')`;
const notCancelled = ne(servicesView.status, 'cancelled');

export interface LiveDomainRow {
  domainName: string;
  serviceName: string;
}

/** The person's live domains, one row per domain (its oldest service names it). */
export async function userLiveDomains(db: Database, userId: string): Promise<LiveDomainRow[]> {
  const rows = await db
    .select({ domainName: normalizedServiceDomain, serviceName: servicesView.name })
    .from(servicesView)
    .where(
      and(
        eq(servicesView.userId, userId),
        notCancelled,
        sql`${servicesView.domainName} is not null`,
      ),
    )
    .orderBy(asc(servicesView.createdAt));
  const byDomain = new Map<string, LiveDomainRow>();
  for (const row of rows) {
    if (row.domainName && !byDomain.has(row.domainName)) byDomain.set(row.domainName, row);
  }
  return [...byDomain.values()];
}

export async function userOwnsDomain(
  db: Database,
  userId: string,
  domainName: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: servicesView.id })
    .from(servicesView)
    .where(
      and(eq(servicesView.userId, userId), notCancelled, eq(normalizedServiceDomain, domainName)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Whether trackers may report visits for a domain. Every tracker connection asks, so answers
 * (no included) are kept for `ttlMs`: a new service's site is counted within that long.
 */
export function createRegisteredDomains(db: Database, ttlMs = 30_000) {
  const cache = new LRUCache<string, boolean>({ max: 50_000, ttl: ttlMs });
  const inFlight = new Map<string, Promise<boolean>>();
  return async function isRegistered(domainName: string): Promise<boolean> {
    const known = cache.get(domainName);
    if (known !== undefined) return known;
    let lookup = inFlight.get(domainName);
    if (!lookup) {
      lookup = db
        .select({ id: servicesView.id })
        .from(servicesView)
        .where(and(notCancelled, eq(normalizedServiceDomain, domainName)))
        .limit(1)
        .then((rows) => {
          cache.set(domainName, rows.length > 0);
          return rows.length > 0;
        })
        .finally(() => inFlight.delete(domainName));
      inFlight.set(domainName, lookup);
    }
    return lookup;
  };
}
