import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import 'reflect-metadata';
import type { OutboxMailSender } from '../../providers/email/outbox-mail';
import { FakeEppServer } from '../../providers/registrar/fake-epp-server';
import {
  domainNotices,
  domainRenewals,
  domains,
  orders,
  registrarAccounts,
  sandboxRegistryNames,
  walletTransactions,
} from '../../schema';
import { ok, refused, type SignedInUser, send } from '../../test/api-kit';
import { selfSignedCertificate } from '../../test/self-signed';
import { auditRowsOf, createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { type Customer, createCustomer, grantCredit } from '../orders/checkout-test-kit';
import { checkoutInvariantViolations } from '../orders/invariants';

// Staff's side of domains (issue 38): the list and a domain's page with its registry timeline,
// what staff do with a domain that waits for a person (retry, complete by hand, refund), names
// imported from the registry, the TLDs' terms and prices, and the registrar accounts.

const DAY = 86_400_000;
const STAFF_INBOX = 'domains-desk@vitrin.test';

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

const t = setupTestApp({ seedDemoData: true, staffAlertEmails: [STAFF_INBOX] });
let admin: SignedInUser;
let sandbox: typeof registrarAccounts.$inferSelect;
let counter = 0;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  const [account] = await t.app.db
    .select()
    .from(registrarAccounts)
    .where(eq(registrarAccounts.name, 'sandbox-registry'));
  if (!account) throw new Error('the demo seed has the sandbox registrar account');
  sandbox = account;
});

const mail = () => t.app.mail as OutboxMailSender;

