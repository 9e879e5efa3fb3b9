import type { MxRecord } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PowerDnsServer, startPowerDns } from '../../test/powerdns';
import { DnsError, type DnsErrorKind, type DnsRecord } from './dns-driver';
import { PowerDnsDriver } from './powerdns-driver';
import { normalizeRecord } from './record-rules';

// The PowerDNS driver against a real pdns_server (Debian's, SQLite backend, test/powerdns.ts):
// what it writes through the API is read back equal and answered to a DNS client.

const ZONE = 'sara-blog.com';
const NAMESERVERS = ['ns1.vitrin.ir', 'ns2.vitrin.ir'];
const LONG_TEXT = `${'k=rsa; p='}${'A'.repeat(300)} سلام "دنیا" \\ پایان`;

const EVERY_TYPE: DnsRecord[] = [
  { name: '@', type: 'A', ttl: 300, content: '192.0.2.10' },
  { name: '@', type: 'A', ttl: 300, content: '192.0.2.11' },
  { name: '@', type: 'AAAA', ttl: 300, content: '2001:0DB8:0:0:0:0:0:10' },
  { name: 'www', type: 'CNAME', ttl: 600, content: 'sara-blog.com.' },
  { name: 'mail', type: 'A', ttl: 300, content: '192.0.2.20' },
  { name: '@', type: 'MX', ttl: 3600, content: '10 mail.sara-blog.com' },
  { name: '@', type: 'MX', ttl: 3600, content: '20 backup-mail.example.ir' },
  { name: '@', type: 'TXT', ttl: 300, content: '"v=spf1 mx -all"' },
  { name: 'S1._domainkey', type: 'TXT', ttl: 300, content: LONG_TEXT },
  { name: '_sip._tcp', type: 'SRV', ttl: 300, content: '10 5 5060 sip.sara-blog.com' },
  { name: '@', type: 'CAA', ttl: 300, content: '0 issue letsencrypt.org' },
];

let pdns: PowerDnsServer;
let driver: PowerDnsDriver;
const resolver = new Resolver({ timeout: 2000, tries: 1 });

beforeAll(async () => {
  pdns = await startPowerDns();
  driver = new PowerDnsDriver({ apiUrl: pdns.apiUrl, apiKey: pdns.apiKey, timeoutMs: 5000 });
  resolver.setServers([pdns.dnsAddress]);
});
afterAll(() => pdns?.stop());

function sorted(records: readonly DnsRecord[]): DnsRecord[] {
  const key = (record: DnsRecord) => `${record.name} ${record.type} ${record.content}`;
  return [...records].sort((a, b) => key(a).localeCompare(key(b)));
}

async function failure(promise: Promise<unknown>): Promise<DnsError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DnsError);
    return error as DnsError;
  }
  return expect.unreachable('the call did not throw');
}

/** The DNS error code (ENOTFOUND is NXDOMAIN, ENODATA an empty answer) of a failed query. */
async function dnsFailure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'no code';
  }
  return 'answered';
}

/** MX answers by priority, without the record type newer Node versions add. */
function mailExchanges(answers: MxRecord[]): MxRecord[] {
  return answers
    .map(({ priority, exchange }) => ({ priority, exchange }))
    .sort((a, b) => a.priority - b.priority);
}

async function soaSerial(): Promise<number> {
  return (await resolver.resolveSoa(ZONE)).serial;
}

