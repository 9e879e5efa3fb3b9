import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  domainEvents,
  domainNotices,
  domainRenewals,
  domains,
  orders,
  registrarAccounts,
  sandboxRegistryMessages,
  sandboxRegistryNames,
  users,
  walletTransactions,
} from '../../schema';
import { ok, send } from '../../test/api-kit';
import { setupTestApp } from '../../test/test-app';
import { hashPassword } from '../accounts/password';
import { createCustomer, grantCredit } from '../orders/checkout-test-kit';
import { checkoutInvariantViolations } from '../orders/invariants';

// What keeps a domain in step with its registry after it is bought (issue 38): renewals, the
// registry's messages, the expiry's moves, reminders, automatic renewal and the daily sync.

const DAY = 86_400_000;

describe('a domain kept in step with its registry', () => {
  const t = setupTestApp({ seedDemoData: true });
  let counter = 0;

  async function sandboxId() {
    const [account] = await t.app.db
      .select()
      .from(registrarAccounts)
      .where(eq(registrarAccounts.name, 'sandbox-registry'));
    return account?.id ?? '';
  }

  /** A customer holding an active domain at the sandbox, expiring in `days`. */
  async function holder(options: { days: number; autoRenew?: boolean; credit?: number }) {
    const customer = await createCustomer(t.app);
    if (options.credit) await grantCredit(t.app.db, customer.id, options.credit);
    counter += 1;
    const name = `keep-${process.pid}-${counter}.com`;
    const expiresAt = new Date(Date.now() + options.days * DAY);
    const account = await sandboxId();
    await t.app.db
      .insert(sandboxRegistryNames)
      .values({ name, sponsor: account, expiresAt, nameservers: ['ns1.a.ir', 'ns2.a.ir'] });
    const [domain] = await t.app.db
      .insert(domains)
      .values({
        userId: customer.id,
        name,
        ascii: name,
        tld: 'com',
        registrarAccountId: account,
        status: 'active',
        origin: 'import',
        years: 1,
        expiresAt,
        autoRenew: options.autoRenew ?? false,
        nameservers: ['ns1.a.ir', 'ns2.a.ir'],
        syncedAt: new Date(),
      })
      .returning();
    if (!domain) throw new Error('no domain');
    return { customer, domain };
  }

  const read = async (id: string) => {
    const [row] = await t.app.db.select().from(domains).where(eq(domains.id, id));
    if (!row) throw new Error('gone');
    return row;
  };
  const registry = async (name: string) => {
    const [row] = await t.app.db
      .select()
      .from(sandboxRegistryNames)
      .where(eq(sandboxRegistryNames.name, name));
    return row;
  };
  const kinds = async (id: string) =>
    (
      await t.app.db
        .select({ kind: domainEvents.kind })
        .from(domainEvents)
        .where(eq(domainEvents.domainId, id))
    ).map((row) => row.kind);

  test('a renewal bought from the panel extends the domain at the registry, once', async () => {
    const { customer, domain } = await holder({ days: 20, credit: 100_000_000 });
    await ok(t.app, '/api/user/domains/renew-domain', { id: domain.id, years: 2 }, customer.token);
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    expect(order.totalRial).toBeGreaterThan(2 * 19_500_000);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token);
    await t.app.jobs.drain();
    const after = await read(domain.id);
    const expected = new Date(domain.expiresAt as Date);
    expected.setUTCFullYear(expected.getUTCFullYear() + 2);
    expect(after.expiresAt?.toISOString()).toBe(expected.toISOString());
    expect((await registry(domain.name))?.expiresAt.toISOString()).toBe(expected.toISOString());
    expect(await kinds(domain.id)).toContain('renewed');
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('a renewal whose answer was lost is adopted; one the registry refuses is refunded', async () => {
    const lost = await holder({ days: 20, credit: 100_000_000 });
    await ok(
      t.app,
      '/api/user/domains/renew-domain',
      { id: lost.domain.id, years: 1 },
      lost.customer.token,
    );
    const first = await ok(t.app, '/api/cart/submit-order', {}, lost.customer.token);
    // The registry renews, and the answer never reaches us: the node dies first.
    const renewedAt = new Date(lost.domain.expiresAt as Date);
    renewedAt.setUTCFullYear(renewedAt.getUTCFullYear() + 1);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: first.id }, lost.customer.token);
    await t.app.db
      .update(sandboxRegistryNames)
      .set({ expiresAt: renewedAt })
      .where(eq(sandboxRegistryNames.name, lost.domain.name));
    await t.app.jobs.drain();
    expect((await read(lost.domain.id)).expiresAt?.toISOString()).toBe(renewedAt.toISOString());
    expect((await registry(lost.domain.name))?.expiresAt.toISOString()).toBe(
      renewedAt.toISOString(),
    );

    const refused = await holder({ days: 20, credit: 100_000_000 });
    await ok(
      t.app,
      '/api/user/domains/renew-domain',
      { id: refused.domain.id, years: 1 },
      refused.customer.token,
    );
    const order = await ok(t.app, '/api/cart/submit-order', {}, refused.customer.token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, refused.customer.token);
    // The registry no longer holds the name for us.
    await t.app.db
      .delete(sandboxRegistryNames)
      .where(eq(sandboxRegistryNames.name, refused.domain.name));
    await t.app.jobs.drain();
    const [renewal] = await t.app.db
      .select()
      .from(domainRenewals)
      .where(eq(domainRenewals.domainId, refused.domain.id));
    expect(renewal?.state).toBe('refunded');
    const [refund] = await t.app.db
      .select()
      .from(walletTransactions)
      .where(
        and(eq(walletTransactions.orderId, order.id), eq(walletTransactions.reason, 'refund')),
      );
    expect(refund?.amountRial).toBe(order.totalRial);
    expect((await read(refused.domain.id)).expiresAt?.toISOString()).toBe(
      refused.domain.expiresAt?.toISOString(),
    );
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('automatic renewal is paid from the wallet, or waits for the owner with its link', async () => {
    const funded = await holder({ days: 10, autoRenew: true, credit: 100_000_000 });
    const short = await holder({ days: 10, autoRenew: true });
    const off = await holder({ days: 10, autoRenew: false, credit: 100_000_000 });
    await t.app.domainsJob.runOnce();
    await t.app.jobs.drain();
    expect((await read(funded.domain.id)).expiresAt?.getTime()).toBeGreaterThan(
      (funded.domain.expiresAt as Date).getTime() + 300 * DAY,
    );
    const waiting = await t.app.db
      .select()
      .from(orders)
      .where(eq(orders.userId, short.customer.id));
    expect(waiting.map((order) => order.status)).toEqual(['pending']);
    expect(await kinds(short.domain.id)).toContain('auto-renew.awaiting-payment');
    const told = await t.app.db
      .select({ kind: domainNotices.kind })
      .from(domainNotices)
      .where(eq(domainNotices.domainId, short.domain.id));
    expect(told.map((row) => row.kind)).toContain('renewal-due');
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, off.customer.id))).toEqual(
      [],
    );
    // A second run orders nothing more while the first order waits.
    await t.app.domainsJob.runOnce();
    const again = await t.app.db.select().from(orders).where(eq(orders.userId, short.customer.id));
    expect(again).toHaveLength(1);
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('the owner is reminded at 7 days once, and a passed expiry moves the domain on', async () => {
    const soon = await holder({ days: 6 });
    const past = await holder({ days: -1 });
    const graceOver = await holder({ days: -40 });
    await t.app.db
      .update(domains)
      .set({ status: 'expired' })
      .where(eq(domains.id, graceOver.domain.id));
    await t.app.domainsJob.runOnce();
    await t.app.domainsJob.runOnce();
    await t.app.jobs.drain();
    const reminders = await t.app.db
      .select({ kind: domainNotices.kind, channel: domainNotices.channel })
      .from(domainNotices)
      .where(eq(domainNotices.domainId, soon.domain.id));
    expect(
      reminders.filter((row) => row.kind === 'expiring' && row.channel === 'sms'),
    ).toHaveLength(1);
    expect((await read(soon.domain.id)).remindedDays).toBe(7);
    expect((await read(past.domain.id)).status).toBe('expired');
    expect((await read(graceOver.domain.id)).status).toBe('redemption');
  });

  test('the sync follows the registry: new nameservers, a renewal elsewhere, a transfer away', async () => {
    const changed = await holder({ days: 100 });
    const away = await holder({ days: 100 });
    const earlier = await holder({ days: 100 });
    const later = new Date(Date.now() + 465 * DAY);
    await t.app.db
      .update(sandboxRegistryNames)
      .set({ nameservers: ['ns1.elsewhere.ir', 'ns2.elsewhere.ir'], expiresAt: later })
      .where(eq(sandboxRegistryNames.name, changed.domain.name));
    await t.app.db
      .update(sandboxRegistryNames)
      .set({ sponsor: 'another-registrar' })
      .where(eq(sandboxRegistryNames.name, away.domain.name));
    await t.app.db
      .update(sandboxRegistryNames)
      .set({ expiresAt: new Date(Date.now() + 10 * DAY) })
      .where(eq(sandboxRegistryNames.name, earlier.domain.name));
    await t.app.db
      .update(domains)
      .set({ syncedAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(domains.userId, changed.customer.id));
    await t.app.db
      .update(domains)
      .set({ syncedAt: null })
      .where(eq(domains.userId, away.customer.id));
    await t.app.db
      .update(domains)
      .set({ syncedAt: null })
      .where(eq(domains.userId, earlier.customer.id));
    await t.app.domainsJob.runOnce();
    const after = await read(changed.domain.id);
    expect(after.nameservers).toEqual(['ns1.elsewhere.ir', 'ns2.elsewhere.ir']);
    expect(after.expiresAt?.toISOString()).toBe(later.toISOString());
    expect((await read(away.domain.id)).status).toBe('transferred-away');
    expect((await read(earlier.domain.id)).status).toBe('needs-attention');
  });

  test("a registry's message finishes a transfer, and is acked only after", async () => {
    const { domain } = await holder({ days: 100 });
    const account = await sandboxId();
    await t.app.db
      .update(domains)
      .set({ status: 'pending-approval', origin: 'transfer' })
      .where(eq(domains.id, domain.id));
    await t.app.db
      .update(sandboxRegistryNames)
      .set({
        sponsor: 'another-registrar',
        transferTo: account,
        transferDueAt: new Date(Date.now() - 1000),
      })
      .where(eq(sandboxRegistryNames.name, domain.name));
    await t.app.domainsJob.runOnce();
    expect((await read(domain.id)).status).toBe('active');
    expect(await kinds(domain.id)).toContain('poll.transfer-completed');
    const left = await t.app.db
      .select()
      .from(sandboxRegistryMessages)
      .where(eq(sandboxRegistryMessages.client, account));
    expect(left).toEqual([]);
  });
});

describe('the registrar lock and the transfer code', () => {
  const t = setupTestApp({ seedDemoData: true });

  test('the owner locks the name at the registry, and reads its code only with their password', async () => {
    const customer = await createCustomer(t.app);
    await t.app.db
      .update(users)
      .set({ passwordHash: await hashPassword('lock-test-password-1405') })
      .where(eq(users.id, customer.id));
    const [account] = await t.app.db
      .select()
      .from(registrarAccounts)
      .where(eq(registrarAccounts.name, 'sandbox-registry'));
    const name = `lock-${process.pid}.com`;
    const expiresAt = new Date(Date.now() + 100 * DAY);
    await t.app.db
      .insert(sandboxRegistryNames)
      .values({ name, sponsor: account?.id ?? '', expiresAt, authCode: 'Held-Code#5' });
    const [domain] = await t.app.db
      .insert(domains)
      .values({
        userId: customer.id,
        name,
        ascii: name,
        tld: 'com',
        registrarAccountId: account?.id ?? '',
        status: 'active',
        origin: 'import',
        years: 1,
        expiresAt,
      })
      .returning();
    const id = domain?.id ?? '';

    const locked = await ok(
      t.app,
      '/api/user/domains/set-lock',
      { id, locked: true },
      customer.token,
    );
    expect(locked.locked).toBe(true);
    const [atRegistry] = await t.app.db
      .select()
      .from(sandboxRegistryNames)
      .where(eq(sandboxRegistryNames.name, name));
    expect(atRegistry?.statuses).toContain('clientTransferProhibited');
    const unlocked = await ok(
      t.app,
      '/api/user/domains/set-lock',
      { id, locked: false },
      customer.token,
    );
    expect(unlocked.locked).toBe(false);

    const wrong = await send(
      t.app,
      '/api/user/domains/reveal-auth-code',
      { id, password: 'not-my-password' },
      customer.token,
    );
    expect(wrong.statusCode).toBe(422);
    const code = await ok(
      t.app,
      '/api/user/domains/reveal-auth-code',
      { id, password: 'lock-test-password-1405' },
      customer.token,
    );
    expect(code.authCode).toBe('Held-Code#5');
    const timeline = await t.app.db
      .select({ kind: domainEvents.kind, message: domainEvents.message })
      .from(domainEvents)
      .where(eq(domainEvents.domainId, id));
    expect(timeline.map((event) => event.kind).sort()).toEqual([
      'auth-code.read',
      'lock.off',
      'lock.on',
    ]);
    expect(JSON.stringify(timeline)).not.toContain('Held-Code');
  });

  test('a .ir name has no transfer code to read: the owner is told how .ir moves', async () => {
    const customer = await createCustomer(t.app);
    await t.app.db
      .update(users)
      .set({ passwordHash: await hashPassword('lock-test-password-1405') })
      .where(eq(users.id, customer.id));
    const [account] = await t.app.db
      .select()
      .from(registrarAccounts)
      .where(eq(registrarAccounts.name, 'sandbox-registry'));
    const name = `lock-${process.pid}.ir`;
    await t.app.db
      .insert(sandboxRegistryNames)
      .values({ name, sponsor: account?.id ?? '', expiresAt: new Date(Date.now() + 100 * DAY) });
    const [domain] = await t.app.db
      .insert(domains)
      .values({
        userId: customer.id,
        name,
        ascii: name,
        tld: 'ir',
        registrarAccountId: account?.id ?? '',
        status: 'active',
        origin: 'import',
        years: 1,
        expiresAt: new Date(Date.now() + 100 * DAY),
      })
      .returning();
    const refused = await send(
      t.app,
      '/api/user/domains/reveal-auth-code',
      { id: domain?.id ?? '', password: 'lock-test-password-1405' },
      customer.token,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('کد انتقال ندارد');
  });
});
