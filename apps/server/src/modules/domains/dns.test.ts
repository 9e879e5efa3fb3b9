import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { DnsRecord } from '../../providers/dns/dns-driver';
import { domains } from '../../schema';
import { ok, refused } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { type Customer, createCustomer, grantCredit } from '../orders/checkout-test-kit';

// A domain's DNS zone as its owner edits it (issue 38), on the default DNS server: the
// database, which keeps the zone and answers no DNS query. The whole record set is saved at
// once, checked first, and a problem is told on the record and field at fault.

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

/** The demo sandbox account's nameservers: the company's. */
const OUR_NAMESERVERS = ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'];

const t = setupTestApp({ seedDemoData: true });
let counter = 0;

/** A customer who bought a fresh name and paid; registered at the registry unless `pending`. */
async function ownedDomain(options: { pending?: boolean } = {}) {
  counter += 1;
  const name = `dns-zone-${process.pid}-${counter}.ir`;
  const customer: Customer = await createCustomer(t.app);
  await grantCredit(t.app.db, customer.id, 100_000_000);
  await ok(t.app, '/api/user/domains/save-contact', HOLDER, customer.token);
  await ok(
    t.app,
    '/api/cart/add-domain-to-cart',
    { name, action: 'register', years: 1 },
    customer.token,
  );
  const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
  await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token);
  if (!options.pending) await t.app.jobs.drain();
  const [row] = await t.app.db.select().from(domains).where(eq(domains.ascii, name));
  if (!row) throw new Error('no domain');
  expect(row.status).toBe(options.pending ? 'pending-registration' : 'active');
  return { customer, id: row.id, name };
}

/** One of each type, as a person types them (upper case, trailing dots, quotes). */
const EVERY_TYPE = [
  { name: '@', type: 'A', ttl: 300, content: '192.0.2.10' },
  { name: 'www', type: 'A', ttl: 300, content: '192.0.2.11' },
  { name: '@', type: 'AAAA', ttl: 300, content: '2001:0DB8:0:0:0:0:0:10' },
  { name: 'Blog', type: 'CNAME', ttl: 600, content: 'Sites.Example.ir.' },
  { name: '@', type: 'MX', ttl: 3600, content: '10 Mail.Example.ir.' },
  { name: '@', type: 'TXT', ttl: 300, content: '"v=spf1 mx -all"' },
  { name: '_sip._tcp', type: 'SRV', ttl: 300, content: '10 5 5060 sip.example.ir' },
  { name: '@', type: 'CAA', ttl: 300, content: '0 issue letsencrypt.org' },
] as const;

/** The same records in the canonical form the zone keeps. */
const EVERY_TYPE_STORED: DnsRecord[] = [
  { name: '@', type: 'A', ttl: 300, content: '192.0.2.10' },
  { name: 'www', type: 'A', ttl: 300, content: '192.0.2.11' },
  { name: '@', type: 'AAAA', ttl: 300, content: '2001:db8::10' },
  { name: 'blog', type: 'CNAME', ttl: 600, content: 'sites.example.ir' },
  { name: '@', type: 'MX', ttl: 3600, content: '10 mail.example.ir' },
  { name: '@', type: 'TXT', ttl: 300, content: 'v=spf1 mx -all' },
  { name: '_sip._tcp', type: 'SRV', ttl: 300, content: '10 5 5060 sip.example.ir' },
  { name: '@', type: 'CAA', ttl: 300, content: '0 issue "letsencrypt.org"' },
];

