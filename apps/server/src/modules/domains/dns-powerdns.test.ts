import type { MxRecord } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DnsRecord } from '../../providers/dns/dns-driver';
import { domains } from '../../schema';
import { ok, refused } from '../../test/api-kit';
import { type PowerDnsServer, startPowerDns } from '../../test/powerdns';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Customer, createCustomer, grantCredit } from '../orders/checkout-test-kit';

// A domain's DNS zone edited by its owner with the app on PowerDNS (DNS_SERVER=powerdns, issue
// 38): the same calls as on the database, against a real pdns_server (test/powerdns.ts), and
// what is saved is answered to a DNS client asking that server.

const HOLDER = {
  kind: 'person',
  name: 'Maryam Azmoon',
  nationalCode: '0012345679',
  email: 'maryam@example.com',
  phone: '۰۹۱۲۰۰۰۱۱۲۲',
  street: 'No. 3, Enghelab St.',
  city: 'Tehran',
  province: 'Tehran',
  postalCode: '1458765432',
  countryCode: 'ir',
} as const;

const OUR_NAMESERVERS = ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'];

let pdns: PowerDnsServer;
let testApp: TestApp | undefined;
const resolver = new Resolver({ timeout: 2000, tries: 1 });
let counter = 0;

beforeAll(async () => {
  pdns = await startPowerDns();
  resolver.setServers([pdns.dnsAddress]);
  // The settings DNS_SERVER=powerdns with POWERDNS_API_URL and POWERDNS_API_KEY make (config.ts).
  testApp = await createTestApp({
    seedDemoData: true,
    dns: { kind: 'powerdns', apiUrl: pdns.apiUrl, apiKey: pdns.apiKey },
  });
});
afterAll(async () => {
  await testApp?.close();
  await pdns?.stop();
});

function app() {
  if (!testApp) throw new Error('the test app is built in beforeAll');
  return testApp.app;
}

async function ownedDomain(options: { pending?: boolean } = {}) {
  counter += 1;
  const name = `dns-pdns-${process.pid}-${counter}.ir`;
  const customer: Customer = await createCustomer(app());
  await grantCredit(app().db, customer.id, 100_000_000);
  await ok(app(), '/api/user/domains/save-contact', HOLDER, customer.token);
  await ok(
    app(),
    '/api/cart/add-domain-to-cart',
    { name, action: 'register', years: 1 },
    customer.token,
  );
  const order = await ok(app(), '/api/cart/submit-order', {}, customer.token);
  await ok(app(), '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token);
  if (!options.pending) await app().jobs.drain();
  const [row] = await app().db.select().from(domains).where(eq(domains.ascii, name));
  if (!row) throw new Error('no domain');
  expect(row.status).toBe(options.pending ? 'pending-registration' : 'active');
  return { customer, id: row.id, name };
}

/** The DNS error code of a failed query (ENOTFOUND is NXDOMAIN, ENODATA an empty answer). */
async function dnsFailure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'no code';
  }
  return 'answered';
}

/** MX answers by priority, without the record type newer Node versions add. */
function mailExchanges(answers: MxRecord[]) {
  return answers
    .map(({ priority, exchange }) => ({ priority, exchange }))
    .sort((a, b) => a.priority - b.priority);
}

const sorted = (records: readonly DnsRecord[]) =>
  [...records].sort((a, b) =>
    `${a.name} ${a.type} ${a.content}`.localeCompare(`${b.name} ${b.type} ${b.content}`),
  );

