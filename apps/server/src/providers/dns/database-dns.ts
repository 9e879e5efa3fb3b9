import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type DnsDriver, DnsError, type DnsRecord } from './dns-driver';
import { dnsRecords, dnsZones } from './dns-schema';
import { normalizeRecord, recordSetProblems } from './record-rules';

// `npm start`'s DNS (issue 38): zones kept in the provider's own tables and answering no DNS
// query; the zone editor's page says so. It refuses what the rules refuse (record-rules.ts), as
// an authoritative server refuses invalid records, so the editor behaves the same on both.

export class DatabaseDnsDriver implements DnsDriver {
  readonly kind = 'database';

  constructor(private readonly db: Database) {}

  async ensureZone(zone: string, nameservers: readonly string[]): Promise<void> {
    if (nameservers.length === 0) throw new DnsError('refused', `zone ${zone}: no nameservers`);
    const hosts = nameservers.map((host) => host.trim().toLowerCase().replace(/\.$/, ''));
    await this.db
      .insert(dnsZones)
      .values({ zone, nameservers: hosts })
      .onConflictDoUpdate({ target: dnsZones.zone, set: { nameservers: hosts } });
  }

  async records(zone: string): Promise<DnsRecord[]> {
    const [found] = await this.db
      .select({ zone: dnsZones.zone })
      .from(dnsZones)
      .where(eq(dnsZones.zone, zone));
    if (!found) throw new DnsError('not-found', `zone ${zone} does not exist`);
    return this.db
      .select({
        name: dnsRecords.name,
        type: dnsRecords.type,
        ttl: dnsRecords.ttl,
        content: dnsRecords.content,
      })
      .from(dnsRecords)
      .where(eq(dnsRecords.zone, zone))
      .orderBy(asc(dnsRecords.position));
  }

  async replaceRecords(zone: string, records: readonly DnsRecord[]): Promise<void> {
    const [problem, ...more] = recordSetProblems(zone, records);
    if (problem) {
      const where = problem.index === null ? '' : `record ${problem.index + 1}: `;
      const others = more.length > 0 ? ` (and ${more.length} more)` : '';
      throw new DnsError('refused', `${where}${problem.message}${others}`);
    }
    const rows = records.map((record, position) => ({
      ...normalizeRecord(zone, record),
      zone,
      position,
    }));
    await this.db.transaction(async (tx) => {
      // The zone's row is the lock: two saves of one zone apply one after the other.
      const [found] = await tx
        .select({ zone: dnsZones.zone })
        .from(dnsZones)
        .where(eq(dnsZones.zone, zone))
        .for('update');
      if (!found) throw new DnsError('not-found', `zone ${zone} does not exist`);
      await tx.delete(dnsRecords).where(eq(dnsRecords.zone, zone));
      if (rows.length > 0) await tx.insert(dnsRecords).values(rows);
    });
  }

  async deleteZone(zone: string): Promise<void> {
    await this.db.delete(dnsZones).where(eq(dnsZones.zone, zone));
  }
}
