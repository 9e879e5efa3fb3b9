import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { setupTestApp } from '../../test/test-app';
import { DatabaseDnsDriver } from './database-dns';
import { DnsError, type DnsRecord } from './dns-driver';
import { dnsRecords, dnsZones } from './dns-schema';

// `npm start`'s DNS (issue 38): zones in the provider's own tables, behaving as the PowerDNS
// driver does (powerdns-driver.test.ts) for everything but answering DNS queries.

const t = setupTestApp();
let driver: DatabaseDnsDriver;
const ZONE = 'sara-blog.com';
const NAMESERVERS = ['ns1.vitrin.ir', 'ns2.vitrin.ir'];

beforeAll(() => {
  driver = new DatabaseDnsDriver(t.app.db);
});

async function failure(promise: Promise<unknown>): Promise<DnsError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DnsError);
    return error as DnsError;
  }
  return expect.unreachable('the call did not throw');
}

const RECORDS: DnsRecord[] = [
  { name: '@', type: 'A', ttl: 300, content: '192.0.2.10' },
  { name: 'WWW', type: 'CNAME', ttl: 300, content: 'Sara-Blog.com.' },
  { name: '@', type: 'MX', ttl: 3600, content: '10 mail.sara-blog.com' },
  { name: '@', type: 'TXT', ttl: 300, content: '"v=spf1 mx -all"' },
  { name: '@', type: 'AAAA', ttl: 300, content: '2001:0db8::0010' },
];

describe('database DNS driver', () => {
  test('a zone is created once; a second ensureZone sets its nameservers', async () => {
    await driver.ensureZone(ZONE, NAMESERVERS);
    await driver.ensureZone(ZONE, ['NS3.vitrin.ir.', 'ns4.vitrin.ir']);
    const zones = await t.app.db.select().from(dnsZones).where(eq(dnsZones.zone, ZONE));
    expect(zones.map((zone) => zone.nameservers)).toEqual([['ns3.vitrin.ir', 'ns4.vitrin.ir']]);
    expect(await driver.records(ZONE)).toEqual([]);
  });

  test('records are stored in their canonical form and read back in the editor’s order', async () => {
    await driver.replaceRecords(ZONE, RECORDS);
    expect(await driver.records(ZONE)).toEqual([
      { name: '@', type: 'A', ttl: 300, content: '192.0.2.10' },
      { name: 'www', type: 'CNAME', ttl: 300, content: 'sara-blog.com' },
      { name: '@', type: 'MX', ttl: 3600, content: '10 mail.sara-blog.com' },
      { name: '@', type: 'TXT', ttl: 300, content: 'v=spf1 mx -all' },
      { name: '@', type: 'AAAA', ttl: 300, content: '2001:db8::10' },
    ]);
    await driver.replaceRecords(ZONE, RECORDS);
    expect(await driver.records(ZONE)).toHaveLength(RECORDS.length);
  });

  test('records left out of a save are gone', async () => {
    await driver.replaceRecords(ZONE, RECORDS.slice(2, 3));
    expect(await driver.records(ZONE)).toEqual([
      { name: '@', type: 'MX', ttl: 3600, content: '10 mail.sara-blog.com' },
    ]);
  });

  test('a set the rules refuse is refused with the Persian problem, and nothing changes', async () => {
    const error = await failure(
      driver.replaceRecords(ZONE, [
        { name: '@', type: 'A', ttl: 300, content: '192.0.2.10' },
        { name: '@', type: 'CNAME', ttl: 300, content: 'shops.example.ir' },
      ]),
    );
    expect([error.kind, error.retryable]).toEqual(['refused', false]);
    expect(error.message).toContain('CNAME');
    expect(error.message).toMatch(/[\u0600-\u06ff]/);
    expect(await driver.records(ZONE)).toEqual([
      { name: '@', type: 'MX', ttl: 3600, content: '10 mail.sara-blog.com' },
    ]);
  });

  test('two saves at once leave one of them whole, never a mix', async () => {
    const first: DnsRecord[] = [
      { name: '@', type: 'A', ttl: 300, content: '192.0.2.1' },
      { name: 'a', type: 'A', ttl: 300, content: '192.0.2.1' },
    ];
    const second: DnsRecord[] = [{ name: '@', type: 'A', ttl: 300, content: '192.0.2.2' }];
    await Promise.all([driver.replaceRecords(ZONE, first), driver.replaceRecords(ZONE, second)]);
    expect([first, second]).toContainEqual(await driver.records(ZONE));
  });

  test('a zone that does not exist is not-found; deleting removes its records, twice is fine', async () => {
    expect((await failure(driver.records('nobody-here.ir'))).kind).toBe('not-found');
    expect((await failure(driver.replaceRecords('nobody-here.ir', []))).kind).toBe('not-found');

    await driver.ensureZone('short-lived.ir', NAMESERVERS);
    await driver.replaceRecords('short-lived.ir', [
      { name: '@', type: 'A', ttl: 300, content: '192.0.2.40' },
    ]);
    await driver.deleteZone('short-lived.ir');
    await driver.deleteZone('short-lived.ir');
    expect((await failure(driver.records('short-lived.ir'))).kind).toBe('not-found');
    const left = await t.app.db
      .select()
      .from(dnsRecords)
      .where(eq(dnsRecords.zone, 'short-lived.ir'));
    expect(left).toEqual([]);
  });
});
