import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FakeEppServer, OTHER_REGISTRAR } from '../../providers/registrar/fake-epp-server';
import { FakeIrnicServer } from '../../providers/registrar/fake-irnic-server';
import { SANDBOX_HOST_STATUS } from '../../providers/registrar/sandbox-registrar';
import {
  domainEvents,
  domainHosts,
  domains,
  registrarAccounts,
  sandboxRegistryNames,
} from '../../schema';
import { ok, refused } from '../../test/api-kit';
import { selfSignedCertificate } from '../../test/self-signed';
import { setupTestApp } from '../../test/test-app';
import { type Customer, createCustomer, grantCredit } from '../orders/checkout-test-kit';
import { sealRegistrarCredentials } from './registrars';

// A domain's child nameservers with their glue (issue 38, RFC 5732): the customer makes, changes
// and deletes `ns1.<domain>` on the domain's page; the registry is asked first and the domain
// records it after, on its timeline. At the sandbox registry (the default), at a generic EPP
// registry and at IRNIC, which keeps one address on each of the domain's nameservers.

const HOLDER = {
  kind: 'person',
  name: 'Sara Glue',
  nationalCode: '0012345679',
  email: 'sara.glue@example.com',
  phone: '09120000021',
  street: 'No. 9, Glue St.',
  city: 'Tehran',
  province: 'Tehran',
  postalCode: '1458765432',
  countryCode: 'IR',
} as const;

const t = setupTestApp({ seedDemoData: true });
let counter = 0;
const DAY_MS = 86_400_000;

/** A customer who bought a fresh .com name at the sandbox registry, now active. */
async function ownedDomain() {
  counter += 1;
  const name = `glue-${process.pid}-${counter}.com`;
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
  await t.app.jobs.drain();
  const [row] = await t.app.db.select().from(domains).where(eq(domains.ascii, name));
  if (row?.status !== 'active') throw new Error(`${name} is not active`);
  return { customer, id: row.id, name };
}

async function eventsOf(domainId: string) {
  return t.app.db
    .select({
      kind: domainEvents.kind,
      message: domainEvents.message,
      registry: domainEvents.registry,
    })
    .from(domainEvents)
    .where(eq(domainEvents.domainId, domainId));
}

async function sandboxHost(name: string) {
  const [row] = await t.app.db
    .select()
    .from(sandboxRegistryNames)
    .where(eq(sandboxRegistryNames.name, name));
  return row ?? null;
}

