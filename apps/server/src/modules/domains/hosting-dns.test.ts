import { getPanelServers, savePanelServer } from '@vitrin/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_SERVER_ADDRESSES } from '../../demo/seed-hosting-dns';
import type { DnsRecord } from '../../providers/dns/dns-driver';
import type { OutboxMailSender } from '../../providers/email/outbox-mail';
import { auditLog, domainEvents, domains, serviceEvents } from '../../schema';
import { ok, refused, type SignedInUser } from '../../test/api-kit';
import { createStaff } from '../../test/staff-kit';
import { createTestApp, setupTestApp, type TestApp } from '../../test/test-app';
import { type Customer, createCustomer, grantCredit } from '../orders/checkout-test-kit';
import { buyService, freshDomain, serviceRow } from '../services/panel-test-kit';

// A hosting account's records in its domain's zone (issue 38): when provisioning makes a site's
// account on a server for a domain its owner holds here on our nameservers, the zone points at
// the server, the owner's own records stay, and the service's and domain's timelines say what
// came of it, or why nothing was written. The demo's sandbox server answers on
// DEMO_SERVER_ADDRESSES; the zones are the database's (the default DNS server).

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

const STAFF_INBOX = 'ops@vitrin.example';
const t = setupTestApp({ seedDemoData: true, staffAlertEmails: [STAFF_INBOX] });
let admin: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
});

let counter = 0;

/** A customer who bought a fresh name and paid; registered at the registry unless `pending`. */
async function ownedDomain(app: FastifyInstance, customer?: Customer) {
  counter += 1;
  const name = `hosted-${process.pid}-${counter}.ir`;
  const owner = customer ?? (await createCustomer(app));
  await grantCredit(app.db, owner.id, 100_000_000);
  await ok(app, '/api/user/domains/save-contact', HOLDER, owner.token);
  await ok(
    app,
    '/api/cart/add-domain-to-cart',
    { name, action: 'register', years: 1 },
    owner.token,
  );
  const order = await ok(app, '/api/cart/submit-order', {}, owner.token);
  await ok(app, '/api/cart/use-wallet-in-order', { orderId: order.id }, owner.token);
  await app.jobs.drain();
  const [row] = await app.db.select().from(domains).where(eq(domains.ascii, name));
  if (row?.status !== 'active') throw new Error(`${name} is not active`);
  return { customer: owner, id: row.id, name };
}

function hosting(domain: string) {
  return { slug: 'host-linux-1g', cycle: 'monthly' as const, domain };
}

const dnsOf = (app: FastifyInstance, id: string, customer: Customer) =>
  ok(app, '/api/user/domains/get-dns', { id }, customer.token);

async function serviceNotes(app: FastifyInstance, serviceId: string) {
  const rows = await app.db
    .select()
    .from(serviceEvents)
    .where(and(eq(serviceEvents.serviceId, serviceId), eq(serviceEvents.kind, 'dns.records')))
    .orderBy(asc(serviceEvents.createdAt), asc(serviceEvents.id));
  return rows.map((row) => row.message);
}

async function domainNotes(app: FastifyInstance, domainId: string) {
  const rows = await app.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.domainId, domainId), eq(domainEvents.kind, 'dns.hosting')))
    .orderBy(asc(domainEvents.createdAt), asc(domainEvents.id));
  return rows.map((row) => row.message);
}

const record = (name: string, type: DnsRecord['type'], content: string, ttl = 3600) => ({
  name,
  type,
  ttl,
  content,
});

/** What the demo's sandbox server puts in a zone. */
function sandboxRecords(zone: string) {
  return [
    record('@', 'A', '203.0.113.10'),
    record('@', 'AAAA', '2001:db8:10::10'),
    record('www', 'CNAME', zone),
    record('mail', 'A', '203.0.113.10'),
    record('mail', 'AAAA', '2001:db8:10::10'),
    record('@', 'MX', `10 mail.${zone}`),
  ];
}

async function sandboxServer() {
  const { items } = await ok(t.app, getPanelServers.path, {}, admin.token);
  const server = items.find((item) => item.name === 'sandbox-1');
  if (!server) throw new Error('no sandbox server');
  return server;
}