describe('DNS zone on PowerDNS', () => {
  test('get-dns makes the zone on PowerDNS, served by our nameservers', async () => {
    const { customer, id, name } = await ownedDomain();
    const zone = await ok(app(), '/api/user/domains/get-dns', { id }, customer.token);
    expect(zone).toEqual({
      onOurNameservers: true,
      server: 'powerdns',
      nameservers: OUR_NAMESERVERS,
      records: [],
      hosting: null,
    });
    expect((await resolver.resolveNs(name)).sort()).toEqual(OUR_NAMESERVERS);
    expect((await resolver.resolveSoa(name)).nsname).toBe('ns1.vitrin.localhost');

    await ok(
      app(),
      '/api/user/domains/set-nameservers',
      { id, nameservers: ['ns1.elsewhere.ir', 'ns2.elsewhere.ir'] },
      customer.token,
    );
    const elsewhere = await ok(app(), '/api/user/domains/get-dns', { id }, customer.token);
    expect(elsewhere).toMatchObject({ onOurNameservers: false, server: 'powerdns' });
  });

  test('saved records are answered by the DNS server, and a removed one is gone', async () => {
    const { customer, id, name } = await ownedDomain();
    const records = [
      { name: '@', type: 'A', ttl: 300, content: '192.0.2.10' },
      { name: 'www', type: 'A', ttl: 600, content: '192.0.2.11' },
      { name: 'www', type: 'A', ttl: 600, content: '192.0.2.12' },
      { name: '@', type: 'AAAA', ttl: 300, content: '2001:0DB8::10' },
      { name: 'blog', type: 'CNAME', ttl: 300, content: 'sites.example.ir.' },
      { name: '@', type: 'MX', ttl: 3600, content: `10 mail.${name}` },
      { name: '@', type: 'MX', ttl: 3600, content: '20 backup-mail.example.ir' },
      { name: 'mail', type: 'A', ttl: 300, content: '192.0.2.20' },
      { name: '@', type: 'TXT', ttl: 300, content: 'v=spf1 mx -all' },
      { name: '_sip._tcp', type: 'SRV', ttl: 300, content: '10 5 5060 sip.example.ir' },
      { name: '@', type: 'CAA', ttl: 300, content: '0 issue "letsencrypt.org"' },
    ] as const;
    const canonical: DnsRecord[] = records.map((record) => ({
      ...record,
      content:
        record.type === 'AAAA'
          ? '2001:db8::10'
          : record.type === 'CNAME'
            ? 'sites.example.ir'
            : record.content,
    }));
    const saved = await ok(
      app(),
      '/api/user/domains/save-dns',
      { id, records: [...records] },
      customer.token,
    );
    expect(saved.server).toBe('powerdns');
    expect(sorted(saved.records)).toEqual(sorted(canonical));
    const read = await ok(app(), '/api/user/domains/get-dns', { id }, customer.token);
    expect(sorted(read.records)).toEqual(sorted(canonical));

    // A DNS client asking the server gets them.
    const www = await resolver.resolve4(`www.${name}`, { ttl: true });
    expect(www.sort((a, b) => a.address.localeCompare(b.address))).toEqual([
      { address: '192.0.2.11', ttl: 600 },
      { address: '192.0.2.12', ttl: 600 },
    ]);
    expect(await resolver.resolve4(name)).toEqual(['192.0.2.10']);
    expect(await resolver.resolve6(name)).toEqual(['2001:db8::10']);
    expect(await resolver.resolveCname(`blog.${name}`)).toEqual(['sites.example.ir']);
    expect(mailExchanges(await resolver.resolveMx(name))).toEqual([
      { priority: 10, exchange: `mail.${name}` },
      { priority: 20, exchange: 'backup-mail.example.ir' },
    ]);
    expect(await resolver.resolveTxt(name)).toEqual([['v=spf1 mx -all']]);
    expect(await resolver.resolveSrv(`_sip._tcp.${name}`)).toMatchObject([
      { priority: 10, weight: 5, port: 5060, name: 'sip.example.ir' },
    ]);
    expect(await resolver.resolveCaa(name)).toMatchObject([
      { critical: 0, issue: 'letsencrypt.org' },
    ]);

    // The owner removes www's addresses and the backup mail server.
    const fewer = canonical.filter(
      (record) => record.name !== 'www' && !record.content.includes('backup-mail'),
    );
    const after = await ok(
      app(),
      '/api/user/domains/save-dns',
      { id, records: fewer },
      customer.token,
    );
    expect(sorted(after.records)).toEqual(sorted(fewer));
    expect(await dnsFailure(resolver.resolve4(`www.${name}`))).toBe('ENOTFOUND');
    expect(mailExchanges(await resolver.resolveMx(name))).toEqual([
      { priority: 10, exchange: `mail.${name}` },
    ]);
    expect(await resolver.resolve4(name)).toEqual(['192.0.2.10']);
    expect(await resolver.resolveTxt(name)).toEqual([['v=spf1 mx -all']]);
    expect((await resolver.resolveNs(name)).sort()).toEqual(OUR_NAMESERVERS);
  });

  test('invalid records are refused on their field before PowerDNS is asked; DNS keeps answering the old', async () => {
    const { customer, id, name } = await ownedDomain();
    const kept = [{ name: 'www', type: 'A' as const, ttl: 300, content: '192.0.2.10' }];
    await ok(app(), '/api/user/domains/save-dns', { id, records: kept }, customer.token);
    const cases = [
      {
        records: [...kept, { name: 'shop', type: 'A', ttl: 300, content: '999.1.1.1' }],
        field: 'records.1.content',
        message: 'نشانی IPv4 درست نیست، مانند 192.0.2.10',
      },
      {
        records: [{ name: '@', type: 'CNAME', ttl: 300, content: 'sites.example.ir' }],
        field: 'records.0.name',
        message: 'CNAME روی خود دامنه (@) نمی‌نشیند؛ برای آن رکورد A یا AAAA بگذارید',
      },
      {
        records: [...kept, { name: 'www', type: 'CNAME', ttl: 300, content: 'sites.example.ir' }],
        field: 'records.1.name',
        message: 'نامی که CNAME دارد رکورد دیگری نمی‌پذیرد، نه حتی CNAME دیگری',
      },
    ];
    for (const { records, field, message } of cases) {
      const error = await refused(
        app(),
        '/api/user/domains/save-dns',
        { id, records },
        customer.token,
        400,
      );
      expect(error.fields?.[field], field).toBe(message);
    }
    expect((await ok(app(), '/api/user/domains/get-dns', { id }, customer.token)).records).toEqual(
      kept,
    );
    expect(await resolver.resolve4(`www.${name}`)).toEqual(['192.0.2.10']);
    expect(await dnsFailure(resolver.resolve4(`shop.${name}`))).toBe('ENOTFOUND');
  });

  test("another customer's domain is 404, and a pending domain 409, with no zone made", async () => {
    const { customer, id, name } = await ownedDomain();
    await ok(
      app(),
      '/api/user/domains/save-dns',
      { id, records: [{ name: '@', type: 'A', ttl: 300, content: '192.0.2.10' }] },
      customer.token,
    );
    const stranger = await createCustomer(app());
    await refused(app(), '/api/user/domains/get-dns', { id }, stranger.token, 404);
    await refused(
      app(),
      '/api/user/domains/save-dns',
      { id, records: [{ name: '@', type: 'A', ttl: 300, content: '203.0.113.66' }] },
      stranger.token,
      404,
    );
    expect(await resolver.resolve4(name)).toEqual(['192.0.2.10']);

    const pending = await ownedDomain({ pending: true });
    await refused(
      app(),
      '/api/user/domains/save-dns',
      { id: pending.id, records: [{ name: '@', type: 'A', ttl: 300, content: '192.0.2.10' }] },
      pending.customer.token,
      409,
    );
    // PowerDNS is not authoritative for a zone it was never given.
    expect(await dnsFailure(resolver.resolve4(pending.name))).toBe('EREFUSED');
  });

  // Last: it stops the file's PowerDNS.
  test('with PowerDNS down, the editor answers 503 in Persian', async () => {
    const { customer, id } = await ownedDomain();
    await pdns.stop();
    const error = await refused(app(), '/api/user/domains/get-dns', { id }, customer.token, 503);
    expect(error.message).toBe('سرور DNS اکنون پاسخ نمی‌دهد؛ کمی بعد دوباره تلاش کنید');
    await refused(
      app(),
      '/api/user/domains/save-dns',
      { id, records: [{ name: '@', type: 'A', ttl: 300, content: '192.0.2.10' }] },
      customer.token,
      503,
    );
  });
});
