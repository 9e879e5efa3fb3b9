import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { defineEvent, emit } from '../../lib/events';
import { hasLimit, planLimitsOf } from '../catalog';
import { recordServiceEvent } from './lifecycle';
import type { PanelServerRow } from './panel-servers';
import { panelServers, services } from './schema';

// A site's account on a panel server, as the modules above see it (issue 38): the domains module
// points a domain's zone at the server's addresses. Services announces when an account for a
// domain is made on a server, or its server's addresses change; the module that keeps the zone
// decides whether it keeps this domain's zone and reports what it did, which goes on the service's
// timeline. It reads the accounts of a domain and every server's addresses through the functions
// below, never the tables.

/** A site's account now on a server, for `domainName` (its A-label form). */
export interface HostingPlaced {
  serviceId: string;
  userId: string;
  domainName: string;
  serverName: string;
  /** The server's addresses now; empty while staff have entered none. */
  addresses: string[];
  /**
   * The addresses the server had before staff changed them: records that point at them were
   * written for this account too, and are replaced.
   */
  previousAddresses: string[];
  now: Date;
}

/** What the module keeping the domain's zone did about it, in Persian, for the timeline. */
export interface HostingPlacedReport {
  message: string;
}

export const hostingPlaced = defineEvent<HostingPlaced, HostingPlacedReport | undefined>(
  'services:hosting-placed',
);

/** States in which the account exists on its panel. */
const ACCOUNT_STATUSES = ['active', 'expired', 'suspended'] as const;

/**
 * Whether a plan is business e-mail: its account serves the domain's mail, not its site, and
 * the mailbox page tells the owner its records (mailboxes.ts).
 */
async function isMailPlan(db: Database, productId: string | null): Promise<boolean> {
  return productId !== null && hasLimit(await planLimitsOf(db, productId), 'mailboxes');
}

/**
 * Tells the modules above that a service's site account is on `server` for its domain, and puts
 * what they did on the service's timeline. A service with no domain, or an e-mail plan, says
 * nothing.
 */
export async function announceHosting(
  tx: Transaction,
  service: Pick<typeof services.$inferSelect, 'id' | 'userId' | 'domainName' | 'productId'>,
  server: Pick<PanelServerRow, 'name' | 'addresses'>,
  now: Date,
  previousAddresses: readonly string[] = [],
): Promise<void> {
  if (!service.domainName || (await isMailPlan(tx, service.productId))) return;
  const reports = await emit(tx, hostingPlaced, {
    serviceId: service.id,
    userId: service.userId,
    domainName: service.domainName,
    serverName: server.name,
    addresses: [...server.addresses],
    previousAddresses: [...previousAddresses],
    now,
  });
  for (const report of reports) {
    if (report) await noteHostingDns(tx, service.id, report.message, now);
  }
}

/**
 * Staff changed a server's addresses: every site account on it is announced again, so the zones
 * that point at the old addresses follow. Clearing them changes no zone: there is nothing to
 * point at, and a zone left pointing at the old addresses is better than one pointing nowhere.
 */
export async function announceServerAddresses(
  tx: Transaction,
  server: PanelServerRow,
  previousAddresses: readonly string[],
  now: Date,
): Promise<void> {
  const same =
    server.addresses.length === previousAddresses.length &&
    server.addresses.every((address, index) => address === previousAddresses[index]);
  if (same || server.addresses.length === 0) return;
  const hosted = await tx
    .select({
      id: services.id,
      userId: services.userId,
      domainName: services.domainName,
      productId: services.productId,
    })
    .from(services)
    .where(
      and(
        eq(services.serverId, server.id),
        inArray(services.status, [...ACCOUNT_STATUSES]),
        isNotNull(services.domainName),
      ),
    );
  for (const service of hosted) {
    await announceHosting(tx, service, server, now, previousAddresses);
  }
}

/** A line on the service's timeline about its domain's DNS records. */
export function noteHostingDns(
  tx: Transaction,
  serviceId: string,
  message: string,
  now: Date,
  job?: { jobId: string; attempt: number },
): Promise<void> {
  return recordServiceEvent(
    tx,
    serviceId,
    { kind: 'dns.records', actor: 'system', message, ...job },
    now,
  );
}

/** One site account of a domain, as the zone is pointed at it. */
export interface HostingAccount {
  serviceId: string;
  serviceName: string;
  serverName: string;
  addresses: string[];
  /** cPanel, DirectAdmin and the sandbox receive the domain's mail; the site builder does not. */
  servesMail: boolean;
}

/**
 * The owner's site accounts on `domainName` (A-label form) that exist on a server now, the one
 * placed last first: when a domain has two, the newer one is where its owner moved the site.
 * E-mail plans are left out.
 */
export async function hostingAccountsOf(
  db: Database,
  userId: string,
  domainName: string,
): Promise<HostingAccount[]> {
  const rows = await db
    .select({
      serviceId: services.id,
      serviceName: services.name,
      productId: services.productId,
      serverName: panelServers.name,
      serverKind: panelServers.kind,
      addresses: panelServers.addresses,
    })
    .from(services)
    .innerJoin(panelServers, eq(panelServers.id, services.serverId))
    .where(
      and(
        eq(services.userId, userId),
        eq(services.domainName, domainName),
        inArray(services.status, [...ACCOUNT_STATUSES]),
      ),
    )
    .orderBy(desc(services.startsAt), desc(services.createdAt));
  const accounts: HostingAccount[] = [];
  for (const row of rows) {
    if (await isMailPlan(db, row.productId)) continue;
    accounts.push({
      serviceId: row.serviceId,
      serviceName: row.serviceName,
      serverName: row.serverName,
      addresses: row.addresses,
      servesMail: row.serverKind !== 'site-builder',
    });
  }
  return accounts;
}

/** Every address of every panel server: a record pointing at one was written for an account. */
export async function panelServerAddresses(db: Database): Promise<Set<string>> {
  const rows = await db.select({ addresses: panelServers.addresses }).from(panelServers);
  return new Set(rows.flatMap((row) => row.addresses));
}