describe('child nameservers at the sandbox registry', () => {
  test('made with their glue, changed, pointed at, and deleted once no nameserver', async () => {
    const { customer, id, name } = await ownedDomain();
    const host = `ns1.${name}`;

    // A label under the domain, an address as a person types it.
    const made = await ok(
      t.app,
      '/api/user/domains/save-host',
      { id, host: 'NS1', addresses: ['192.0.2.53', '2001:DB8:0:0:0:0:0:53'] },
      customer.token,
    );
    expect(made.glue).toBe('host-objects');
    expect(made.hosts).toEqual([{ name: host, addresses: ['192.0.2.53', '2001:db8::53'] }]);
    expect(await sandboxHost(host)).toMatchObject({
      nameservers: ['192.0.2.53', '2001:db8::53'],
      statuses: [SANDBOX_HOST_STATUS],
    });
    expect(made.timeline[0]?.message).toBe(
      `نام‌سرور اختصاصی ${host} با 2 نشانی IP در ثبت‌کننده ساخته شد`,
    );

    // Changed by its whole name; the registry holds exactly the new addresses.
    const changed = await ok(
      t.app,
      '/api/user/domains/save-host',
      { id, host: `${host}.`, addresses: ['192.0.2.54'] },
      customer.token,
    );
    expect(changed.hosts).toEqual([{ name: host, addresses: ['192.0.2.54'] }]);
    expect((await sandboxHost(host))?.nameservers).toEqual(['192.0.2.54']);

    const pointed = await ok(
      t.app,
      '/api/user/domains/set-nameservers',
      { id, nameservers: [host, 'ns2.example.ir'] },
      customer.token,
    );
    expect(pointed.nameservers).toEqual([host, 'ns2.example.ir']);

    // Still a nameserver of the domain: refused before the registry is asked.
    const inUse = await refused(
      t.app,
      '/api/user/domains/delete-host',
      { id, host: 'ns1' },
      customer.token,
      409,
    );
    expect(inUse.fields?.host).toContain('هنوز نام‌سرور همین دامنه است');
    expect(await sandboxHost(host)).not.toBeNull();

    await ok(
      t.app,
      '/api/user/domains/set-nameservers',
      { id, nameservers: ['ns1.example.ir', 'ns2.example.ir'] },
      customer.token,
    );
    const deleted = await ok(t.app, '/api/user/domains/delete-host', { id, host }, customer.token);
    expect(deleted.hosts).toEqual([]);
    expect(await sandboxHost(host)).toBeNull();

    const events = await eventsOf(id);
    expect(
      events
        .filter((event) => event.kind.startsWith('host.'))
        .map((event) => [event.kind, event.registry]),
    ).toEqual([
      ['host.created', { operation: 'create host', outcome: 'done' }],
      ['host.changed', { operation: 'update host', outcome: 'done' }],
      ['host.deleted', { operation: 'delete host', outcome: 'done' }],
    ]);
  });

  test('a nameserver under the domain itself is refused until its child nameserver is made', async () => {
    const { customer, id, name } = await ownedDomain();
    const bare = await refused(
      t.app,
      '/api/user/domains/set-nameservers',
      { id, nameservers: ['ns1.example.ir', `ns5.${name}`] },
      customer.token,
      400,
    );
    expect(bare.fields?.['nameservers.1']).toBe(
      `ns5.${name} زیر همین دامنه است؛ نخست آن را با نشانی IP‌اش در «نام‌سرورهای اختصاصی» بسازید`,
    );
    const [row] = await t.app.db.select().from(domains).where(eq(domains.id, id));
    expect(row?.nameservers).not.toContain(`ns5.${name}`);
  });

  test('a host outside the domain, a bad label, private and loopback addresses are refused in Persian', async () => {
    const { customer, id, name } = await ownedDomain();
    const cases: Array<[unknown, string, string]> = [
      [{ host: 'ns1.elsewhere.com', addresses: ['192.0.2.1'] }, 'host', `مانند ns1.${name}`],
      [{ host: `ns1.${name.slice(1)}`, addresses: ['192.0.2.1'] }, 'host', 'زیر همین دامنه'],
      [{ host: '-ns1', addresses: ['192.0.2.1'] }, 'host', 'با خط تیره شروع'],
      [{ host: 'ns_1', addresses: ['192.0.2.1'] }, 'host', 'مانند ns1'],
      [{ host: 'ns1', addresses: ['10.1.2.3'] }, 'addresses.0', 'خصوصی یا رزروشده'],
      [{ host: 'ns1', addresses: ['192.0.2.1', '127.0.0.1'] }, 'addresses.1', 'خصوصی'],
      [{ host: 'ns1', addresses: ['fe80::1'] }, 'addresses.0', 'خصوصی'],
      [{ host: 'ns1', addresses: ['300.1.2.3'] }, 'addresses.0', 'IPv4 یا IPv6 درست نیست'],
      [{ host: 'ns1', addresses: [] }, 'addresses', 'دست‌کم یک نشانی'],
      [{ host: 'ns1', addresses: ['192.0.2.1', '192.0.2.01'] }, 'addresses.1', 'درست نیست'],
      [{ host: 'ns1', addresses: ['2001:db8::1', '2001:DB8::1'] }, 'addresses', 'تکراری'],
      [
        { host: 'ns1', addresses: Array.from({ length: 14 }, (_, i) => `192.0.2.${i + 1}`) },
        'addresses',
        'بیش از ۱۳',
      ],
    ];
    for (const [body, field, said] of cases) {
      const error = await refused(
        t.app,
        '/api/user/domains/save-host',
        { id, ...(body as object) },
        customer.token,
        400,
      );
      expect(error.fields?.[field], JSON.stringify(body)).toContain(said);
    }
    const detail = await ok(t.app, '/api/user/domains/get-domain', { id }, customer.token);
    expect(detail.hosts).toEqual([]);
    expect(await sandboxHost(`ns1.${name}`)).toBeNull();
  });

  test('ten child nameservers a domain; the eleventh is refused, a change to one is not', async () => {
    const { customer, id, name } = await ownedDomain();
    for (let index = 1; index <= 10; index += 1) {
      await ok(
        t.app,
        '/api/user/domains/save-host',
        { id, host: `ns${index}`, addresses: [`192.0.2.${index}`] },
        customer.token,
      );
    }
    const eleventh = await refused(
      t.app,
      '/api/user/domains/save-host',
      { id, host: 'ns11', addresses: ['192.0.2.11'] },
      customer.token,
      409,
    );
    expect(eleventh.fields?.host).toBe(
      'هر دامنه حداکثر ۱۰ نام‌سرور اختصاصی دارد؛ برای نام‌سرور تازه، یکی را حذف کنید',
    );
    expect(await sandboxHost(`ns11.${name}`)).toBeNull();
    const again = await ok(
      t.app,
      '/api/user/domains/save-host',
      { id, host: 'ns10', addresses: ['192.0.2.100'] },
      customer.token,
    );
    expect(again.hosts).toHaveLength(10);
  });

  test("another person's domain is not found, and nothing of it changes", async () => {
    const { id, name } = await ownedDomain();
    const stranger = await createCustomer(t.app);
    const save = await refused(
      t.app,
      '/api/user/domains/save-host',
      { id, host: 'ns1', addresses: ['192.0.2.60'] },
      stranger.token,
      404,
    );
    expect(save.code).toBe('NOT_FOUND');
    await refused(t.app, '/api/user/domains/delete-host', { id, host: 'ns1' }, stranger.token, 404);
    expect(await sandboxHost(`ns1.${name}`)).toBeNull();
    const rows = await t.app.db.select().from(domainHosts).where(eq(domainHosts.domainId, id));
    expect(rows).toEqual([]);
  });

  test('a host another domain still points at: the registry refuses its delete, nothing changes here', async () => {
    const { customer, id, name } = await ownedDomain();
    const host = `ns1.${name}`;
    await ok(
      t.app,
      '/api/user/domains/save-host',
      { id, host: 'ns1', addresses: ['192.0.2.70'] },
      customer.token,
    );
    // Another name at the registry uses it (RFC 5732 §3.2.2: the delete is refused, 2305).
    await t.app.db.insert(sandboxRegistryNames).values({
      name: `uses-${name}`,
      sponsor: 'another-registrar',
      expiresAt: new Date(Date.now() + 300 * DAY_MS),
      nameservers: [host, 'ns2.example.ir'],
    });
    const refusal = await refused(
      t.app,
      '/api/user/domains/delete-host',
      { id, host: 'ns1' },
      customer.token,
      409,
    );
    expect(refusal.fields?.host).toBe(
      `ثبت‌کننده نپذیرفت: ${host} هنوز نام‌سرور دامنه‌ای است، یا وضعیت دامنه این تغییر را نمی‌پذیرد (کد ۲۳۰۵)`,
    );
    const detail = await ok(t.app, '/api/user/domains/get-domain', { id }, customer.token);
    expect(detail.hosts).toEqual([{ name: host, addresses: ['192.0.2.70'] }]);
    expect(await sandboxHost(host)).not.toBeNull();
  });

  test('a domain not yet registered has no child nameservers to change', async () => {
    const customer = await createCustomer(t.app);
    const [account] = await t.app.db.select({ id: registrarAccounts.id }).from(registrarAccounts);
    const name = `glue-pending-${process.pid}.com`;
    const [row] = await t.app.db
      .insert(domains)
      .values({
        userId: customer.id,
        name,
        ascii: name,
        tld: 'com',
        registrarAccountId: account?.id ?? '',
        status: 'pending-registration',
        origin: 'register',
        years: 1,
      })
      .returning({ id: domains.id });
    const error = await refused(
      t.app,
      '/api/user/domains/save-host',
      { id: row?.id, host: 'ns1', addresses: ['192.0.2.80'] },
      customer.token,
      409,
    );
    expect(error.message).toBe('این کار پس از ثبت دامنه و تا پیش از انقضای کامل آن شدنی است');
  });
});

