import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  domainEvents,
  domainNotices,
  domains,
  registrarAccounts,
  sandboxRegistryNames,
  walletTransactions,
} from '../../schema';
import { ok, refused } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { createCustomer, grantCredit } from '../orders/checkout-test-kit';
import { checkoutInvariantViolations } from '../orders/invariants';
import { sealRegistrarCredentials } from './registrars';

// A customer calls off their transfer in (issue 38): before the registry was asked it is only
// cancelled here; once asked, the request is withdrawn at the registry first (RFC 5731 §3.2.4
// op="cancel") and what the registry says decides. The line's money goes back to the wallet
// with a credit note, except when the transfer had finished already.

const HOLDER = {
  kind: 'person',
  name: 'Maryam Azmoon',
  nationalCode: '0012345679',
  email: 'maryam-cancel@example.com',
  phone: '09120000112',
  street: 'No. 3, Enghelab St.',
  city: 'Tehran',
  province: 'Tehran',
  postalCode: '1458765432',
  countryCode: 'IR',
} as const;

describe('calling off a transfer in', () => {
  const t = setupTestApp({ seedDemoData: true });
  let counter = 0;

  async function sandboxId() {
    const [account] = await t.app.db
      .select()
      .from(registrarAccounts)
      .where(eq(registrarAccounts.name, 'sandbox-registry'));
    return account?.id ?? '';
  }

  /** A customer who paid for the transfer of a .com name another registrar holds. */
  async function paidTransfer() {
    const customer = await createCustomer(t.app);
    await grantCredit(t.app.db, customer.id, 500_000_000);
    await ok(t.app, '/api/user/domains/save-contact', HOLDER, customer.token);
    counter += 1;
    const name = `moving-${process.pid}-${counter}.com`;
    await t.app.db.insert(sandboxRegistryNames).values({
      name,
      sponsor: 'another-registrar',
      expiresAt: new Date(Date.now() + 100 * 86_400_000),
      authCode: 'Move-Me#42',
    });
    await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name, action: 'transfer', years: 1 },
      customer.token,
    );
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token);
    await t.app.jobs.drain();
    const [domain] = await t.app.db.select().from(domains).where(eq(domains.ascii, name));
    if (!domain) throw new Error('no domain');
    return { customer, order, domain, name };
  }

  /** The same, with the code given and the registry asked: it waits for the losing side. */
  async function askedTransfer() {
    const paid = await paidTransfer();
    await ok(
      t.app,
      '/api/user/domains/submit-transfer-code',
      { id: paid.domain.id, authCode: 'Move-Me#42' },
      paid.customer.token,
    );
    await t.app.jobs.drain();
    return paid;
  }

  const atRegistry = async (name: string) => {
    const [row] = await t.app.db
      .select()
      .from(sandboxRegistryNames)
      .where(eq(sandboxRegistryNames.name, name));
    return row;
  };
  const refunds = (orderId: string) =>
    t.app.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.orderId, orderId), eq(walletTransactions.reason, 'refund')));
  const timeline = (id: string) =>
    t.app.db
      .select({
        kind: domainEvents.kind,
        actor: domainEvents.actor,
        registry: domainEvents.registry,
      })
      .from(domainEvents)
      .where(eq(domainEvents.domainId, id));
  const notices = async (id: string) =>
    (
      await t.app.db
        .select({ kind: domainNotices.kind })
        .from(domainNotices)
        .where(eq(domainNotices.domainId, id))
    ).map((row) => row.kind);

  test('before the registry was asked: cancelled here, the money back with a credit note', async () => {
    const { customer, order, domain, name } = await paidTransfer();
    const before = await ok(
      t.app,
      '/api/user/domains/get-domain',
      { id: domain.id },
      customer.token,
    );
    expect(before.status).toBe('pending-transfer');
    expect(before.transferCancel).toEqual({ available: true, reason: null, asked: false });

    const after = await ok(
      t.app,
      '/api/user/domains/cancel-transfer',
      { id: domain.id },
      customer.token,
    );
    expect(after.status).toBe('cancelled');
    expect(after.transferCancel).toBeNull();
    const [refund] = await refunds(order.id);
    expect(refund?.amountRial).toBe(order.totalRial);
    const detail = await ok(
      t.app,
      '/api/user/orders/order-get-detail',
      { orderId: order.id },
      customer.token,
    );
    expect(detail.creditNotes).toHaveLength(1);
    const cancelled = (await timeline(domain.id)).find(
      (event) => event.kind === 'transfer.cancelled',
    );
    expect(cancelled).toMatchObject({ actor: 'customer', registry: null });
    await t.app.jobs.drain();
    expect(await notices(domain.id)).toContain('transfer-cancelled');
    // Nothing was asked of the registry.
    expect((await atRegistry(name))?.transferTo).toBeNull();

    // A second call finds nothing to call off, and gives nothing twice.
    await refused(
      t.app,
      '/api/user/domains/cancel-transfer',
      { id: domain.id },
      customer.token,
      409,
    );
    expect(await refunds(order.id)).toHaveLength(1);
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('while the code is on its way to the registry it cannot be called off', async () => {
    const { customer, domain } = await paidTransfer();
    await ok(
      t.app,
      '/api/user/domains/submit-transfer-code',
      { id: domain.id, authCode: 'Move-Me#42' },
      customer.token,
    );
    const detail = await ok(
      t.app,
      '/api/user/domains/get-domain',
      { id: domain.id },
      customer.token,
    );
    expect(detail.transferCancel?.available).toBe(false);
    const error = await refused(
      t.app,
      '/api/user/domains/cancel-transfer',
      { id: domain.id },
      customer.token,
      409,
    );
    expect(error.message).toBe(detail.transferCancel?.reason);
    await t.app.jobs.drain();
    const asked = await ok(
      t.app,
      '/api/user/domains/get-domain',
      { id: domain.id },
      customer.token,
    );
    expect(asked.status).toBe('pending-approval');
    expect(asked.transferCancel).toEqual({ available: true, reason: null, asked: true });
  });

  test('once asked: withdrawn at the registry first, then cancelled and refunded', async () => {
    const { customer, order, domain, name } = await askedTransfer();
    const account = await sandboxId();
    expect((await atRegistry(name))?.transferTo).toBe(account);

    const after = await ok(
      t.app,
      '/api/user/domains/cancel-transfer',
      { id: domain.id },
      customer.token,
    );
    expect(after.status).toBe('cancelled');
    const held = await atRegistry(name);
    expect(held).toMatchObject({
      sponsor: 'another-registrar',
      transferTo: null,
      statuses: ['ok'],
    });
    const [refund] = await refunds(order.id);
    expect(refund?.amountRial).toBe(order.totalRial);
    const cancelled = (await timeline(domain.id)).find(
      (event) => event.kind === 'transfer.cancelled',
    );
    expect(cancelled?.registry).toEqual({
      operation: 'transfer cancel',
      outcome: 'done',
      code: 1000,
    });
    // The registry's later messages change nothing of a cancelled domain.
    await t.app.domainsJob.runOnce();
    const [row] = await t.app.db.select().from(domains).where(eq(domains.id, domain.id));
    expect(row?.status).toBe('cancelled');
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('a request that already ended at the registry (the losing side refused) is cancelled and refunded', async () => {
    const { customer, order, domain, name } = await askedTransfer();
    // The losing registrar refused; its message has not reached us yet.
    await t.app.db
      .update(sandboxRegistryNames)
      .set({ transferTo: null, transferDueAt: null, statuses: ['ok'] })
      .where(eq(sandboxRegistryNames.name, name));
    const after = await ok(
      t.app,
      '/api/user/domains/cancel-transfer',
      { id: domain.id },
      customer.token,
    );
    expect(after.status).toBe('cancelled');
    expect((await refunds(order.id)).map((row) => row.amountRial)).toEqual([order.totalRial]);
    const cancelled = (await timeline(domain.id)).find(
      (event) => event.kind === 'transfer.cancelled',
    );
    expect(cancelled?.registry).toEqual({
      operation: 'transfer cancel',
      outcome: 'ended',
      code: 2301,
    });
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('a transfer that finished before the cancel is the customer’s: active, and nothing refunded', async () => {
    const { customer, order, domain, name } = await askedTransfer();
    const account = await sandboxId();
    const expiresAt = new Date(Date.now() + 465 * 86_400_000);
    // The losing side approved a moment ago; its message has not reached us yet.
    await t.app.db
      .update(sandboxRegistryNames)
      .set({ sponsor: account, transferTo: null, transferDueAt: null, statuses: ['ok'], expiresAt })
      .where(eq(sandboxRegistryNames.name, name));
    const after = await ok(
      t.app,
      '/api/user/domains/cancel-transfer',
      { id: domain.id },
      customer.token,
    );
    expect(after.status).toBe('active');
    expect(after.expiresAt).toBe(expiresAt.toISOString());
    expect(await refunds(order.id)).toEqual([]);
    expect((await timeline(domain.id)).map((event) => event.kind)).toContain(
      'transfer.completed-before-cancel',
    );
    await t.app.jobs.drain();
    expect(await notices(domain.id)).toContain('transferred-in');
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('a transfer IRNIC has cannot be withdrawn: the page and the call say so, and nothing changes', async () => {
    const { customer, order, domain } = await askedTransfer();
    const waiting = await paidTransfer();
    // IRNIC's account, switched off: nothing here may reach it, and nothing does.
    const [irnic] = await t.app.db
      .insert(registrarAccounts)
      .values({
        name: `irnic-cancel-${process.pid}`,
        kind: 'irnic',
        endpoint: 'https://127.0.0.1:9/submit',
        enabled: false,
        credentials: sealRegistrarCredentials(t.app.secrets, 'irnic', {
          token: 'reseller-token',
          depositCode: '1234567890123456',
          resellerHandle: 'vi100-irnic',
        }),
      })
      .returning({ id: registrarAccounts.id });
    for (const id of [domain.id, waiting.domain.id]) {
      await t.app.db
        .update(domains)
        .set({ registrarAccountId: irnic?.id ?? '' })
        .where(eq(domains.id, id));
    }
    const detail = await ok(
      t.app,
      '/api/user/domains/get-domain',
      { id: domain.id },
      customer.token,
    );
    expect(detail.transferCancel?.available).toBe(false);
    expect(detail.transferCancel?.reason).toContain('ایرنیک');
    const error = await refused(
      t.app,
      '/api/user/domains/cancel-transfer',
      { id: domain.id },
      customer.token,
      409,
    );
    expect(error.message).toBe(detail.transferCancel?.reason);
    const [row] = await t.app.db.select().from(domains).where(eq(domains.id, domain.id));
    expect(row?.status).toBe('pending-approval');
    expect(await refunds(order.id)).toEqual([]);

    // Before IRNIC is asked (no PIN given yet) the transfer is ours alone to call off.
    const cancelled = await ok(
      t.app,
      '/api/user/domains/cancel-transfer',
      { id: waiting.domain.id },
      waiting.customer.token,
    );
    expect(cancelled.status).toBe('cancelled');
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('an active domain has no transfer to call off', async () => {
    const { customer, domain } = await paidTransfer();
    await t.app.db.update(domains).set({ status: 'active' }).where(eq(domains.id, domain.id));
    await refused(
      t.app,
      '/api/user/domains/cancel-transfer',
      { id: domain.id },
      customer.token,
      409,
    );
  });
});
