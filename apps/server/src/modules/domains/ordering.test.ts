import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  domainContactHandles,
  domainContacts,
  domainEvents,
  domains,
  domainTlds,
  registrarAccounts,
  sandboxRegistryContacts,
  sandboxRegistryNames,
  walletTransactions,
} from '../../schema';
import { ok, refused } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { createCustomer, grantCredit } from '../orders/checkout-test-kit';
import { checkoutInvariantViolations } from '../orders/invariants';
import { clientHandleOf } from './contacts.service';

// Buying a domain (issue 38): a line for a name its registry says can be had, paid with the
// order, then registered at the sandbox registry by the registration job, or refunded.

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

describe('buying a domain', () => {
  const t = setupTestApp({ seedDemoData: true });

  async function buyer() {
    const customer = await createCustomer(t.app);
    await grantCredit(t.app.db, customer.id, 500_000_000);
    return customer;
  }

  async function payWithWallet(token: string) {
    const order = await ok(t.app, '/api/cart/submit-order', {}, token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, token);
    return order;
  }

  test('a free name is registered at the registry after payment, once', async () => {
    const customer = await buyer();
    await ok(t.app, '/api/user/domains/save-contact', HOLDER, customer.token);
    const cart = await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name: 'https://www.Maryam-Shop.COM/', action: 'register', years: 2 },
      customer.token,
    );
    const line = cart.lines.find((candidate) => candidate.domainName === 'maryam-shop.com');
    expect(line?.domain).toEqual({ action: 'register', years: 2, tld: 'com' });
    // Two years at the TLD's yearly price, with VAT as on any line.
    expect(line?.priceRial).toBe(2 * 18_500_000);
    expect(line?.vatRial).toBeGreaterThan(0);
    expect(line?.cycles).toEqual([]);

    const order = await payWithWallet(customer.token);
    const [pending] = await t.app.db
      .select()
      .from(domains)
      .where(eq(domains.ascii, 'maryam-shop.com'));
    expect(pending?.status).toBe('pending-registration');
    expect(pending?.orderId).toBe(order.id);

    await t.app.jobs.drain();
    const list = await ok(t.app, '/api/user/domains/get-domains', {}, customer.token);
    expect(list.domains.map((domain) => [domain.name, domain.status])).toEqual([
      ['maryam-shop.com', 'active'],
    ]);
    const detail = await ok(
      t.app,
      '/api/user/domains/get-domain',
      { id: list.domains[0]?.id ?? '' },
      customer.token,
    );
    expect(detail.nameservers).toEqual(['ns1.vitrin.localhost', 'ns2.vitrin.localhost']);
    expect(detail.daysLeft).toBeGreaterThan(2 * 365 - 3);
    expect(detail.timeline.map((event) => event.kind)).toEqual(['registered', 'ordered']);
    const [atRegistry] = await t.app.db
      .select()
      .from(sandboxRegistryNames)
      .where(eq(sandboxRegistryNames.name, 'maryam-shop.com'));
    expect(atRegistry?.expiresAt.toISOString()).toBe(detail.expiresAt);
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('a name taken at the registry cannot be put in the cart to register', async () => {
    const customer = await buyer();
    const error = await refused(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name: 'google.com', action: 'register', years: 1 },
      customer.token,
      422,
    );
    expect(error.code).toBe('DOMAIN_NOT_AVAILABLE');
    expect(error.fields?.name).toContain('انتقال');
  });

  test('the years a TLD is not sold for are refused on the field', async () => {
    const customer = await buyer();
    const error = await refused(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name: 'maryam-years.ir', action: 'register', years: 2 },
      customer.token,
      400,
    );
    expect(error.fields?.years).toBe('پسوند .ir برای ۱ یا ۵ سال ثبت می‌شود');
  });

  test('an order of domains needs the holder details first', async () => {
    const customer = await buyer();
    await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name: 'maryam-noholder.ir', action: 'register', years: 1 },
      customer.token,
    );
    const error = await refused(t.app, '/api/cart/submit-order', {}, customer.token, 422);
    expect(error.code).toBe('DOMAIN_CONTACT_REQUIRED');
  });

  test('a TLD product cannot be bought as a plain product line', async () => {
    const customer = await buyer();
    const [tld] = await t.app.db.select().from(domainTlds).where(eq(domainTlds.tld, 'ir'));
    const error = await refused(
      t.app,
      '/api/cart/add-to-cart',
      { productId: tld?.productId ?? '', cycle: 'annual', domainName: 'maryam-plain.ir' },
      customer.token,
      422,
    );
    expect(error.fields?.productId).toContain('جست‌وجوی دامنه');
  });

  test('a registration the registry refuses goes back to the wallet with a credit note', async () => {
    const customer = await buyer();
    await ok(t.app, '/api/user/domains/save-contact', HOLDER, customer.token);
    await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name: 'maryam-raced.ir', action: 'register', years: 1 },
      customer.token,
    );
    const order = await payWithWallet(customer.token);
    // Another registrar takes the name between the payment and the registration job.
    await t.app.db
      .insert(sandboxRegistryNames)
      .values({ name: 'maryam-raced.ir', sponsor: 'another-registrar', expiresAt: new Date() });
    await t.app.jobs.drain();

    const [domain] = await t.app.db
      .select()
      .from(domains)
      .where(eq(domains.ascii, 'maryam-raced.ir'));
    expect(domain?.status).toBe('cancelled');
    const credits = await t.app.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.orderId, order.id));
    const refund = credits.find((row) => row.reason === 'refund');
    expect(refund?.amountRial).toBe(order.totalRial);
    const detail = await ok(
      t.app,
      '/api/user/orders/order-get-detail',
      { orderId: order.id },
      customer.token,
    );
    expect(detail.creditNotes).toHaveLength(1);
    const events = await t.app.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.domainId, domain?.id ?? ''));
    expect(events.map((event) => event.kind).sort()).toEqual(['ordered', 'registry.refused']);
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('a registration whose answer was lost is adopted, not registered again', async () => {
    const customer = await buyer();
    await ok(t.app, '/api/user/domains/save-contact', HOLDER, customer.token);
    await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name: 'maryam-lost.ir', action: 'register', years: 1 },
      customer.token,
    );
    await payWithWallet(customer.token);
    const [domain] = await t.app.db
      .select()
      .from(domains)
      .where(eq(domains.ascii, 'maryam-lost.ir'));
    const [account] = await t.app.db.select().from(registrarAccounts);
    // The registry made it for us; our record of it was lost with the node.
    await t.app.db.insert(sandboxRegistryNames).values({
      name: 'maryam-lost.ir',
      sponsor: account?.id ?? '',
      expiresAt: new Date(Date.now() + 365 * 86_400_000),
    });
    await t.app.jobs.drain();
    const [after] = await t.app.db
      .select()
      .from(domains)
      .where(eq(domains.id, domain?.id ?? ''));
    expect(after?.status).toBe('active');
    const kinds = await t.app.db
      .select({ kind: domainEvents.kind })
      .from(domainEvents)
      .where(eq(domainEvents.domainId, domain?.id ?? ''));
    expect(kinds.map((row) => row.kind)).toContain('registry.adopted');
  });

  test('a transfer waits for its code, then goes to the registry', async () => {
    const customer = await buyer();
    await ok(t.app, '/api/user/domains/save-contact', HOLDER, customer.token);
    await t.app.db.insert(sandboxRegistryNames).values({
      name: 'maryam-moving.com',
      sponsor: 'another-registrar',
      expiresAt: new Date(Date.now() + 100 * 86_400_000),
      authCode: 'Move-Me#42',
    });
    const cart = await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name: 'maryam-moving.com', action: 'transfer', years: 1 },
      customer.token,
    );
    expect(cart.lines[0]?.priceRial).toBe(19_500_000);
    await payWithWallet(customer.token);
    await t.app.jobs.drain();
    const list = await ok(t.app, '/api/user/domains/get-domains', {}, customer.token);
    const id = list.domains[0]?.id ?? '';
    let detail = await ok(t.app, '/api/user/domains/get-domain', { id }, customer.token);
    expect(detail.status).toBe('pending-transfer');
    expect(detail.awaitingTransferCode).toBe(true);

    detail = await ok(
      t.app,
      '/api/user/domains/submit-transfer-code',
      { id, authCode: 'Wrong-Code' },
      customer.token,
    );
    await t.app.jobs.drain();
    detail = await ok(t.app, '/api/user/domains/get-domain', { id }, customer.token);
    expect(detail.status).toBe('pending-transfer');
    expect(detail.awaitingTransferCode).toBe(true);
    expect(detail.note).toContain('کد انتقال پذیرفته نشد');

    await ok(
      t.app,
      '/api/user/domains/submit-transfer-code',
      { id, authCode: 'Move-Me#42' },
      customer.token,
    );
    await t.app.jobs.drain();
    detail = await ok(t.app, '/api/user/domains/get-domain', { id }, customer.token);
    expect(detail.status).toBe('pending-approval');
    // The code is not kept once the registry has it.
    const [row] = await t.app.db.select().from(domains).where(eq(domains.id, id));
    expect(row?.transferCode).toBeNull();
  });

  test('another customer cannot read or change a domain', async () => {
    const owner = await buyer();
    const stranger = await buyer();
    await ok(t.app, '/api/user/domains/save-contact', HOLDER, owner.token);
    await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name: 'maryam-private.ir', action: 'register', years: 1 },
      owner.token,
    );
    await payWithWallet(owner.token);
    const list = await ok(t.app, '/api/user/domains/get-domains', {}, owner.token);
    const id = list.domains[0]?.id ?? '';
    await refused(t.app, '/api/user/domains/get-domain', { id }, stranger.token, 404);
    await refused(
      t.app,
      '/api/user/domains/set-auto-renew',
      { id, autoRenew: false },
      stranger.token,
      404,
    );
    const theirs = await ok(t.app, '/api/user/domains/get-domains', {}, stranger.token);
    expect(theirs.domains).toEqual([]);
  });

  test('nameservers change at the registry, then here', async () => {
    const customer = await buyer();
    await ok(t.app, '/api/user/domains/save-contact', HOLDER, customer.token);
    await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name: 'maryam-ns.ir', action: 'register', years: 1 },
      customer.token,
    );
    await payWithWallet(customer.token);
    await t.app.jobs.drain();
    const list = await ok(t.app, '/api/user/domains/get-domains', {}, customer.token);
    const id = list.domains[0]?.id ?? '';
    const detail = await ok(
      t.app,
      '/api/user/domains/set-nameservers',
      { id, nameservers: ['NS1.Example.ir.', 'ns2.example.ir'] },
      customer.token,
    );
    expect(detail.nameservers).toEqual(['ns1.example.ir', 'ns2.example.ir']);
    const [atRegistry] = await t.app.db
      .select()
      .from(sandboxRegistryNames)
      .where(eq(sandboxRegistryNames.name, 'maryam-ns.ir'));
    expect(atRegistry?.nameservers).toEqual(['ns1.example.ir', 'ns2.example.ir']);
    const one = await refused(
      t.app,
      '/api/user/domains/set-nameservers',
      { id, nameservers: ['ns1.example.ir'] },
      customer.token,
      400,
    );
    expect(one.fields?.nameservers).toBe('دست‌کم دو نام‌سرور لازم است');
  });

  test('a holder who changes their details has them given to the registry that holds the name', async () => {
    const customer = await buyer();
    await ok(t.app, '/api/user/domains/save-contact', HOLDER, customer.token);
    await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name: 'maryam-moves-house.ir', action: 'register', years: 1 },
      customer.token,
    );
    await payWithWallet(customer.token);
    await t.app.jobs.drain();
    await ok(
      t.app,
      '/api/user/domains/save-contact',
      { ...HOLDER, name: 'Maryam Azmoon-Rad', email: 'maryam.new@example.com' },
      customer.token,
    );
    await t.app.jobs.drain();
    const [contact] = await t.app.db
      .select()
      .from(domainContacts)
      .where(eq(domainContacts.userId, customer.id));
    const [atRegistry] = await t.app.db
      .select()
      .from(sandboxRegistryContacts)
      .where(eq(sandboxRegistryContacts.handle, clientHandleOf(contact?.id ?? '')));
    expect(atRegistry).toMatchObject({
      name: 'Maryam Azmoon-Rad',
      email: 'maryam.new@example.com',
    });
    const [handle] = await t.app.db
      .select()
      .from(domainContactHandles)
      .where(eq(domainContactHandles.contactId, contact?.id ?? ''));
    expect(handle?.version).toBe(2);
  });
});