/** A domain of a new customer, active at the given registrar account, as an import makes it. */
async function domainAt(accountId: string, name: string, tld: string, nameservers: string[]) {
  const customer = await createCustomer(t.app);
  const [row] = await t.app.db
    .insert(domains)
    .values({
      userId: customer.id,
      name,
      ascii: name,
      tld,
      registrarAccountId: accountId,
      status: 'active',
      origin: 'import',
      years: 1,
      expiresAt: new Date(Date.now() + 200 * DAY_MS),
      nameservers,
    })
    .returning({ id: domains.id });
  if (!row) throw new Error('no domain');
  return { customer, id: row.id };
}

describe('child nameservers at a generic EPP registry', () => {
  const CLIENT = 'vitrin-hosts';
  let registry: FakeEppServer;
  let accountId = '';

  beforeAll(async () => {
    const pair = await selfSignedCertificate();
    registry = new FakeEppServer({ ...pair, clientId: CLIENT, password: 'hosts-secret-1' });
    const { host, port } = await registry.start();
    const [account] = await t.app.db
      .insert(registrarAccounts)
      .values({
        name: 'epp-hosts',
        kind: 'epp',
        endpoint: `${host}:${port}`,
        credentials: sealRegistrarCredentials(t.app.secrets, 'epp', {
          clientId: CLIENT,
          password: 'hosts-secret-1',
          ca: pair.cert,
        }),
      })
      .returning({ id: registrarAccounts.id });
    accountId = account?.id ?? '';
  });
  afterAll(() => registry?.stop());

  test('a host object is made with public addresses only; an example address is refused', async () => {
    const name = `glue-epp-${process.pid}.net`;
    registry.addDomain(name, { sponsor: CLIENT, nameservers: ['ns1.a.ir', 'ns2.a.ir'] });
    const { customer, id } = await domainAt(accountId, name, 'net', ['ns1.a.ir', 'ns2.a.ir']);

    const example = await refused(
      t.app,
      '/api/user/domains/save-host',
      { id, host: 'ns1', addresses: ['192.0.2.10'] },
      customer.token,
      400,
    );
    expect(example.fields?.['addresses.0']).toContain('برای مثال در مستندات');
    expect(registry.host(`ns1.${name}`)).toBeNull();

    const made = await ok(
      t.app,
      '/api/user/domains/save-host',
      { id, host: 'ns1', addresses: ['185.51.200.10', '2a01:4f8::10'] },
      customer.token,
    );
    expect(made.hosts).toEqual([
      { name: `ns1.${name}`, addresses: ['185.51.200.10', '2a01:4f8::10'] },
    ]);
    expect(registry.host(`ns1.${name}`)?.addresses).toEqual([
      { ip: 'v4', address: '185.51.200.10' },
      { ip: 'v6', address: '2a01:4f8::10' },
    ]);
    await ok(
      t.app,
      '/api/user/domains/set-nameservers',
      { id, nameservers: [`ns1.${name}`, 'ns2.a.ir'] },
      customer.token,
    );
    expect(registry.domain(name)?.nameservers).toEqual(['ns2.a.ir', `ns1.${name}`]);
  });

  test("the registry's refusal (another registrar's name) is told on the host field; nothing is kept", async () => {
    const name = `glue-theirs-${process.pid}.net`;
    registry.addDomain(name, { sponsor: OTHER_REGISTRAR });
    const { customer, id } = await domainAt(accountId, name, 'net', ['ns1.a.ir', 'ns2.a.ir']);
    const error = await refused(
      t.app,
      '/api/user/domains/save-host',
      { id, host: 'ns1', addresses: ['185.51.200.20'] },
      customer.token,
      409,
    );
    expect(error.fields?.host).toBe(
      `ثبت‌کننده نپذیرفت: ns1.${name} در ثبت‌کننده از آنِ حساب دیگری است (کد ۲۲۰۱)`,
    );
    const rows = await t.app.db.select().from(domainHosts).where(eq(domainHosts.domainId, id));
    expect(rows).toEqual([]);
  });

  test('a registry that drops the connection leaves nothing recorded, and says to try later', async () => {
    const name = `glue-dropped-${process.pid}.net`;
    registry.addDomain(name, { sponsor: CLIENT });
    const { customer, id } = await domainAt(accountId, name, 'net', ['ns1.a.ir', 'ns2.a.ir']);
    registry.dropNext = 1;
    const error = await refused(
      t.app,
      '/api/user/domains/save-host',
      { id, host: 'ns1', addresses: ['185.51.200.30'] },
      customer.token,
      503,
    );
    expect(error.code).toBe('REGISTRY_UNAVAILABLE');
    const rows = await t.app.db.select().from(domainHosts).where(eq(domainHosts.domainId, id));
    expect(rows).toEqual([]);
    expect((await eventsOf(id)).filter((event) => event.kind.startsWith('host.'))).toEqual([]);
  });
});