describe('DNS zone on the database', () => {
  test("an active domain's zone is on our nameservers until the owner points it elsewhere", async () => {
    const { customer, id } = await ownedDomain();
    const zone = await ok(t.app, '/api/user/domains/get-dns', { id }, customer.token);
    expect(zone).toEqual({
      onOurNameservers: true,
      server: 'database',
      nameservers: OUR_NAMESERVERS,
      records: [],
      hosting: null,
    });

    await ok(
      t.app,
      '/api/user/domains/set-nameservers',
      { id, nameservers: ['ns1.elsewhere.ir', 'ns2.elsewhere.ir'] },
      customer.token,
    );
    const elsewhere = await ok(t.app, '/api/user/domains/get-dns', { id }, customer.token);
    expect(elsewhere).toMatchObject({
      onOurNameservers: false,
      server: 'database',
      nameservers: OUR_NAMESERVERS,
    });

    // One of ours and one elsewhere: the zone does not answer for it alone.
    await ok(
      t.app,
      '/api/user/domains/set-nameservers',
      { id, nameservers: ['ns1.vitrin.localhost', 'ns2.elsewhere.ir'] },
      customer.token,
    );
    expect(
      (await ok(t.app, '/api/user/domains/get-dns', { id }, customer.token)).onOurNameservers,
    ).toBe(false);

    await ok(
      t.app,
      '/api/user/domains/set-nameservers',
      { id, nameservers: [...OUR_NAMESERVERS].reverse() },
      customer.token,
    );
    expect(
      (await ok(t.app, '/api/user/domains/get-dns', { id }, customer.token)).onOurNameservers,
    ).toBe(true);
  });

  test('records of every type are saved and read back in their canonical form', async () => {
    const { customer, id } = await ownedDomain();
    const saved = await ok(
      t.app,
      '/api/user/domains/save-dns',
      { id, records: [...EVERY_TYPE] },
      customer.token,
    );
    expect(saved.records).toEqual(EVERY_TYPE_STORED);
    expect(saved.server).toBe('database');
    const read = await ok(t.app, '/api/user/domains/get-dns', { id }, customer.token);
    expect(read.records).toEqual(EVERY_TYPE_STORED);

    // The whole set is replaced: what is left out is gone.
    const fewer = await ok(
      t.app,
      '/api/user/domains/save-dns',
      { id, records: EVERY_TYPE_STORED.filter((record) => record.type !== 'MX') },
      customer.token,
    );
    expect(fewer.records.map((record) => record.type)).toEqual([
      'A',
      'A',
      'AAAA',
      'CNAME',
      'TXT',
      'SRV',
      'CAA',
    ]);
    const none = await ok(t.app, '/api/user/domains/save-dns', { id, records: [] }, customer.token);
    expect(none.records).toEqual([]);
  });

  test('invalid records are refused on their record and field, in Persian, and nothing changes', async () => {
    const { customer, id } = await ownedDomain();
    const kept = [{ name: '@', type: 'A' as const, ttl: 300, content: '192.0.2.10' }];
    await ok(t.app, '/api/user/domains/save-dns', { id, records: kept }, customer.token);

    const badAddress = await refused(
      t.app,
      '/api/user/domains/save-dns',
      {
        id,
        records: [...kept, { name: 'shop', type: 'A', ttl: 300, content: '999.1.1.1' }],
      },
      customer.token,
      400,
    );
    expect(badAddress.fields).toEqual({
      'records.1.content': 'نشانی IPv4 درست نیست، مانند 192.0.2.10',
    });

    const apexAlias = await refused(
      t.app,
      '/api/user/domains/save-dns',
      { id, records: [{ name: '@', type: 'CNAME', ttl: 300, content: 'sites.example.ir' }] },
      customer.token,
      400,
    );
    expect(apexAlias.fields?.['records.0.name']).toBe(
      'CNAME روی خود دامنه (@) نمی‌نشیند؛ برای آن رکورد A یا AAAA بگذارید',
    );

    const beside = await refused(
      t.app,
      '/api/user/domains/save-dns',
      {
        id,
        records: [
          { name: 'shop', type: 'A', ttl: 300, content: '192.0.2.30' },
          { name: 'shop', type: 'CNAME', ttl: 300, content: 'shops.example.ir' },
        ],
      },
      customer.token,
      400,
    );
    expect(beside.fields).toEqual({
      'records.1.name': 'نامی که CNAME دارد رکورد دیگری نمی‌پذیرد، نه حتی CNAME دیگری',
    });
    expect(beside.message).toBe('نامی که CNAME دارد رکورد دیگری نمی‌پذیرد، نه حتی CNAME دیگری');

    const shortTtl = await refused(
      t.app,
      '/api/user/domains/save-dns',
      { id, records: [{ name: '@', type: 'A', ttl: 5, content: '192.0.2.10' }] },
      customer.token,
      400,
    );
    expect(Object.keys(shortTtl.fields ?? {})).toEqual(['records.0.ttl']);

    const read = await ok(t.app, '/api/user/domains/get-dns', { id }, customer.token);
    expect(read.records).toEqual(kept);
  });

  test("another customer's domain is 404 to read and to save, and stays as it was", async () => {
    const { customer, id } = await ownedDomain();
    const records = [{ name: '@', type: 'A' as const, ttl: 300, content: '192.0.2.10' }];
    await ok(t.app, '/api/user/domains/save-dns', { id, records }, customer.token);
    const stranger = await createCustomer(t.app);
    const read = await refused(t.app, '/api/user/domains/get-dns', { id }, stranger.token, 404);
    expect(read.message).toBe('این دامنه پیدا نشد');
    await refused(
      t.app,
      '/api/user/domains/save-dns',
      { id, records: [{ name: '@', type: 'A', ttl: 300, content: '203.0.113.66' }] },
      stranger.token,
      404,
    );
    expect((await ok(t.app, '/api/user/domains/get-dns', { id }, customer.token)).records).toEqual(
      records,
    );
  });

  test('a domain not registered yet has no zone to edit (409)', async () => {
    const { customer, id } = await ownedDomain({ pending: true });
    const read = await refused(t.app, '/api/user/domains/get-dns', { id }, customer.token, 409);
    expect(read.message).toBe('رکوردهای DNS برای دامنهٔ ثبت‌شده در دسترس است');
    await refused(
      t.app,
      '/api/user/domains/save-dns',
      { id, records: [{ name: '@', type: 'A', ttl: 300, content: '192.0.2.10' }] },
      customer.token,
      409,
    );
  });
});
