import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  domainEvents,
  domainNotices,
  domainRenewals,
  domains,
  registrarAccounts,
  sandboxRegistryNames,
  walletTransactions,
} from '../../schema';
import { ok, refused } from '../../test/api-kit';
import { createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { createCustomer, grantCredit } from '../orders/checkout-test-kit';
import { checkoutInvariantViolations } from '../orders/invariants';
import { sealRegistrarCredentials } from './registrars';

// A domain brought back from redemption from the panel (issue 38, RFC 3915): a restore line at
// the TLD's fee with the renewal it needs, paid, then restored and renewed at the registry by
// the renewal job, or its money back when the registry will not.

const DAY = 86_400_000;
/** The demo's .com prices (seed-domains.ts), per year before VAT. */
const COM_RESTORE = 150_000_000;
const COM_RENEW = 19_500_000;

function yearsAfter(date: Date, years: number): Date {
  const later = new Date(date);
  later.setUTCFullYear(later.getUTCFullYear() + years);
  return later;
}

describe('restoring a domain from redemption', () => {
  const t = setupTestApp({ seedDemoData: true });
  let counter = 0;

  async function sandboxId() {
    const [account] = await t.app.db
      .select()
      .from(registrarAccounts)
      .where(eq(registrarAccounts.name, 'sandbox-registry'));
    return account?.id ?? '';
  }

  /** A customer whose .com name expired `daysAgo` days ago and is in redemption here and there. */
  async function lapsed(options: { daysAgo?: number; credit?: number } = {}) {
    const customer = await createCustomer(t.app);
    await grantCredit(t.app.db, customer.id, options.credit ?? 500_000_000);
    counter += 1;
    const name = `lapsed-${process.pid}-${counter}.com`;
    const expiresAt = new Date(Date.now() - (options.daysAgo ?? 40) * DAY);
    const account = await sandboxId();
    await t.app.db.insert(sandboxRegistryNames).values({
      name,
      sponsor: account,
      expiresAt,
      statuses: ['pendingDelete', 'redemptionPeriod'],
      nameservers: ['ns1.a.ir', 'ns2.a.ir'],
    });
    const [domain] = await t.app.db
      .insert(domains)
      .values({
        userId: customer.id,
        name,
        ascii: name,
        tld: 'com',
        registrarAccountId: account,
        status: 'redemption',
        origin: 'import',
        years: 1,
        expiresAt,
        autoRenew: false,
        nameservers: ['ns1.a.ir', 'ns2.a.ir'],
        syncedAt: new Date(),
      })
      .returning();
    if (!domain) throw new Error('no domain');
    return { customer, domain, expiresAt };
  }

  async function payRestore(token: string, id: string, years = 1) {
    await ok(t.app, '/api/user/domains/restore-domain', { id, years }, token);
    const order = await ok(t.app, '/api/cart/submit-order', {}, token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, token);
    return order;
  }

  const read = async (id: string) => {
    const [row] = await t.app.db.select().from(domains).where(eq(domains.id, id));
    if (!row) throw new Error('gone');
    return row;
  };
  const atRegistry = async (name: string) => {
    const [row] = await t.app.db
      .select()
      .from(sandboxRegistryNames)
      .where(eq(sandboxRegistryNames.name, name));
    return row;
  };
  const events = (id: string) =>
    t.app.db
      .select({ kind: domainEvents.kind, registry: domainEvents.registry })
      .from(domainEvents)
      .where(eq(domainEvents.domainId, id));
  const notices = async (id: string) =>
    (
      await t.app.db
        .select({ kind: domainNotices.kind })
        .from(domainNotices)
        .where(eq(domainNotices.domainId, id))
    ).map((row) => row.kind);

  test('the page offers the restore with its fee, and the cart line says what it buys', async () => {
    const { customer, domain, expiresAt } = await lapsed();
    const detail = await ok(
      t.app,
      '/api/user/domains/get-domain',
      { id: domain.id },
      customer.token,
    );
    expect(detail.restore).toEqual({
      available: true,
      reason: null,
      restorePriceRial: COM_RESTORE,
      renewPriceRial: COM_RENEW,
      years: [1, 2, 3, 5, 10],
      // 30 days of grace and 30 of redemption after the expiry (the demo's .com).
      until: new Date(expiresAt.getTime() + 60 * DAY).toISOString(),
    });
    expect(detail.transferCancel).toBeNull();

    // A renewal alone does not bring a name back from redemption: the answer points at the restore.
    const renew = await refused(
      t.app,
      '/api/user/domains/renew-domain',
      { id: domain.id, years: 1 },
      customer.token,
      409,
    );
    expect(renew.message).toContain('بازگردانی');

    const cart = await ok(
      t.app,
      '/api/user/domains/restore-domain',
      { id: domain.id, years: 2 },
      customer.token,
    );
    const line = cart.lines.find((candidate) => candidate.domainName === domain.name);
    expect(line?.domain).toEqual({ action: 'restore', years: 2, tld: 'com' });
    // The registry's fee once, and two years of renewal, before VAT as any line.
    expect(line?.priceRial).toBe(COM_RESTORE + 2 * COM_RENEW);
    expect(line?.vatRial).toBeGreaterThan(0);

    const wrongTerm = await refused(
      t.app,
      '/api/user/domains/restore-domain',
      { id: domain.id, years: 4 },
      customer.token,
      400,
    );
    expect(wrongTerm.fields?.years).toBe('پسوند .com برای ۱ یا ۲ یا ۳ یا ۵ یا ۱۰ سال تمدید می‌شود');
  });

  test('a paid restore brings the name back at the registry and renews it: active, to its new expiry', async () => {
    const { customer, domain, expiresAt } = await lapsed();
    const order = await payRestore(customer.token, domain.id);
    await t.app.jobs.drain();

    const after = await read(domain.id);
    const renewedTo = yearsAfter(expiresAt, 1);
    expect(after.status).toBe('active');
    expect(after.expiresAt?.toISOString()).toBe(renewedTo.toISOString());
    const held = await atRegistry(domain.name);
    expect(held?.statuses).toEqual(['ok']);
    expect(held?.expiresAt.toISOString()).toBe(renewedTo.toISOString());

    const [renewal] = await t.app.db
      .select()
      .from(domainRenewals)
      .where(eq(domainRenewals.domainId, domain.id));
    expect(renewal).toMatchObject({ restore: true, state: 'done', years: 1 });
    const timeline = await events(domain.id);
    expect(timeline.map((event) => event.kind)).toEqual(
      expect.arrayContaining(['restore.paid', 'restored']),
    );
    expect(timeline.find((event) => event.kind === 'restored')?.registry).toEqual({
      operation: 'restore, renew',
      outcome: 'done',
      code: null,
    });
    expect(await notices(domain.id)).toContain('restored');

    // The invoice names what was bought.
    const detail = await ok(
      t.app,
      '/api/user/orders/order-get-detail',
      { orderId: order.id },
      customer.token,
    );
    const invoice = await ok(
      t.app,
      '/api/user/billing/get-document',
      { documentId: detail.invoice?.id ?? '' },
      customer.token,
    );
    expect(invoice.lines[0]?.description).toContain('بازگردانی دامنه و تمدید ۱ ساله');
    expect(invoice.lines[0]?.description).toContain(domain.name);
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('a restore the registry will not make is refunded with a credit note, and the owner told', async () => {
    const { customer, domain } = await lapsed();
    const order = await payRestore(customer.token, domain.id);
    // The registry let the name go between the payment and the job.
    await t.app.db.delete(sandboxRegistryNames).where(eq(sandboxRegistryNames.name, domain.name));
    await t.app.jobs.drain();

    const [renewal] = await t.app.db
      .select()
      .from(domainRenewals)
      .where(eq(domainRenewals.domainId, domain.id));
    expect(renewal?.state).toBe('refunded');
    const [refund] = await t.app.db
      .select()
      .from(walletTransactions)
      .where(
        and(eq(walletTransactions.orderId, order.id), eq(walletTransactions.reason, 'refund')),
      );
    expect(refund?.amountRial).toBe(order.totalRial);
    const detail = await ok(
      t.app,
      '/api/user/orders/order-get-detail',
      { orderId: order.id },
      customer.token,
    );
    expect(detail.creditNotes).toHaveLength(1);
    expect((await read(domain.id)).status).toBe('redemption');
    expect((await events(domain.id)).map((event) => event.kind)).toContain('restore.refused');
    expect(await notices(domain.id)).toContain('restore-refused');
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('a run after one whose answer was lost: restored already goes straight to the renewal; renewed too is adopted', async () => {
    // The registry restored the name, and the answer never reached us.
    const restored = await lapsed();
    await payRestore(restored.customer.token, restored.domain.id);
    await t.app.db
      .update(sandboxRegistryNames)
      .set({ statuses: ['ok'] })
      .where(eq(sandboxRegistryNames.name, restored.domain.name));
    await t.app.jobs.drain();
    // Asked to restore again, the sandbox would have refused (2304: not in redemption).
    const once = await read(restored.domain.id);
    expect(once.status).toBe('active');
    expect(once.expiresAt?.toISOString()).toBe(yearsAfter(restored.expiresAt, 1).toISOString());

    // The registry restored and renewed it; both answers were lost.
    const both = await lapsed();
    await payRestore(both.customer.token, both.domain.id, 2);
    const renewedTo = yearsAfter(both.expiresAt, 2);
    await t.app.db
      .update(sandboxRegistryNames)
      .set({ statuses: ['ok'], expiresAt: renewedTo })
      .where(eq(sandboxRegistryNames.name, both.domain.name));
    await t.app.jobs.drain();
    const adopted = await read(both.domain.id);
    expect(adopted.status).toBe('active');
    expect(adopted.expiresAt?.toISOString()).toBe(renewedTo.toISOString());
    // Not renewed twice.
    expect((await atRegistry(both.domain.name))?.expiresAt.toISOString()).toBe(
      renewedTo.toISOString(),
    );
    const restoredEvent = (await events(both.domain.id)).find((event) => event.kind === 'restored');
    expect(restoredEvent?.registry?.outcome).toBe('adopted');
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('a restore the registry holds for its report waits for staff, shown as a restore, and retried by them', async () => {
    const { customer, domain, expiresAt } = await lapsed();
    await payRestore(customer.token, domain.id);
    // RFC 3915 §4.2.5: the request was taken, the report is still to come.
    await t.app.db
      .update(sandboxRegistryNames)
      .set({ statuses: ['pendingDelete', 'pendingRestore'] })
      .where(eq(sandboxRegistryNames.name, domain.name));
    await t.app.jobs.drain();
    const [waiting] = await t.app.db
      .select()
      .from(domainRenewals)
      .where(eq(domainRenewals.domainId, domain.id));
    expect(waiting?.state).toBe('needs-attention');
    const needsStaff = (await events(domain.id)).find(
      (event) => event.kind === 'renewal.needs-staff',
    );
    expect(needsStaff?.registry).toEqual({
      operation: 'restore, renew',
      outcome: 'pendingRestore',
      code: null,
    });
    expect((await read(domain.id)).note).toContain('بازگردانی و تمدید دامنه در دست پشتیبانی است');

    const admin = await createStaff(t.app, 'admin');
    const list = await ok(
      t.app,
      '/api/admin/domains/list-domains',
      { needsStaff: true, q: domain.name },
      admin.token,
    );
    expect(list.items.map((item) => [item.name, item.renewal])).toEqual([
      [domain.name, { years: 1, state: 'needs-attention', restore: true }],
    ]);

    // Staff sent the report at the registry, which then restored the name.
    await t.app.db
      .update(sandboxRegistryNames)
      .set({ statuses: ['ok'] })
      .where(eq(sandboxRegistryNames.name, domain.name));
    await ok(
      t.app,
      '/api/admin/domains/retry-domain',
      { id: domain.id, reason: 'گزارش بازگردانی در ثبت‌کننده فرستاده شد' },
      admin.token,
    );
    await t.app.jobs.drain();
    const after = await read(domain.id);
    expect(after.status).toBe('active');
    expect(after.expiresAt?.toISOString()).toBe(yearsAfter(expiresAt, 1).toISOString());
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('a second restore paid while the first waits is credited back at payment, not made twice', async () => {
    const { customer, domain, expiresAt } = await lapsed();
    // Two orders, each with the restore, both paid before the registry is asked.
    await ok(
      t.app,
      '/api/user/domains/restore-domain',
      { id: domain.id, years: 1 },
      customer.token,
    );
    const first = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    await ok(
      t.app,
      '/api/user/domains/restore-domain',
      { id: domain.id, years: 1 },
      customer.token,
    );
    const second = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: first.id }, customer.token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: second.id }, customer.token);
    const [credited] = await t.app.db
      .select()
      .from(walletTransactions)
      .where(
        and(eq(walletTransactions.orderId, second.id), eq(walletTransactions.reason, 'refund')),
      );
    expect(credited?.amountRial).toBe(second.totalRial);
    await t.app.jobs.drain();
    const renewals = await t.app.db
      .select()
      .from(domainRenewals)
      .where(eq(domainRenewals.domainId, domain.id));
    expect(renewals.map((row) => row.state)).toEqual(['done']);
    expect((await read(domain.id)).expiresAt?.toISOString()).toBe(
      yearsAfter(expiresAt, 1).toISOString(),
    );
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('the expiry never deletes a domain whose restore is paid and waiting', async () => {
    const waiting = await lapsed({ daysAgo: 70 });
    const unpaid = await lapsed({ daysAgo: 70 });
    // Paid, its job not yet run (a registry slow to answer).
    await ok(
      t.app,
      '/api/user/domains/restore-domain',
      { id: waiting.domain.id, years: 1 },
      waiting.customer.token,
    );
    const order = await ok(t.app, '/api/cart/submit-order', {}, waiting.customer.token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, waiting.customer.token);
    const [paid] = await t.app.db
      .select()
      .from(domainRenewals)
      .where(eq(domainRenewals.domainId, waiting.domain.id));
    expect(paid?.state).toBe('pending');
    await t.app.domainsJob.runOnce();
    expect((await read(waiting.domain.id)).status).toBe('redemption');
    expect((await read(unpaid.domain.id)).status).toBe('deleted');
    await t.app.jobs.drain();
    expect((await read(waiting.domain.id)).status).toBe('active');
  });

  test('a name at IRNIC is not offered a restore, and the page and the call say why', async () => {
    const { customer, domain } = await lapsed();
    // An IRNIC account, switched off: nothing here may reach it, and nothing does.
    const [irnic] = await t.app.db
      .insert(registrarAccounts)
      .values({
        name: `irnic-restore-${process.pid}`,
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
    await t.app.db
      .update(domains)
      .set({ registrarAccountId: irnic?.id ?? '' })
      .where(eq(domains.id, domain.id));
    const detail = await ok(
      t.app,
      '/api/user/domains/get-domain',
      { id: domain.id },
      customer.token,
    );
    expect(detail.restore?.available).toBe(false);
    expect(detail.restore?.reason).toContain('ایرنیک');
    const error = await refused(
      t.app,
      '/api/user/domains/restore-domain',
      { id: domain.id, years: 1 },
      customer.token,
      409,
    );
    expect(error.message).toBe(detail.restore?.reason);
    const cart = await ok(t.app, '/api/cart/get-cart', {}, customer.token);
    expect(cart.lines).toEqual([]);
  });

  test('an active domain is renewed, not restored', async () => {
    const { customer, domain } = await lapsed();
    await t.app.db
      .update(domains)
      .set({ status: 'active', expiresAt: new Date(Date.now() + 100 * DAY) })
      .where(eq(domains.id, domain.id));
    const detail = await ok(
      t.app,
      '/api/user/domains/get-domain',
      { id: domain.id },
      customer.token,
    );
    expect(detail.restore).toBeNull();
    await refused(
      t.app,
      '/api/user/domains/restore-domain',
      { id: domain.id, years: 1 },
      customer.token,
      409,
    );
  });
});
