import 'reflect-metadata';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FakeIrnicServer } from '../../providers/registrar/fake-irnic-server';
import { domainEvents, domains, domainTlds, registrarAccounts } from '../../schema';
import { ok, refused } from '../../test/api-kit';
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

  /** A customer with an approved .ir name at IRNIC, and the domain's id. */
  async function registeredName(label: string, email: string) {
    const customer = await createCustomer(t.app);
    await grantCredit(t.app.db, customer.id, 100_000_000);
    await ok(t.app, '/api/user/domains/save-contact', { ...HOLDER, email }, customer.token);
    const name = `${label}-${process.pid}.ir`;
    await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name, action: 'register', years: 1 },
      customer.token,
    );
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token);
    await t.app.jobs.drain();
    registry.approveRegistration(name);
    await t.app.domainsJob.runOnce();
    const [row] = await t.app.db.select().from(domains).where(eq(domains.ascii, name));
    expect(row?.status).toBe('active');
    return { customer, name, id: row?.id ?? '', firstHolder: registry.domain(name)?.holder };
  }

  /** The customer's holder details changed to a new e-mail: a new contact at IRNIC. */
  async function newEmail(token: string, email: string) {
    await ok(t.app, '/api/user/domains/save-contact', { ...HOLDER, email }, token);
    await t.app.jobs.drain();
  }

  test('a holder whose e-mail changed moves the name to it with the PIN, once the holder approves', async () => {
    const { customer, name, id, firstHolder } = await registeredName(
      'holder-move',
      'holder-move-old@example.com',
    );
    const get = () => ok(t.app, '/api/user/domains/get-domain', { id }, customer.token);
    expect((await get()).holderChange).toBe('none');
    // Only when the details changed is there anything to change.
    await refused(t.app, '/api/user/domains/request-holder-pin', { id }, customer.token, 409);

    await newEmail(customer.token, 'holder-move-new@example.com');
    const newHolder = registry.allContacts().find((c) => c.email === 'holder-move-new@example.com');
    expect(newHolder?.handle).toBeDefined();
    expect(newHolder?.handle).not.toBe(firstHolder);
    expect((await get()).holderChange).toBe('needed');

    const asked = await ok(t.app, '/api/user/domains/request-holder-pin', { id }, customer.token);
    expect(asked.locked).toBe(false);
    const pin = registry.pinOf(name);
    expect(pin).toMatch(/^\d{9}$/);

    const wrong = await refused(
      t.app,
      '/api/user/domains/change-holder',
      { id, pin: pin === '123456789' ? '987654321' : '123456789' },
      customer.token,
      400,
    );
    expect(wrong.code).toBe('VALIDATION');
    expect(wrong.fields?.pin).toContain('PIN');
    expect(registry.domain(name)?.pending).toBeNull();

    // Persian digits, as a phone keyboard types them.
    const persianPin = (pin ?? '').replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)] ?? digit);
    const sent = await ok(
      t.app,
      '/api/user/domains/change-holder',
      { id, pin: persianPin },
      customer.token,
    );
    expect(sent.holderChange).toBe('asked');
    expect(registry.domain(name)?.pending?.kind).toBe('holder-change');
    expect(registry.domain(name)?.pending?.contacts?.holder).toBe(newHolder?.handle);

    // The sync while IRNIC waits changes nothing.
    await t.app.domainsJob.runOnce(new Date(Date.now() + 2 * 86_400_000));
    expect((await get()).holderChange).toBe('asked');

    registry.approveTransfer(name);
    await t.app.domainsJob.runOnce();
    const done = await get();
    expect(done.holderChange).toBe('none');
    expect(done.locked).toBe(true);
    expect(done.timeline.map((event) => event.message)).toEqual(
      expect.arrayContaining([
        'دارندهٔ کنونی تأیید کرد و دارندهٔ دامنه در ایرنیک تغییر کرد',
        'تغییر دارنده به ایرنیک فرستاده شد؛ پس از تأیید دارندهٔ کنونی انجام می‌شود',
      ]),
    );
    const [row] = await t.app.db.select().from(domains).where(eq(domains.id, id));
    expect(row?.holderHandle).toBe(newHolder?.handle);
    expect(registry.domain(name)?.holder).toBe(newHolder?.handle);
    expect(registry.pollQueue()).toEqual([]);
  });

  test('a holder change the holder rejects is offered again, and another person cannot ask one', async () => {
    const { customer, name, id } = await registeredName(
      'holder-refused',
      'holder-refused-old@example.com',
    );
    await newEmail(customer.token, 'holder-refused-new@example.com');
    const stranger = await createCustomer(t.app);
    await refused(t.app, '/api/user/domains/request-holder-pin', { id }, stranger.token, 404);

    await ok(t.app, '/api/user/domains/request-holder-pin', { id }, customer.token);
    await ok(
      t.app,
      '/api/user/domains/change-holder',
      { id, pin: registry.pinOf(name) ?? '' },
      customer.token,
    );
    registry.rejectTransfer(name);
    await t.app.domainsJob.runOnce();
    const detail = await ok(t.app, '/api/user/domains/get-domain', { id }, customer.token);
    expect(detail.holderChange).toBe('needed');
    expect(detail.timeline[0]?.message).toBe(
      'تغییر دارنده انجام نشد: دارندهٔ کنونی آن را تأیید نکرد یا ایرنیک نپذیرفت',
    );
  });
});
