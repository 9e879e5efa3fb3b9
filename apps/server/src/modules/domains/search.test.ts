import { eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { FakeEppServer } from '../../providers/registrar/fake-epp-server';
import { FakeIrnicServer } from '../../providers/registrar/fake-irnic-server';
import { domainTlds, registrarAccounts, sandboxRegistryNames } from '../../schema';
import { selfSignedCertificate } from '../../test/self-signed';
import { setupTestApp } from '../../test/test-app';
import { sealRegistrarCredentials } from './registrars';

// The domain search (issue 38) on the demo: the sandbox registry and five TLDs.

const t = setupTestApp({ seedDemoData: true });

interface Row {
  tld: string;
  name: string;
  ascii: string | null;
  availability: string;
  reason: string | null;
  years: number[];
  registerPrice: number;
  renewPrice: number;
  transferPrice: number;
  authCodeRequired: boolean;
}

let addresses = 0;

/** Puts TLDs back on the demo's sandbox registry. */
async function restoreSandbox(...tlds: string[]) {
  const [sandbox] = await t.app.db
    .select({ id: registrarAccounts.id })
    .from(registrarAccounts)
    .where(eq(registrarAccounts.name, 'sandbox-registry'));
  await t.app.db
    .update(domainTlds)
    .set({ registrarAccountId: sandbox?.id })
    .where(inArray(domainTlds.tld, tlds));
}

/** Each search from its own address unless one is given: the rate limit is per address. */
async function search(q: string, ip = `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/store/search-domains',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ q }),
    remoteAddress: ip,
  });
  return { status: response.statusCode, body: response.json() };
}

async function results(q: string): Promise<Row[]> {
  const { status, body } = await search(q);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.results as Row[];
}

const IRNIC_CREDENTIALS = {
  token: 'reseller-token',
  depositCode: '1234567890123456',
  resellerHandle: 'vi100-irnic',
};

describe('search-domains', () => {
  test('a bare name is asked under every TLD on sale, in the staff order, with prices per year', async () => {
    const rows = await results('Sara-Shop');
    expect(rows.map((row) => row.tld)).toEqual(['ir', 'ایران', 'com', 'net', 'org']);
    const ir = rows[0] as Row;
    expect(ir).toMatchObject({
      name: 'sara-shop.ir',
      ascii: 'sara-shop.ir',
      availability: 'available',
      reason: null,
      years: [1, 5],
      registerPrice: 1_200_000,
      authCodeRequired: false,
    });
    // A Latin name cannot be a .ایران name: it says why instead of asking the registry.
    expect(rows[1]).toMatchObject({ availability: 'invalid', ascii: null });
    expect(rows[1]?.reason).toContain('فقط حروف و رقم‌های فارسی');
    expect(rows[2]).toMatchObject({ name: 'sara-shop.com', availability: 'available' });
  });

  test('the registry’s book decides: a name it holds is taken', async () => {
    const rows = await results('https://www.vitrin.com/about');
    expect(rows[0]).toMatchObject({ tld: 'com', availability: 'taken' });
    expect(rows.find((row) => row.tld === 'ir')).toMatchObject({ availability: 'taken' });
    expect(rows.find((row) => row.tld === 'net')).toMatchObject({ availability: 'available' });

    await t.app.db
      .insert(sandboxRegistryNames)
      .values({ name: 'vitrin.net', sponsor: 'another-registrar', expiresAt: new Date() });
    const again = await results('vitrin.com');
    expect(again.find((row) => row.tld === 'net')).toMatchObject({ availability: 'taken' });
  });

  test('a Persian name is asked under .ایران by its A-label; Arabic letters read as Persian', async () => {
    const rows = await results('كتاب‌فروشي.ايران');
    expect(rows[0]).toMatchObject({
      tld: 'ایران',
      name: 'کتاب‌فروشی.ایران',
      availability: 'available',
    });
    expect(rows[0]?.ascii).toMatch(/^xn--[a-z0-9-]+\.xn--mgba3a4f16a$/);
    // Under .com a Persian name is an IDN and is asked too.
    expect(rows.find((row) => row.tld === 'com')?.ascii).toMatch(/^xn--.+\.com$/);
    expect(rows.find((row) => row.tld === 'ir')).toMatchObject({ availability: 'invalid' });
  });

  test.each([
    ['shop.sara.ir', 'زیردامنه'],
    ['sara.xyz', '«.xyz»'],
    ['sara shop', 'فاصله'],
  ])('%s is refused with a Persian reason on the field', async (q, reason) => {
    const { status, body } = await search(q);
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.fields.q).toContain(reason);
  });

  test('a registry that cannot answer leaves its names unknown, never guessed', async () => {
    const [account] = await t.app.db
      .insert(registrarAccounts)
      .values({
        name: 'irnic-registry',
        kind: 'irnic',
        // Nothing listens there: the registry is down.
        endpoint: 'https://127.0.0.1:1/submit',
        credentials: sealRegistrarCredentials(t.app.secrets, 'irnic', IRNIC_CREDENTIALS),
      })
      .returning({ id: registrarAccounts.id });
    await t.app.db
      .update(domainTlds)
      .set({ registrarAccountId: account?.id })
      .where(eq(domainTlds.tld, 'org'));
    try {
      const rows = await results('sara-shop');
      expect(rows.find((row) => row.tld === 'org')).toMatchObject({ availability: 'unknown' });
      expect(rows.find((row) => row.tld === 'org')?.reason).toContain('پاسخ نمی‌دهد');
      expect(rows.find((row) => row.tld === 'com')).toMatchObject({ availability: 'available' });
    } finally {
      await restoreSandbox('org');
    }
  });

  test('a TLD on IRNIC is asked of IRNIC over HTTPS', async () => {
    const pair = await selfSignedCertificate();
    const registry = new FakeIrnicServer({ ...pair, ...IRNIC_CREDENTIALS });
    const endpoint = await registry.start();
    registry.addDomain({ name: 'sara-shop.ir' });
    try {
      const [account] = await t.app.db
        .insert(registrarAccounts)
        .values({
          name: 'irnic-fake',
          kind: 'irnic',
          endpoint,
          credentials: sealRegistrarCredentials(t.app.secrets, 'irnic', {
            ...IRNIC_CREDENTIALS,
            ca: pair.cert,
          }),
        })
        .returning({ id: registrarAccounts.id });
      await t.app.db
        .update(domainTlds)
        .set({ registrarAccountId: account?.id })
        .where(eq(domainTlds.tld, 'ir'));
      const rows = await results('sara-shop');
      expect(rows.find((row) => row.tld === 'ir')).toMatchObject({ availability: 'taken' });
      const fresh = await results('sara-fresh-shop');
      expect(fresh.find((row) => row.tld === 'ir')).toMatchObject({ availability: 'available' });
      expect(registry.requests.some((request) => request.command === 'domain:check')).toBe(true);
    } finally {
      await restoreSandbox('ir');
      await registry.stop();
    }
  });

  test('a TLD on an EPP registry is asked over EPP, on one kept session', async () => {
    const pair = await selfSignedCertificate();
    const registry = new FakeEppServer({
      ...pair,
      clientId: 'vitrin-reseller',
      password: 'epp-secret-1',
      names: ['sara-shop.net'],
    });
    const { host, port } = await registry.start();
    try {
      const [account] = await t.app.db
        .insert(registrarAccounts)
        .values({
          name: 'fake-epp',
          kind: 'epp',
          endpoint: `${host}:${port}`,
          credentials: sealRegistrarCredentials(t.app.secrets, 'epp', {
            clientId: 'vitrin-reseller',
            password: 'epp-secret-1',
            ca: pair.cert,
          }),
        })
        .returning({ id: registrarAccounts.id });
      await t.app.db
        .update(domainTlds)
        .set({ registrarAccountId: account?.id })
        .where(inArray(domainTlds.tld, ['com', 'net']));
      const rows = await results('sara-shop');
      expect(rows.find((row) => row.tld === 'net')).toMatchObject({ availability: 'taken' });
      expect(rows.find((row) => row.tld === 'com')).toMatchObject({ availability: 'available' });
      await results('another-name');
      // Two searches, one batch each, one login.
      expect(registry.log.filter((entry) => entry.command === 'check')).toHaveLength(2);
      expect(registry.logins).toBe(1);
    } finally {
      await restoreSandbox('com', 'net');
      await registry.stop();
    }
  });

  test('searches are limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await search(`name${i}`, '10.9.9.9')).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