/** Staff save the sandbox server with `addresses`, as the console's dialog does. */
async function setSandboxAddresses(addresses: string[]) {
  const server = await sandboxServer();
  return ok(
    t.app,
    savePanelServer.path,
    {
      id: server.id,
      name: server.name,
      kind: server.kind,
      baseUrl: server.baseUrl,
      groupName: server.groupName,
      capacity: server.capacity,
      nameservers: server.nameservers,
      addresses,
      enabled: server.enabled,
      reason: 'نشانی تازهٔ مرکز داده',
    },
    admin.token,
  );
}

describe("a hosting account's records", () => {
  test('the sandbox server of the demo answers on its documentation addresses', async () => {
    expect((await sandboxServer()).addresses).toEqual(DEMO_SERVER_ADDRESSES);
  });

  test('are written into the zone of a domain its owner holds on our nameservers, labelled on the DNS page, and told on both timelines', async () => {
    const { customer, id, name } = await ownedDomain(t.app);
    const service = await buyService(t.app, customer, hosting(name));
    expect(service.status).toBe('active');

    const zone = await dnsOf(t.app, id, customer);
    expect(zone.records).toEqual(sandboxRecords(name));
    expect(zone.hosting).toEqual({
      serviceName: service.name,
      records: sandboxRecords(name),
    });
    expect(await serviceNotes(t.app, service.id)).toEqual([
      `نوشتن رکوردهای DNS دامنهٔ ${name} برای سرور sandbox-1 در صف است`,
      `رکوردهای میزبانی در DNS دامنهٔ ${name} نوشته شد و دامنه اکنون به سرور sandbox-1 اشاره می‌کند`,
    ]);
    expect(await domainNotes(t.app, id)).toEqual([
      `رکوردهای میزبانی در DNS دامنهٔ ${name} نوشته شد و دامنه اکنون به سرور sandbox-1 اشاره می‌کند`,
    ]);

    // The job again (a retry after a crash) finds it done and writes nothing.
    const before = await dnsOf(t.app, id, customer);
    await t.app.jobs.drain();
    expect((await dnsOf(t.app, id, customer)).records).toEqual(before.records);
  });

  test("keep the owner's own records, and leave a name and type the owner pointed elsewhere", async () => {
    const { customer, id, name } = await ownedDomain(t.app);
    const own = [
      record('@', 'A', '192.0.2.50', 600),
      record('@', 'TXT', 'v=spf1 mx -all', 300),
      record('shop', 'CNAME', 'shops.example.ir', 300),
    ];
    await ok(t.app, '/api/user/domains/save-dns', { id, records: own }, customer.token);
    const service = await buyService(t.app, customer, hosting(name));

    const zone = await dnsOf(t.app, id, customer);
    expect(zone.records).toEqual([
      ...own,
      record('@', 'AAAA', '2001:db8:10::10'),
      record('www', 'CNAME', name),
      record('mail', 'A', '203.0.113.10'),
      record('mail', 'AAAA', '2001:db8:10::10'),
      record('@', 'MX', `10 mail.${name}`),
    ]);
    expect((await serviceNotes(t.app, service.id)).at(-1)).toBe(
      `رکوردهای میزبانی در DNS دامنهٔ ${name} نوشته شد و دامنه اکنون به سرور sandbox-1 اشاره می‌کند؛ رکوردهایی که خودتان در @ A نوشته‌اید دست نخورد`,
    );
  });

  test("follow the server when staff change its addresses; documentation addresses are the sandbox's alone", async () => {
    const { customer, id, name } = await ownedDomain(t.app);
    const service = await buyService(t.app, customer, hosting(name));
    const own = record('blog', 'A', '192.0.2.77', 300);
    await ok(
      t.app,
      '/api/user/domains/save-dns',
      { id, records: [...(await dnsOf(t.app, id, customer)).records, own] },
      customer.token,
    );

    const saved = await setSandboxAddresses(['198.51.100.20', '2001:DB8:20:0::20']);
    expect(saved.addresses).toEqual(['198.51.100.20', '2001:db8:20::20']);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'panel-server.update'), eq(auditLog.entityId, saved.id)));
    expect(audit?.before).toMatchObject({ addresses: DEMO_SERVER_ADDRESSES });
    expect(audit?.after).toMatchObject({ addresses: saved.addresses });
    await t.app.jobs.drain();
    try {
      expect((await dnsOf(t.app, id, customer)).records).toEqual([
        record('@', 'A', '198.51.100.20'),
        record('@', 'AAAA', '2001:db8:20::20'),
        record('www', 'CNAME', name),
        record('mail', 'A', '198.51.100.20'),
        record('mail', 'AAAA', '2001:db8:20::20'),
        record('@', 'MX', `10 mail.${name}`),
        own,
      ]);
      expect((await serviceNotes(t.app, service.id)).at(-1)).toContain(
        'دامنه اکنون به سرور sandbox-1 اشاره می‌کند',
      );
    } finally {
      await setSandboxAddresses(DEMO_SERVER_ADDRESSES);
      await t.app.jobs.drain();
    }
    expect((await dnsOf(t.app, id, customer)).records[0]).toEqual(record('@', 'A', '203.0.113.10'));

    // A real panel's sites are on the internet: a documentation or private address is refused
    // under its own line, and nothing is saved.
    const server = await sandboxServer();
    const whm = {
      name: `whm-addresses-${process.pid}`,
      kind: 'whm' as const,
      baseUrl: 'https://whm.example.ir:2087',
      groupName: 'hosting',
      capacity: 10,
      enabled: true,
      credentials: { username: 'root', apiToken: 'ABCDEFGHIJKLMNOPQRSTUVWX' },
    };
    const documentation = await refused(
      t.app,
      savePanelServer.path,
      { ...whm, addresses: ['185.51.200.10', '203.0.113.10'] },
      admin.token,
      400,
    );
    expect(documentation.fields).toEqual({
      'addresses.1':
        'این نشانی برای مثال در مستندات رزرو شده است؛ فقط پنل آزمایشی داخلی آن را می‌پذیرد',
    });
    const special = await refused(
      t.app,
      savePanelServer.path,
      { ...whm, addresses: ['192.168.1.10'] },
      admin.token,
      400,
    );
    expect(special.fields?.['addresses.0']).toBe(
      'این نشانی خصوصی یا رزروشده است و از اینترنت به آن نمی‌رسند',
    );
    const made = await ok(
      t.app,
      savePanelServer.path,
      { ...whm, addresses: ['185.51.200.10', '2A01:4F8::10'] },
      admin.token,
    );
    expect(made.addresses).toEqual(['185.51.200.10', '2a01:4f8::10']);
    // An edit that leaves the addresses out keeps them.
    const { credentials: _kept, ...edit } = whm;
    const edited = await ok(
      t.app,
      savePanelServer.path,
      { ...edit, id: made.id, capacity: 20 },
      admin.token,
    );
    expect(edited.addresses).toEqual(['185.51.200.10', '2a01:4f8::10']);
    expect((await sandboxServer()).addresses).toEqual(server.addresses);
  });

  test('of a server without addresses are not written, and both timelines say why', async () => {
    const { customer, id, name } = await ownedDomain(t.app);
    await setSandboxAddresses([]);
    try {
      const service = await buyService(t.app, customer, hosting(name));
      expect(service.status).toBe('active');
      const why =
        'سرور sandbox-1 هنوز نشانی IP ندارد؛ کارشناس باید نشانی‌های آن را در کنسول ثبت کند';
      expect(await serviceNotes(t.app, service.id)).toEqual([
        `رکوردهای DNS دامنهٔ ${name} نوشته نشد: ${why}`,
      ]);
      expect(await domainNotes(t.app, id)).toEqual([`رکوردهای میزبانی در DNS نوشته نشد: ${why}`]);
      expect((await dnsOf(t.app, id, customer)).records).toEqual([]);
    } finally {
      // Staff enter them: the zone of the account on the server follows at once.
      await setSandboxAddresses(DEMO_SERVER_ADDRESSES);
      await t.app.jobs.drain();
    }
    expect((await dnsOf(t.app, id, customer)).records).toEqual(sandboxRecords(name));
  });

  test("leave alone a domain on other nameservers, another customer's domain, one not held here, and an e-mail plan's", async () => {
    // The owner's, on another host's nameservers: our zone is not what the world asks.
    const elsewhere = await ownedDomain(t.app);
    await ok(
      t.app,
      '/api/user/domains/set-nameservers',
      { id: elsewhere.id, nameservers: ['ns1.other-host.ir', 'ns2.other-host.ir'] },
      elsewhere.customer.token,
    );
    const onElsewhere = await buyService(t.app, elsewhere.customer, hosting(elsewhere.name));
    expect(await serviceNotes(t.app, onElsewhere.id)).toEqual([
      `رکوردهای DNS دامنهٔ ${elsewhere.name} نوشته نشد: نام‌سرورهای آن جای دیگری است و DNS آن را خود مالک نگه می‌دارد`,
    ]);
    expect((await dnsOf(t.app, elsewhere.id, elsewhere.customer)).records).toEqual([]);

    // Someone else's: a stranger's hosting on it changes nothing and says nothing.
    const theirs = await ownedDomain(t.app);
    const stranger = await createCustomer(t.app);
    const onTheirs = await buyService(t.app, stranger, hosting(theirs.name));
    expect(await serviceNotes(t.app, onTheirs.id)).toEqual([]);
    expect(await domainNotes(t.app, theirs.id)).toEqual([]);
    const theirZone = await dnsOf(t.app, theirs.id, theirs.customer);
    expect(theirZone.records).toEqual([]);
    expect(theirZone.hosting).toBeNull();

    // A name held nowhere here.
    const notHeld = await buyService(t.app, stranger, hosting(freshDomain()));
    expect(await serviceNotes(t.app, notHeld.id)).toEqual([]);

    // Business e-mail on a held name: its records are the mailbox page's to tell.
    const mailed = await ownedDomain(t.app);
    const mail = await buyService(t.app, mailed.customer, {
      slug: 'email-team',
      cycle: 'annual',
      domain: mailed.name,
    });
    expect(mail.status).toBe('active');
    expect(await serviceNotes(t.app, mail.id)).toEqual([]);
    expect((await dnsOf(t.app, mailed.id, mailed.customer)).records).toEqual([]);
  });

  test('of a plan bought before its name is registered are written when the registry gives the name', async () => {
    const customer = await createCustomer(t.app);
    counter += 1;
    const name = `hosted-first-${process.pid}-${counter}.ir`;
    const service = await buyService(t.app, customer, hosting(name));
    expect(service.status).toBe('active');
    expect(await serviceNotes(t.app, service.id)).toEqual([]);

    const { id } = await ownedDomainNamed(customer, name);
    expect((await dnsOf(t.app, id, customer)).records).toEqual(sandboxRecords(name));
    expect(await domainNotes(t.app, id)).toEqual([
      `رکوردهای میزبانی در DNS دامنهٔ ${name} نوشته شد و دامنه اکنون به سرور sandbox-1 اشاره می‌کند`,
    ]);
  });
});

