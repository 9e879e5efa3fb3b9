import 'reflect-metadata';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FakeIrnicServer } from '../../providers/registrar/fake-irnic-server';
import { domainEvents, domains, domainTlds, registrarAccounts } from '../../schema';
import { ok } from '../../test/api-kit';
import { selfSignedCertificate } from '../../test/self-signed';
import { setupTestApp } from '../../test/test-app';
import { createCustomer, grantCredit } from '../orders/checkout-test-kit';
import { sealRegistrarCredentials } from './registrars';

// A .ir name bought through IRNIC (issue 38): IRNIC takes the registration for review (1001),
// asks for the holder's documents, then approves; each step arrives as a poll message, is
// shown to the customer in Persian, and the approval makes the domain active.

const CREDENTIALS = {
  token: 'reseller-token',
  depositCode: '1234567890123456',
  resellerHandle: 'vi100-irnic',
};

const HOLDER = {
  kind: 'person',
  name: 'Maryam Irnic',
  nationalCode: '0012345679',
  email: 'irnic-flow@example.com',
  phone: '09120000003',
  street: 'No. 7, Test St.',
  city: 'Tehran',
  province: 'Tehran',
  postalCode: '1458765432',
  countryCode: 'IR',
} as const;

describe('a .ir registration reviewed by IRNIC', () => {
  const t = setupTestApp({ seedDemoData: true });
  let registry: FakeIrnicServer;

  beforeAll(async () => {
    const pair = await selfSignedCertificate();
    registry = new FakeIrnicServer({ ...pair, ...CREDENTIALS });
    const endpoint = await registry.start();
    const [account] = await t.app.db
      .insert(registrarAccounts)
      .values({
        name: 'irnic-flow',
        kind: 'irnic',
        endpoint,
        credentials: sealRegistrarCredentials(t.app.secrets, 'irnic', {
          ...CREDENTIALS,
          ca: pair.cert,
        }),
        defaultNameservers: ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'],
      })
      .returning({ id: registrarAccounts.id });
    await t.app.db
      .update(domainTlds)
      .set({ registrarAccountId: account?.id })
      .where(eq(domainTlds.tld, 'ir'));
  });

  afterAll(async () => {
    await registry?.stop();
  });

  test('pending review, documents asked in Persian, then approved and active', async () => {
    const customer = await createCustomer(t.app);
    await grantCredit(t.app.db, customer.id, 100_000_000);
    await ok(t.app, '/api/user/domains/save-contact', HOLDER, customer.token);
    const name = `irnic-flow-${process.pid}.ir`;
    await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name, action: 'register', years: 1 },
      customer.token,
    );
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token);
    await t.app.jobs.drain();

    const [pending] = await t.app.db.select().from(domains).where(eq(domains.ascii, name));
    expect(pending?.status).toBe('pending-approval');
    // The holder was made at IRNIC with the identity given.
    expect(registry.allContacts().some((contact) => contact.email === HOLDER.email)).toBe(true);

    registry.setReviewState(name, 'documents-required');
    await t.app.domainsJob.runOnce();
    const detail = await ok(
      t.app,
      '/api/user/domains/get-domain',
      { id: pending?.id ?? '' },
      customer.token,
    );
    expect(detail.status).toBe('pending-approval');
    expect(detail.note).toContain('مدارک دارنده را خواسته است');
    expect(registry.pollQueue()).toEqual([]);

    registry.approveRegistration(name);
    await t.app.domainsJob.runOnce();
    const [active] = await t.app.db.select().from(domains).where(eq(domains.ascii, name));
    expect(active?.status).toBe('active');
    expect(active?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const kinds = await t.app.db
      .select({ kind: domainEvents.kind })
      .from(domainEvents)
      .where(eq(domainEvents.domainId, active?.id ?? ''));
    expect(kinds.map((row) => row.kind)).toEqual(
      expect.arrayContaining(['registry.pending', 'poll.message', 'poll.registered']),
    );
    expect(registry.pollQueue()).toEqual([]);
  });
});
