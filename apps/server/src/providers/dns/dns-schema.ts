import { bigserial, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DnsRecordType } from './dns-driver';

// The built-in DNS driver's own zones (issue 38): `npm start`'s default keeps each zone's records
// here and answers no DNS query (the zone editor's page says so). They belong to the provider,
// not to the domains module, as the sandbox registry's book does.

export const dnsZones = pgTable('dns_zones', {
  /** The zone's A-label name without the trailing dot: `sara-blog.com`. */
  zone: text('zone').primaryKey(),
  /** The apex NS records, host names without the trailing dot. */
  nameservers: text('nameservers').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The zone's editable records in their canonical form (record-rules.ts), in the editor's order. */
export const dnsRecords = pgTable(
  'dns_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    zone: text('zone')
      .notNull()
      .references(() => dnsZones.zone, { onDelete: 'cascade' }),
    /** Relative to the zone: `@`, `www`, `_sip._tcp`. */
    name: text('name').notNull(),
    type: text('type').$type<DnsRecordType>().notNull(),
    ttl: integer('ttl').notNull(),
    content: text('content').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [uniqueIndex('dns_records_zone_position_unique').on(table.zone, table.position)],
);