/** `ownedDomain` for a name chosen first. */
async function ownedDomainNamed(customer: Customer, name: string) {
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
  await t.app.jobs.drain();
  const [row] = await t.app.db.select().from(domains).where(eq(domains.ascii, name));
  if (row?.status !== 'active') throw new Error(`${name} is not active`);
  return { id: row.id };
}

describe('with the DNS server down', () => {
  let down: TestApp | undefined;
  beforeAll(async () => {
    // Nothing listens on port 1: every call to the PowerDNS API is refused.
    down = await createTestApp({
      seedDemoData: true,
      staffAlertEmails: [STAFF_INBOX],
      dns: { kind: 'powerdns', apiUrl: 'http://127.0.0.1:1', apiKey: 'a-test-api-key-1405' },
    });
  });
  afterAll(() => down?.close());

  test('the account is made all the same; the job retries, then tells staff and both timelines', async () => {
    if (!down) throw new Error('no app');
    const app = down.app;
    const { customer, id, name } = await ownedDomain(app);
    const service = await buyService(app, customer, hosting(name));
    expect(service.status).toBe('active');
    expect(await domainNotes(app, id)).toEqual([
      expect.stringMatching(
        /^سرور DNS پاسخ نداد و رکوردهای میزبانی هنوز نوشته نشده است؛ دوباره تلاش می‌شود/,
      ),
    ]);

    // Every retry, without waiting for its backoff: the last one gives up and says so.
    await app.jobs.drain(undefined, { includeDelayed: true });
    const failed = `رکوردهای میزبانی در DNS دامنهٔ ${name} نوشته نشد؛ سرور DNS آن‌ها را نگرفت`;
    const notes = await domainNotes(app, id);
    expect(notes).toHaveLength(2);
    expect(notes[1]).toMatch(new RegExp(`^${failed} \\(.+\\)؛ کارشناس پیگیری می‌کند$`));
    expect((await serviceNotes(app, service.id)).at(-1)).toMatch(new RegExp(`^${failed}`));
    const alerts = (app.mail as OutboxMailSender).sent.filter(
      (sent) => sent.to === STAFF_INBOX && sent.subject.includes(name),
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.html).toContain('سرور DNS آن‌ها را نگرفت');
    expect((await serviceRow(app, service.id)).status).toBe('active');
  });
});
