import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { hostingRecordsFor, mergeHostingRecords } from '../modules/domains/hosting-records';
import { recordDomainEvent } from '../modules/domains/lifecycle';
import { hostingAccountsOf, noteHostingDns } from '../modules/services';
import { DatabaseDnsDriver } from '../providers/dns/database-dns';
import { domains, panelServers, registrarAccounts, users } from '../schema';

/**
 * The demo's sandbox server answers on addresses of the documentation ranges (RFC 5737 and
 * RFC 3849): its accounts exist nowhere on the internet, and these addresses say so. Only the
 * sandbox may name them (ip-address.ts).
 */
export const DEMO_SERVER_ADDRESSES = ['203.0.113.10', '2001:db8:10::10'];

/**
 * A hosting account's records in its domain's zone (seed part `hosting-dns`, issue 38): the
 * sandbox server gets its addresses (unless staff gave it some), and سارا's `sara-blog.com`
 * zone is pointed at her hosting account there, as provisioning's job points a hosted domain.
 * Written into the built-in DNS (the default's tables): a demo run on PowerDNS starts her zone
 * as any zone starts there, from its first read, and staff saving the server's addresses points
 * it. Runs on a database seeded before (the `domain-sales` part made her domain) as on a fresh one.
 */
export async function seedHostingDns(tx: Transaction): Promise<void> {
  const [server] = await tx.select().from(panelServers).where(eq(panelServers.name, 'sandbox-1'));
  if (!server) return;
  if (server.addresses.length === 0) {
    await tx
      .update(panelServers)
      .set({ addresses: DEMO_SERVER_ADDRESSES })
      .where(eq(panelServers.id, server.id));
  }
  const [sara] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.mobile, '+989121234567'));
  if (!sara) return;
  const zone = 'sara-blog.com';
  const [held] = await tx
    .select({ domain: domains, ours: registrarAccounts.defaultNameservers })
    .from(domains)
    .innerJoin(registrarAccounts, eq(registrarAccounts.id, domains.registrarAccountId))
    .where(and(eq(domains.userId, sara.id), eq(domains.ascii, zone), eq(domains.status, 'active')));
  const [account] = await hostingAccountsOf(tx, sara.id, zone);
  if (!held || held.ours.length === 0 || !account || account.addresses.length === 0) return;

  const dns = new DatabaseDnsDriver(tx);
  await dns.ensureZone(zone, held.ours);
  const merged = mergeHostingRecords(
    zone,
    await dns.records(zone),
    hostingRecordsFor(zone, account),
    new Set(account.addresses),
  );
  await dns.replaceRecords(zone, merged.records);
  const message = `رکوردهای میزبانی در DNS دامنهٔ ${zone} نوشته شد و دامنه اکنون به سرور ${account.serverName} اشاره می‌کند`;
  const now = new Date();
  await recordDomainEvent(
    tx,
    held.domain.id,
    { kind: 'dns.hosting', actor: 'system', message },
    now,
  );
  await noteHostingDns(tx, account.serviceId, message, now);
}