describe('child nameservers at IRNIC: one address on the nameserver, sent with it', () => {
  const CREDENTIALS = {
    token: 'hosts-token',
    depositCode: '1234567890123456',
    resellerHandle: 'vi200-irnic',
  };
  let irnic: FakeIrnicServer;
  let accountId = '';

  beforeAll(async () => {
    const pair = await selfSignedCertificate();
    irnic = new FakeIrnicServer({ ...pair, ...CREDENTIALS });
    const endpoint = await irnic.start();
    const [account] = await t.app.db
      .insert(registrarAccounts)
      .values({
        name: 'irnic-hosts',
        kind: 'irnic',
        endpoint,
        credentials: sealRegistrarCredentials(t.app.secrets, 'irnic', {
          ...CREDENTIALS,
          ca: pair.cert,
        }),
      })
      .returning({ id: registrarAccounts.id });
    accountId = account?.id ?? '';
  });
  afterAll(() => irnic?.stop());

  test('kept until the nameservers name it, then sent in their update; changed in place after', async () => {
    const name = `glue-irnic-${process.pid}.ir`;
    irnic.addDomain({
      name,
      reseller: CREDENTIALS.resellerHandle,
      nameservers: ['ns1.vitrin.ir', 'ns2.vitrin.ir'],
    });
    const { customer, id } = await domainAt(accountId, name, 'ir', [
      'ns1.vitrin.ir',
      'ns2.vitrin.ir',
    ]);
    const host = `ns1.${name}`;

    const two = await refused(
      t.app,
      '/api/user/domains/save-host',
      { id, host: 'ns1', addresses: ['185.51.200.40', '2a01:4f8::40'] },
      customer.token,
      400,
    );
    expect(two.fields?.addresses).toBe('ثبت‌کنندهٔ این دامنه برای هر نام‌سرور ۱ نشانی IP نگه می‌دارد');

    const kept = await ok(
      t.app,
      '/api/user/domains/save-host',
      { id, host: 'ns1', addresses: ['185.51.200.40'] },
      customer.token,
    );
    expect(kept.glue).toBe('on-nameservers');
    expect(kept.hosts).toEqual([{ name: host, addresses: ['185.51.200.40'] }]);
    expect(kept.timeline[0]?.message).toContain('همراه نام‌سرورهای دامنه می‌گیرد');
    expect(irnic.domain(name)?.glue).toEqual({});

    await ok(
      t.app,
      '/api/user/domains/set-nameservers',
      { id, nameservers: [host, 'ns2.vitrin.ir'] },
      customer.token,
    );
    expect(irnic.domain(name)).toMatchObject({
      nameservers: ['ns2.vitrin.ir', host],
      glue: { [host]: '185.51.200.40' },
    });

    await ok(
      t.app,
      '/api/user/domains/save-host',
      { id, host: 'ns1', addresses: ['185.51.200.41'] },
      customer.token,
    );
    expect(irnic.domain(name)?.glue).toEqual({ [host]: '185.51.200.41' });
    const [row] = await t.app.db
      .select()
      .from(domainHosts)
      .where(and(eq(domainHosts.domainId, id), eq(domainHosts.name, host)));
    expect(row?.addresses).toEqual(['185.51.200.41']);
  });
});