describe('PowerDNS driver on a real pdns_server', () => {
  test('a zone is created once, with our nameservers at its apex and our first as its primary', async () => {
    await driver.ensureZone(ZONE, NAMESERVERS);
    await driver.ensureZone(ZONE, NAMESERVERS);
    expect(await driver.records(ZONE)).toEqual([]);
    expect((await resolver.resolveNs(ZONE)).sort()).toEqual(NAMESERVERS);
    const soa = await resolver.resolveSoa(ZONE);
    expect(soa.nsname).toBe('ns1.vitrin.ir');
    expect(soa.hostmaster).toBe(`hostmaster.${ZONE}`);
  });

  test('records of every type read back equal, in their canonical form', async () => {
    await driver.replaceRecords(ZONE, EVERY_TYPE);
    const read = await driver.records(ZONE);
    expect(sorted(read)).toEqual(sorted(EVERY_TYPE.map((record) => normalizeRecord(ZONE, record))));
    expect(read).toContainEqual({ name: '@', type: 'AAAA', ttl: 300, content: '2001:db8::10' });
    expect(read).toContainEqual({ name: 'www', type: 'CNAME', ttl: 600, content: 'sara-blog.com' });
    expect(read).toContainEqual({ name: '@', type: 'TXT', ttl: 300, content: 'v=spf1 mx -all' });
    expect(read).toContainEqual({
      name: 's1._domainkey',
      type: 'TXT',
      ttl: 300,
      content: LONG_TEXT,
    });
    expect(read).toContainEqual({
      name: '@',
      type: 'CAA',
      ttl: 300,
      content: '0 issue "letsencrypt.org"',
    });
  });

  test('a DNS client gets every record type from the server', async () => {
    const addresses = await resolver.resolve4(ZONE, { ttl: true });
    expect(addresses.sort((a, b) => a.address.localeCompare(b.address))).toEqual([
      { address: '192.0.2.10', ttl: 300 },
      { address: '192.0.2.11', ttl: 300 },
    ]);
    expect(await resolver.resolve6(ZONE)).toEqual(['2001:db8::10']);
    expect(await resolver.resolveCname(`www.${ZONE}`)).toEqual([ZONE]);
    expect(mailExchanges(await resolver.resolveMx(ZONE))).toEqual([
      { priority: 10, exchange: `mail.${ZONE}` },
      { priority: 20, exchange: 'backup-mail.example.ir' },
    ]);
    expect(await resolver.resolveTxt(ZONE)).toEqual([['v=spf1 mx -all']]);
    // Node hands each string's bytes over as Latin-1 characters: its bytes are the wire's.
    const [dkim = []] = await resolver.resolveTxt(`s1._domainkey.${ZONE}`);
    const strings = dkim.map((part) => Buffer.from(part, 'latin1'));
    // Cut into strings of at most 255 bytes (RFC 1035 §3.3), between characters.
    expect(strings.map((bytes) => bytes.length <= 255)).toEqual([true, true]);
    expect(strings.map((bytes) => bytes.toString('utf8')).join('')).toBe(LONG_TEXT);
    // toMatchObject: newer Node versions add the record's `type` to each answer.
    expect(await resolver.resolveSrv(`_sip._tcp.${ZONE}`)).toMatchObject([
      { priority: 10, weight: 5, port: 5060, name: `sip.${ZONE}` },
    ]);
    expect(await resolver.resolveCaa(ZONE)).toMatchObject([
      { critical: 0, issue: 'letsencrypt.org' },
    ]);
  });

  test('saving the same records again changes nothing, not even the serial', async () => {
    const serial = await soaSerial();
    await driver.replaceRecords(ZONE, EVERY_TYPE);
    expect(await soaSerial()).toBe(serial);
  });

  test('records left out of a save are gone from DNS; the SOA and NS stay', async () => {
    const serial = await soaSerial();
    const fewer: DnsRecord[] = [
      { name: '@', type: 'A', ttl: 900, content: '192.0.2.10' },
      { name: '@', type: 'MX', ttl: 3600, content: '10 mail.sara-blog.com' },
      { name: 'mail', type: 'A', ttl: 300, content: '192.0.2.20' },
    ];
    await driver.replaceRecords(ZONE, fewer);
    expect(sorted(await driver.records(ZONE))).toEqual(sorted(fewer));
    expect(await soaSerial()).toBeGreaterThan(serial);

    expect(await resolver.resolve4(ZONE, { ttl: true })).toEqual([
      { address: '192.0.2.10', ttl: 900 },
    ]);
    expect(mailExchanges(await resolver.resolveMx(ZONE))).toEqual([
      { priority: 10, exchange: `mail.${ZONE}` },
    ]);
    // The apex still exists: its removed types answer no data (NODATA) …
    expect(await dnsFailure(resolver.resolveTxt(ZONE))).toBe('ENODATA');
    expect(await dnsFailure(resolver.resolve6(ZONE))).toBe('ENODATA');
    expect(await dnsFailure(resolver.resolveCaa(ZONE))).toBe('ENODATA');
    // … and names left with nothing do not exist (NXDOMAIN).
    expect(await dnsFailure(resolver.resolveCname(`www.${ZONE}`))).toBe('ENOTFOUND');
    expect(await dnsFailure(resolver.resolveSrv(`_sip._tcp.${ZONE}`))).toBe('ENOTFOUND');
    expect(await dnsFailure(resolver.resolveTxt(`s1._domainkey.${ZONE}`))).toBe('ENOTFOUND');
    expect((await resolver.resolveNs(ZONE)).sort()).toEqual(NAMESERVERS);
    expect((await resolver.resolveSoa(ZONE)).nsname).toBe('ns1.vitrin.ir');
  });

  test('a name can change from an A record to a CNAME in one save', async () => {
    await driver.replaceRecords(ZONE, [
      { name: 'shop', type: 'A', ttl: 300, content: '192.0.2.30' },
    ]);
    await driver.replaceRecords(ZONE, [
      { name: 'shop', type: 'CNAME', ttl: 300, content: 'shops.example.ir' },
    ]);
    expect(await driver.records(ZONE)).toEqual([
      { name: 'shop', type: 'CNAME', ttl: 300, content: 'shops.example.ir' },
    ]);
    expect(await resolver.resolveCname(`shop.${ZONE}`)).toEqual(['shops.example.ir']);
  });

  test('ensureZone on an existing zone sets its nameservers and keeps its records', async () => {
    await driver.ensureZone(ZONE, ['ns3.vitrin.ir', 'ns4.vitrin.ir']);
    expect((await resolver.resolveNs(ZONE)).sort()).toEqual(['ns3.vitrin.ir', 'ns4.vitrin.ir']);
    expect(await driver.records(ZONE)).toHaveLength(1);
    await driver.replaceRecords(ZONE, []);
    expect(await driver.records(ZONE)).toEqual([]);
    expect((await resolver.resolveNs(ZONE)).sort()).toEqual(['ns3.vitrin.ir', 'ns4.vitrin.ir']);
  });

  test('a record PowerDNS cannot parse is refused with its words, and nothing changes', async () => {
    await driver.replaceRecords(ZONE, [{ name: '@', type: 'A', ttl: 300, content: '192.0.2.10' }]);
    const error = await failure(
      driver.replaceRecords(ZONE, [
        { name: '@', type: 'A', ttl: 300, content: '192.0.2.10' },
        { name: 'bad', type: 'A', ttl: 300, content: '192.0.2.300' },
      ]),
    );
    expect([error.kind, error.retryable]).toEqual(['refused', false]);
    expect(error.message).toContain('192.0.2.300');
    expect(await driver.records(ZONE)).toEqual([
      { name: '@', type: 'A', ttl: 300, content: '192.0.2.10' },
    ]);
  });

  test('a zone that does not exist is not-found; deleting it twice is not an error', async () => {
    const missing = await failure(driver.records('nobody-here.ir'));
    expect([missing.kind, missing.retryable]).toEqual<[DnsErrorKind, boolean]>([
      'not-found',
      false,
    ]);
    expect((await failure(driver.replaceRecords('nobody-here.ir', []))).kind).toBe('not-found');

    await driver.ensureZone('short-lived.ir', NAMESERVERS);
    await driver.replaceRecords('short-lived.ir', [
      { name: '@', type: 'A', ttl: 300, content: '192.0.2.40' },
    ]);
    expect(await resolver.resolve4('short-lived.ir')).toEqual(['192.0.2.40']);
    await driver.deleteZone('short-lived.ir');
    await driver.deleteZone('short-lived.ir');
    expect((await failure(driver.records('short-lived.ir'))).kind).toBe('not-found');
    // No longer authoritative for it, the server refuses the question.
    expect(await dnsFailure(resolver.resolve4('short-lived.ir'))).toBe('EREFUSED');
  });

  test('a wrong API key is an auth error, not retryable', async () => {
    const wrongKey = new PowerDnsDriver({ apiUrl: pdns.apiUrl, apiKey: 'not-the-key' });
    const error = await failure(wrongKey.records(ZONE));
    expect([error.kind, error.retryable]).toEqual(['auth', false]);
  });

  test('a server that does not answer in time is a retryable timeout', async () => {
    const held: Socket[] = [];
    const silent: Server = createServer((socket) => {
      held.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const slow = new PowerDnsDriver({
        apiUrl: `http://127.0.0.1:${port}`,
        apiKey: pdns.apiKey,
        timeoutMs: 200,
      });
      const error = await failure(slow.records(ZONE));
      expect([error.kind, error.retryable]).toEqual(['timeout', true]);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  // Last: it stops the file's server.
  test('a stopped PowerDNS is unreachable, and retryable', async () => {
    await pdns.stop();
    const error = await failure(
      driver.replaceRecords(ZONE, [{ name: '@', type: 'A', ttl: 300, content: '192.0.2.10' }]),
    );
    expect([error.kind, error.retryable]).toEqual(['unreachable', true]);
  });
});