/** A name no other test of this file uses. */
function freshName(prefix: string, tld = 'ir'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}.${tld}`;
}

async function domainRow(id: string) {
  const [row] = await t.app.db.select().from(domains).where(eq(domains.id, id));
  if (!row) throw new Error(`no domain ${id}`);
  return row;
}

async function domainByName(ascii: string) {
  const [row] = await t.app.db.select().from(domains).where(eq(domains.ascii, ascii));
  if (!row) throw new Error(`no domain ${ascii}`);
  return row;
}

async function setRegistrarEnabled(enabled: boolean) {
  await t.app.db
    .update(registrarAccounts)
    .set({ enabled })
    .where(eq(registrarAccounts.id, sandbox.id));
}

/** A customer with credit and holder details, who bought `name` and paid from the wallet. */
async function boughtDomain(name: string, options: { customer?: Customer; years?: number } = {}) {
  const customer = options.customer ?? (await createCustomer(t.app));
  if (!options.customer) {
    await grantCredit(t.app.db, customer.id, 500_000_000);
    await ok(t.app, '/api/user/domains/save-contact', HOLDER, customer.token);
  }
  await ok(
    t.app,
    '/api/cart/add-domain-to-cart',
    { name, action: 'register', years: options.years ?? 1 },
    customer.token,
  );
  const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
  await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token);
  const domain = await domainByName(name);
  return { customer, order, domain };
}

/**
 * A paid registration the job could not do because our registrar account is switched off:
 * it waits for staff (needs-attention), money held. The account is on again afterwards.
 */
async function waitingForStaff(name: string, customer?: Customer) {
  const bought = await boughtDomain(name, customer ? { customer } : {});
  await setRegistrarEnabled(false);
  try {
    await t.app.jobs.drain();
  } finally {
    await setRegistrarEnabled(true);
  }
  const row = await domainRow(bought.domain.id);
  expect(row.status).toBe('needs-attention');
  return bought;
}

/** A customer's active domain, registered through the job. */
async function activeDomain(name: string, customer?: Customer) {
  const bought = await boughtDomain(name, customer ? { customer } : {});
  await t.app.jobs.drain();
  expect((await domainRow(bought.domain.id)).status).toBe('active');
  return bought;
}

const list = (body: Record<string, unknown>) =>
  ok(t.app, '/api/admin/domains/list-domains', { pageSize: 100, ...body }, admin.token);

describe('list-domains', () => {
  test('finds a domain by its name and by its customer mobile, with customer and registrar', async () => {
    const name = freshName('staff-find');
    const { customer, domain } = await activeDomain(name);

    const byName = await list({ q: name.toUpperCase().slice(0, -3) });
    expect(byName.items.map((item) => item.id)).toEqual([domain.id]);
    expect(byName.total).toBe(1);
    expect(byName.items[0]).toMatchObject({
      name,
      ascii: name,
      tld: 'ir',
      status: 'active',
      customer: { id: customer.id, name: 'مریم آزمون', mobile: customer.mobile },
      registrar: 'sandbox-registry',
      nameservers: ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'],
      renewal: null,
      note: null,
    });

    const second = await activeDomain(freshName('staff-find'), customer);
    const byMobile = await list({ q: customer.mobile });
    expect(byMobile.items.map((item) => item.id).sort()).toEqual(
      [domain.id, second.domain.id].sort(),
    );
    expect(byMobile.total).toBe(2);
    expect(await list({ q: `nobody-${process.pid}.ir` })).toMatchObject({ items: [], total: 0 });
  });

  test('finds a customer by the mobile as staff type it: 09… and in Persian digits', async () => {
    const name = freshName('staff-mobile');
    const { customer, domain } = await activeDomain(name);
    const local = `0${customer.mobile.slice(3)}`;
    const persian = local.replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)] ?? digit);
    for (const q of [local, persian]) {
      const found = await list({ q });
      expect(
        found.items.map((item) => item.id),
        q,
      ).toEqual([domain.id]);
    }
  });

  test('filters by status and by needsStaff, and counts those that wait for staff', async () => {
    const before = await list({ needsStaff: true });
    const customer = await createCustomer(t.app);
    await grantCredit(t.app.db, customer.id, 500_000_000);
    await ok(t.app, '/api/user/domains/save-contact', HOLDER, customer.token);

    const stuck = await waitingForStaff(freshName('staff-stuck'), customer);
    const fine = await activeDomain(freshName('staff-fine'), customer);
    // An active domain whose paid renewal waits for staff (the account was off when it ran).
    const renewing = await activeDomain(freshName('staff-renew'), customer);
    await ok(
      t.app,
      '/api/user/domains/renew-domain',
      { id: renewing.domain.id, years: 1 },
      customer.token,
    );
    const renewal = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: renewal.id }, customer.token);
    await setRegistrarEnabled(false);
    try {
      await t.app.jobs.drain();
    } finally {
      await setRegistrarEnabled(true);
    }
    const [waitingRenewal] = await t.app.db
      .select()
      .from(domainRenewals)
      .where(eq(domainRenewals.domainId, renewing.domain.id));
    expect(waitingRenewal?.state).toBe('needs-attention');

    const mine = { q: customer.mobile };
    const needsStaff = await list({ ...mine, needsStaff: true });
    expect(needsStaff.items.map((item) => [item.id, item.status, item.renewal]).sort()).toEqual(
      [
        [stuck.domain.id, 'needs-attention', null],
        [renewing.domain.id, 'active', { years: 1, state: 'needs-attention', restore: false }],
      ].sort(),
    );
    expect(needsStaff.total).toBe(2);
    // The count is of every domain waiting for staff, whatever the filter.
    expect(needsStaff.needsStaff).toBe(before.needsStaff + 2);
    expect((await list({ status: 'active' })).needsStaff).toBe(before.needsStaff + 2);
    expect((await list({ needsStaff: true })).total).toBe(before.total + 2);

    const attention = await list({ ...mine, status: 'needs-attention' });
    expect(attention.items.map((item) => item.id)).toEqual([stuck.domain.id]);
    expect(attention.items[0]?.note).toBe('ثبت دامنه در دست پشتیبانی است؛ به‌زودی انجام می‌شود');
    const active = await list({ ...mine, status: 'active' });
    expect(active.items.map((item) => item.id).sort()).toEqual(
      [fine.domain.id, renewing.domain.id].sort(),
    );
    expect(active.items.every((item) => item.status === 'active')).toBe(true);
    const all = await list(mine);
    expect(all.total).toBe(3);
  });
});

describe('get-domain', () => {
  test('shows the timeline with the registry record, and never a transfer code or password', async () => {
    const { domain } = await activeDomain(freshName('staff-detail'));
    const detail = await ok(t.app, '/api/admin/domains/get-domain', { id: domain.id }, admin.token);
    expect(detail).toMatchObject({
      id: domain.id,
      status: 'active',
      orderId: domain.orderId,
      registrar: 'sandbox-registry',
    });
    expect(detail.registeredAt).not.toBeNull();
    expect(detail.syncedAt).not.toBeNull();
    expect(detail.registryStatuses).toEqual(['ok']);
    expect(detail.timeline.map((event) => event.kind)).toEqual(['registered', 'ordered']);
    const [registered, ordered] = detail.timeline;
    expect(registered).toMatchObject({
      fromStatus: 'pending-registration',
      toStatus: 'active',
      actor: 'registry',
      attempt: 1,
      registry: { operation: 'create', outcome: 'done', code: null },
    });
    expect(ordered?.registry).toBeNull();

    // The transfer code the registry set for the name is the holder's, not the console's.
    const [atRegistry] = await t.app.db
      .select()
      .from(sandboxRegistryNames)
      .where(eq(sandboxRegistryNames.name, domain.ascii));
    expect(atRegistry?.authCode).toBeTruthy();
    const raw = (await send(t.app, '/api/admin/domains/get-domain', { id: domain.id }, admin.token))
      .body;
    expect(raw).not.toContain(atRegistry?.authCode ?? '');
    expect(raw).not.toMatch(/authCode|transferCode|password|credentials/i);
  });

  test('a transfer whose code waits for the registry does not show the code', async () => {
    const name = freshName('staff-moving', 'com');
    const code = 'Move-Me#4242';
    await t.app.db.insert(sandboxRegistryNames).values({
      name,
      sponsor: 'another-registrar',
      expiresAt: new Date(Date.now() + 100 * DAY),
      authCode: code,
    });
    const customer = await createCustomer(t.app);
    await grantCredit(t.app.db, customer.id, 500_000_000);
    await ok(t.app, '/api/user/domains/save-contact', HOLDER, customer.token);
    await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name, action: 'transfer', years: 1 },
      customer.token,
    );
    const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token);
    const domain = await domainByName(name);
    await ok(
      t.app,
      '/api/user/domains/submit-transfer-code',
      { id: domain.id, authCode: code },
      customer.token,
    );
    const sealed = (await domainRow(domain.id)).transferCode;
    expect(sealed).toBeTruthy();
    const answer = await send(
      t.app,
      '/api/admin/domains/get-domain',
      { id: domain.id },
      admin.token,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.status).toBe('pending-transfer');
    expect(answer.body).not.toContain(code);
    expect(answer.body).not.toContain(sealed ?? '');
    const listed = await send(
      t.app,
      '/api/admin/domains/list-domains',
      { q: name, pageSize: 10 },
      admin.token,
    );
    expect(listed.json().data.items).toHaveLength(1);
    expect(listed.body).not.toContain(code);
    expect(listed.body).not.toContain(sealed ?? '');
    // The registry takes the code; the transfer then waits for the other side.
    await t.app.jobs.drain();
    expect((await domainRow(domain.id)).status).toBe('pending-approval');
  });

  test('an unknown domain is 404', async () => {
    const error = await refused(
      t.app,
      '/api/admin/domains/get-domain',
      { id: '00000000-0000-4000-8000-000000000000' },
      admin.token,
      404,
    );
    expect(error.code).toBe('NOT_FOUND');
  });
});

describe('a registration that needs staff', () => {
  test('waits with an e-mail to staff, is retried by staff, registered by the job, and audited', async () => {
    const name = freshName('staff-retry');
    const mailBefore = mail().sent.length;
    const { customer, domain } = await waitingForStaff(name);

    // Staff are told by e-mail, once.
    const alerts = await t.app.db
      .select()
      .from(domainNotices)
      .where(and(eq(domainNotices.domainId, domain.id), eq(domainNotices.kind, 'staff-alert')));
    expect(alerts.map((row) => [row.channel, row.recipient, row.state])).toEqual([
      ['email', STAFF_INBOX, 'sent'],
    ]);
    const toStaff = mail()
      .sent.slice(mailBefore)
      .filter((message) => message.to === STAFF_INBOX && message.subject.includes(name));
    expect(toStaff.map((message) => message.subject)).toEqual([
      `دامنهٔ ${name} به کارشناس نیاز دارد`,
    ]);
    expect(toStaff[0]?.text).toContain('ورود به حساب ثبت‌کننده پذیرفته نشد');

    const waiting = await ok(
      t.app,
      '/api/admin/domains/get-domain',
      { id: domain.id },
      admin.token,
    );
    expect(waiting.timeline[0]).toMatchObject({
      kind: 'registry.needs-staff',
      fromStatus: 'pending-registration',
      toStatus: 'needs-attention',
      registry: { operation: 'create', outcome: 'auth', code: null },
      attempt: 1,
    });
    // Nothing reached the registry.
    expect(
      await t.app.db.select().from(sandboxRegistryNames).where(eq(sandboxRegistryNames.name, name)),
    ).toEqual([]);

    const reason = 'حساب ثبت‌کننده دوباره روشن شد';
    const retried = await ok(
      t.app,
      '/api/admin/domains/retry-domain',
      { id: domain.id, reason },
      admin.token,
    );
    expect(retried).toEqual({ status: 'pending-registration' });
    expect((await domainRow(domain.id)).note).toBeNull();
    const [audit] = await auditRowsOf(t.app, 'domain', domain.id);
    expect(audit).toMatchObject({
      action: 'domain.retry',
      actorId: admin.id,
      reason,
      before: { status: 'needs-attention' },
      after: { status: 'pending-registration' },
    });

    await t.app.jobs.drain();
    const mine = await ok(t.app, '/api/user/domains/get-domain', { id: domain.id }, customer.token);
    expect(mine.status).toBe('active');
    expect(mine.nameservers).toEqual(['ns1.vitrin.localhost', 'ns2.vitrin.localhost']);
    const [atRegistry] = await t.app.db
      .select()
      .from(sandboxRegistryNames)
      .where(eq(sandboxRegistryNames.name, name));
    expect(atRegistry?.sponsor).toBe(sandbox.id);
    expect(atRegistry?.expiresAt.toISOString()).toBe(mine.expiresAt);

    const after = await ok(t.app, '/api/admin/domains/get-domain', { id: domain.id }, admin.token);
    expect(after.timeline.map((event) => [event.kind, event.actor])).toEqual([
      ['registered', 'registry'],
      ['staff.retry', 'staff'],
      ['registry.needs-staff', 'system'],
      ['ordered', expect.any(String)],
    ]);
    expect(after.timeline[1]?.message).toContain(reason);

    // A domain with nothing waiting at the registry cannot be retried.
    const again = await refused(
      t.app,
      '/api/admin/domains/retry-domain',
      { id: domain.id, reason },
      admin.token,
      409,
    );
    expect(again.message).toBe('این دامنه کاری در انتظار ثبت‌کننده ندارد');
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });

  test('complete-domain refuses while the registry does not hold the name for us, then activates it', async () => {
    const name = freshName('staff-by-hand');
    const { domain } = await waitingForStaff(name);
    const reason = 'در پنل ثبت‌کننده دستی ثبت شد';

    const notYet = await refused(
      t.app,
      '/api/admin/domains/complete-domain',
      { id: domain.id, reason },
      admin.token,
      409,
    );
    expect(notYet.message).toContain('به نام حساب ما نشان نمی‌دهد');
    // Held by another registrar: still not ours.
    await t.app.db.insert(sandboxRegistryNames).values({
      name,
      sponsor: 'another-registrar',
      expiresAt: new Date(Date.now() + 365 * DAY),
    });
    await refused(
      t.app,
      '/api/admin/domains/complete-domain',
      { id: domain.id, reason },
      admin.token,
      409,
    );
    expect((await domainRow(domain.id)).status).toBe('needs-attention');
    expect(
      (await auditRowsOf(t.app, 'domain', domain.id)).filter(
        (row) => row.action === 'domain.complete',
      ),
    ).toEqual([]);

    // Staff register it at the registry under our account.
    const expiresAt = new Date(Date.now() + 365 * DAY);
    await t.app.db
      .update(sandboxRegistryNames)
      .set({
        sponsor: sandbox.id,
        expiresAt,
        nameservers: ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'],
      })
      .where(eq(sandboxRegistryNames.name, name));
    const done = await ok(
      t.app,
      '/api/admin/domains/complete-domain',
      { id: domain.id, reason },
      admin.token,
    );
    expect(done).toEqual({ status: 'active' });
    const row = await domainRow(domain.id);
    expect(row.status).toBe('active');
    expect(row.expiresAt?.toISOString()).toBe(expiresAt.toISOString());
    expect(row.registeredAt).not.toBeNull();
    const [audit] = await auditRowsOf(t.app, 'domain', domain.id);
    expect(audit).toMatchObject({ action: 'domain.complete', reason, actorId: admin.id });
    const detail = await ok(t.app, '/api/admin/domains/get-domain', { id: domain.id }, admin.token);
    expect(detail.timeline[0]).toMatchObject({ kind: 'staff.completed', actor: 'staff' });
  });

  test('refund-domain cancels a domain waiting for staff with a credit note, and refuses a registered one', async () => {
    const { customer, order, domain } = await waitingForStaff(freshName('staff-refund'));
    const reason = 'مشتری انصراف داد';
    const refunded = await ok(
      t.app,
      '/api/admin/domains/refund-domain',
      { id: domain.id, reason },
      admin.token,
    );
    expect(refunded).toEqual({ status: 'cancelled' });
    expect((await domainRow(domain.id)).status).toBe('cancelled');
    const refunds = await t.app.db
      .select()
      .from(walletTransactions)
      .where(
        and(eq(walletTransactions.orderId, order.id), eq(walletTransactions.reason, 'refund')),
      );
    expect(refunds.map((row) => row.amountRial)).toEqual([order.totalRial]);
    expect(refunds[0]?.userId).toBe(customer.id);
    const detail = await ok(
      t.app,
      '/api/user/orders/order-get-detail',
      { orderId: order.id },
      customer.token,
    );
    expect(detail.creditNotes).toHaveLength(1);
    const [audit] = await auditRowsOf(t.app, 'domain', domain.id);
    expect(audit).toMatchObject({
      action: 'domain.refund',
      reason,
      before: { status: 'needs-attention' },
      after: { status: 'cancelled' },
    });
    // Refunded once: a second refund is refused and credits nothing.
    await refused(
      t.app,
      '/api/admin/domains/refund-domain',
      { id: domain.id, reason },
      admin.token,
      409,
    );

    const registered = await activeDomain(freshName('staff-norefund'));
    const error = await refused(
      t.app,
      '/api/admin/domains/refund-domain',
      { id: registered.domain.id, reason },
      admin.token,
      409,
    );
    expect(error.message).toBe('فقط دامنه‌ای که ثبت نشده است لغو و بازپرداخت می‌شود');
    expect((await domainRow(registered.domain.id)).status).toBe('active');
    const noRefund = await t.app.db
      .select()
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.orderId, registered.order.id),
          eq(walletTransactions.reason, 'refund'),
        ),
      );
    expect(noRefund).toEqual([]);
    const again = await t.app.db
      .select()
      .from(walletTransactions)
      .where(
        and(eq(walletTransactions.orderId, order.id), eq(walletTransactions.reason, 'refund')),
      );
    expect(again).toHaveLength(1);
    expect(await checkoutInvariantViolations(t.app.db)).toEqual([]);
  });
});

describe('import-domain', () => {
  test('adds a name the registry holds for us to a customer, with its expiry, free', async () => {
    const customer = await createCustomer(t.app);
    const name = freshName('staff-import', 'com');
    const expiresAt = new Date(Date.now() + 200 * DAY);
    const createdAt = new Date(Date.now() - 165 * DAY);
    await t.app.db.insert(sandboxRegistryNames).values({
      name,
      sponsor: sandbox.id,
      expiresAt,
      createdAt,
      nameservers: ['ns1.elsewhere.ir', 'ns2.elsewhere.ir'],
      statuses: ['clientTransferProhibited'],
      authCode: 'Imported#Code1',
    });
    const reason = 'دامنهٔ مشتری از سامانهٔ قبلی';
    const imported = await ok(
      t.app,
      '/api/admin/domains/import-domain',
      { customerId: customer.id, name: `  ${name.toUpperCase()} `, reason },
      admin.token,
    );
    expect(imported.status).toBe('active');

    const mine = await ok(t.app, '/api/user/domains/get-domains', {}, customer.token);
    expect(mine.domains).toHaveLength(1);
    expect(mine.domains[0]).toMatchObject({
      id: imported.id,
      name,
      status: 'active',
      expiresAt: expiresAt.toISOString(),
      nameservers: ['ns1.elsewhere.ir', 'ns2.elsewhere.ir'],
    });
    const row = await domainRow(imported.id);
    expect(row.origin).toBe('import');
    expect(row.registeredAt?.toISOString()).toBe(createdAt.toISOString());
    expect(row.locked).toBe(true);
    expect(row.orderId).toBeNull();
    // Charged nothing: no order, no ledger row.
    expect(await t.app.db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
    expect(
      await t.app.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.userId, customer.id)),
    ).toEqual([]);
    const [audit] = await auditRowsOf(t.app, 'domain', imported.id);
    expect(audit).toMatchObject({ action: 'domain.import', reason, actorId: admin.id });

    // The same name again is refused on its field.
    const twice = await refused(
      t.app,
      '/api/admin/domains/import-domain',
      { customerId: customer.id, name, reason },
      admin.token,
      400,
    );
    expect(twice.fields?.name).toBe('این دامنه پیش‌تر در ویترین هست');
  });

  test('refuses a name another registrar holds, or no registry holds, on the name field', async () => {
    const customer = await createCustomer(t.app);
    const reason = 'آزمون ورود دامنه';
    for (const name of ['google.com', freshName('staff-nowhere', 'com')]) {
      const error = await refused(
        t.app,
        '/api/admin/domains/import-domain',
        { customerId: customer.id, name, reason },
        admin.token,
        400,
      );
      expect(error.fields?.name, name).toBe('ثبت‌کننده این نام را به نام حساب ما نشان نمی‌دهد');
    }
    expect(await t.app.db.select().from(domains).where(eq(domains.userId, customer.id))).toEqual(
      [],
    );
  });
});

describe('update-tld', () => {
  const netTerms = {
    tld: 'net',
    enabled: true,
    years: [3, 1],
    registerPriceRial: 25_000_000,
    renewPriceRial: 26_000_000,
    transferPriceRial: 24_000_000,
    restorePriceRial: 160_000_000,
    graceDays: 30,
    redemptionDays: 30,
    authCodeRequired: true,
    reason: 'قیمت جدید ثبت‌کننده',
  };

  test("changes a TLD's prices and years; the store's price follows and other years are refused", async () => {
    const saved = await ok(
      t.app,
      '/api/admin/domains/update-tld',
      { ...netTerms, registrarAccountId: sandbox.id },
      admin.token,
    );
    expect(saved).toMatchObject({
      tld: 'net',
      years: [1, 3],
      registerPriceRial: 25_000_000,
      renewPriceRial: 26_000_000,
      transferPriceRial: 24_000_000,
      registrarName: 'sandbox-registry',
    });
    const tlds = await ok(t.app, '/api/admin/domains/list-tlds', {}, admin.token);
    expect(tlds.items.find((item) => item.tld === 'net')).toEqual(saved);
    const [audit] = await auditRowsOf(t.app, 'tld', 'net');
    expect(audit).toMatchObject({ action: 'tld.update', reason: 'قیمت جدید ثبت‌کننده' });

    // The store shows what the cart charges: one yearly price, the registration's.
    const product = await ok(t.app, '/api/store/get-product', { slug: 'domain-net' });
    expect(product.id).toBe(saved.productId);
    expect(product.cycles.map((cycle) => [cycle.cycle, cycle.price])).toEqual([
      ['annual', 25_000_000],
    ]);

    const customer = await createCustomer(t.app);
    const error = await refused(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name: freshName('staff-years', 'net'), action: 'register', years: 2 },
      customer.token,
      400,
    );
    expect(error.fields?.years).toBe('پسوند .net برای ۱ یا ۳ سال ثبت می‌شود');
    const cart = await ok(
      t.app,
      '/api/cart/add-domain-to-cart',
      { name: freshName('staff-years', 'net'), action: 'register', years: 3 },
      customer.token,
    );
    expect(cart.lines.map((line) => line.priceRial)).toEqual([3 * 25_000_000]);
  });

  test('refuses a registration price of zero and a repeated year, on their fields', async () => {
    const zero = await refused(
      t.app,
      '/api/admin/domains/update-tld',
      { ...netTerms, registrarAccountId: sandbox.id, registerPriceRial: 0 },
      admin.token,
      400,
    );
    expect(zero.fields?.registerPriceRial).toBe('قیمت ثبت را وارد کنید');
    const twice = await refused(
      t.app,
      '/api/admin/domains/update-tld',
      { ...netTerms, registrarAccountId: sandbox.id, years: [1, 1] },
      admin.token,
      400,
    );
    expect(twice.fields?.years).toBe('مدت تکراری است');
  });
});

describe('registrar accounts', () => {
  test('list-registrars never returns credentials', async () => {
    const answer = await send(t.app, '/api/admin/domains/list-registrars', {}, admin.token);
    expect(answer.statusCode).toBe(200);
    const { items } = answer.json().data as { items: Array<Record<string, unknown>> };
    expect(items).toEqual([
      {
        id: sandbox.id,
        name: 'sandbox-registry',
        kind: 'sandbox',
        endpoint: '',
        enabled: true,
        defaultNameservers: ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'],
        tlds: expect.arrayContaining(['ir', 'ایران', 'com', 'net', 'org']),
      },
    ]);
    expect(answer.body).not.toContain(sandbox.credentials);
    expect(answer.body).not.toMatch(/credential|password|token/i);
  });

  test('test-registrar on the sandbox answers ok, with no balance', async () => {
    const answer = await ok(
      t.app,
      '/api/admin/domains/test-registrar',
      { id: sandbox.id },
      admin.token,
    );
    expect(answer).toMatchObject({ ok: true, message: 'ثبت‌کننده پاسخ داد', balanceRial: null });
    expect(answer.millis).toBeGreaterThanOrEqual(0);
  });
});

describe('who may call', () => {
  test('support staff and customers are refused (403), and nothing changes', async () => {
    const support = await createStaff(t.app, 'support');
    const customer = await createCustomer(t.app);
    for (const who of [support, customer]) {
      const error = await refused(
        t.app,
        '/api/admin/domains/list-domains',
        { pageSize: 10 },
        who.token,
        403,
      );
      expect(error.code).toBe('FORBIDDEN');
      await refused(
        t.app,
        '/api/admin/domains/update-tld',
        {
          ...{ tld: 'org', enabled: false, registrarAccountId: sandbox.id },
          years: [1],
          registerPriceRial: 10,
          renewPriceRial: 10,
          transferPriceRial: 0,
          restorePriceRial: 0,
          graceDays: 0,
          redemptionDays: 0,
          authCodeRequired: false,
        },
        who.token,
        403,
      );
    }
    const tlds = await ok(t.app, '/api/admin/domains/list-tlds', {}, admin.token);
    expect(tlds.items.find((item) => item.tld === 'org')).toMatchObject({
      enabled: true,
      registerPriceRial: 19_500_000,
    });
  });
});

describe('registrar accounts are added and changed by admins, their credentials written only', () => {
  test('an EPP account: saved sealed, never read back, and its connection test reaches the registry', async () => {
    const pair = await selfSignedCertificate();
    const registry = new FakeEppServer({
      ...pair,
      clientId: 'vitrin-staff',
      password: 'staff-secret-1',
    });
    const { host, port } = await registry.start();
    try {
      const saved = await ok(
        t.app,
        '/api/admin/domains/save-registrar',
        {
          name: 'epp-console',
          kind: 'epp',
          endpoint: `${host}:${port}`,
          enabled: true,
          defaultNameservers: ['ns1.vitrin.localhost', 'ns2.vitrin.localhost'],
          credentials: { clientId: 'vitrin-staff', password: 'staff-secret-1', ca: pair.cert },
          reason: 'حساب تازهٔ ثبت‌کننده',
        },
        admin.token,
      );
      expect(saved).toMatchObject({ name: 'epp-console', kind: 'epp', tlds: [] });
      const [row] = await t.app.db
        .select()
        .from(registrarAccounts)
        .where(eq(registrarAccounts.id, saved.id));
      expect(row?.credentials).not.toContain('staff-secret-1');
      const listed = await send(t.app, '/api/admin/domains/list-registrars', {}, admin.token);
      expect(listed.body).not.toContain('staff-secret-1');
      const probe = await ok(
        t.app,
        '/api/admin/domains/test-registrar',
        { id: saved.id },
        admin.token,
      );
      expect(probe).toMatchObject({ ok: true, balanceRial: null });
      expect(registry.logins).toBe(1);
      // An edit without credentials keeps them; a wrong password is then told as such.
      await ok(
        t.app,
        '/api/admin/domains/save-registrar',
        {
          id: saved.id,
          name: 'epp-console',
          kind: 'epp',
          endpoint: `${host}:${port}`,
          enabled: true,
          credentials: { clientId: 'vitrin-staff', password: 'wrong-secret-1', ca: pair.cert },
        },
        admin.token,
      );
      const refusedProbe = await ok(
        t.app,
        '/api/admin/domains/test-registrar',
        { id: saved.id },
        admin.token,
      );
      expect(refusedProbe.ok).toBe(false);
      expect(refusedProbe.message).toContain('ورود به حساب ثبت‌کننده پذیرفته نشد');
      const audit = await auditRowsOf(t.app, 'registrar', saved.id);
      expect(JSON.stringify(audit)).not.toContain('secret');
      expect(audit.map((entry) => entry.action).sort()).toEqual([
        'registrar.create',
        'registrar.update',
      ]);
    } finally {
      await registry.stop();
    }
  });

  test('an endpoint or credentials that do not fit the kind are refused on their field', async () => {
    const base = { name: 'irnic-console', kind: 'irnic', enabled: true } as const;
    const endpoint = await refused(
      t.app,
      '/api/admin/domains/save-registrar',
      { ...base, endpoint: 'epp.nic.ir:700', credentials: {} },
      admin.token,
      400,
    );
    expect(endpoint.fields?.endpoint).toContain('https://');
    const credentials = await refused(
      t.app,
      '/api/admin/domains/save-registrar',
      { ...base, endpoint: 'https://epp.nic.ir/submit', credentials: { token: 'only-a-token' } },
      admin.token,
      400,
    );
    expect(credentials.fields?.credentials).toBe(
      'اطلاعات ورود برای این نوع ثبت‌کننده کامل یا درست نیست',
    );
  });
});
