import { getStaffWork, listWaitingWork } from '@vitrin/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { domainEvents, domains, panelServers, registrarAccounts, services } from '../../schema';
import { ok, refused, type SignedInUser } from '../../test/api-kit';
import { createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { insertDomain } from '../domains/domains-test-kit';
import {
  type Customer,
  createCustomer,
  grantCredit,
  HOSTING_MONTH,
} from '../orders/checkout-test-kit';
import { buyService, serviceRow } from '../services/panel-test-kit';

// Issue 38: staff have one queue of what automation gave up on, services and domains together
// (a setup the panel job handed over, a delivery by hand past its time, a domain or a renewal
// the registry did not finish), oldest first, each with its customer, since when, why, and the
// console page where it is retried, completed or refunded. Dealt with, it leaves the queue.

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;
let registrarId: string;
let counter = 0;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  const [registrar] = await t.app.db
    .select({ id: registrarAccounts.id })
    .from(registrarAccounts)
    .where(eq(registrarAccounts.name, 'sandbox-registry'));
  if (!registrar) throw new Error('the demo seed has the sandbox registrar account');
  registrarId = registrar.id;
});

const HOUR = 3_600_000;
type Page = Awaited<ReturnType<typeof queue>>;
const queue = (body: { page?: number; pageSize?: number; after?: string } = {}) =>
  ok(t.app, listWaitingWork.path, { pageSize: 100, ...body }, admin.token);

function freshName(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}.ir`;
}

/** The setup job finds no server switched on: the service waits for staff, handed over. */
async function handedOverSetup(customer: Customer) {
  await t.app.db.update(panelServers).set({ enabled: false });
  try {
    return await buyService(t.app, customer, HOSTING_MONTH);
  } finally {
    await t.app.db.update(panelServers).set({ enabled: true });
  }
}

/** A domain of `customer` in `status`, as the registry jobs leave one, with its last event. */
async function domainOf(
  customer: Customer,
  status: 'needs-attention' | 'active',
  event?: { kind: string; message: string },
) {
  const active = status === 'active';
  const domain = await insertDomain(t.app.db, {
    userId: customer.id,
    name: freshName('waiting'),
    status,
    registeredAt: active ? new Date() : null,
    expiresAt: active ? new Date(Date.now() + 200 * 24 * HOUR) : null,
    note: active ? null : 'ثبت دامنه در دست پشتیبانی است',
  });
  if (event) {
    await t.app.db.insert(domainEvents).values({
      domainId: domain.id,
      kind: event.kind,
      actor: 'system',
      message: event.message,
      toStatus: status === 'needs-attention' ? 'needs-attention' : null,
    });
  }
  return domain;
}

/** A paid renewal of an active domain that the registry could not take: staff's now. */
async function renewalHandedOver(customer: Customer) {
  const domain = await domainOf(customer, 'active');
  await ok(t.app, '/api/user/domains/renew-domain', { id: domain.id, years: 1 }, customer.token);
  const order = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
  await ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, customer.token);
  await t.app.db
    .update(registrarAccounts)
    .set({ enabled: false })
    .where(eq(registrarAccounts.id, registrarId));
  try {
    await t.app.jobs.drain();
  } finally {
    await t.app.db
      .update(registrarAccounts)
      .set({ enabled: true })
      .where(eq(registrarAccounts.id, registrarId));
  }
  return domain;
}

async function setSince(table: typeof services | typeof domains, id: string, hoursAgo: number) {
  await t.app.db
    .update(table)
    .set({ statusChangedAt: new Date(Date.now() - hoursAgo * HOUR) })
    .where(eq(table.id, id));
}

/** Every row of the queue, walked by cursor `pageSize` at a time. */
async function walkByCursor(pageSize: number): Promise<Page['items']> {
  const rows: Page['items'] = [];
  let after: string | undefined;
  for (let step = 0; step < 50; step += 1) {
    const page = await queue({ pageSize, ...(after ? { after } : {}) });
    rows.push(...page.items);
    if (!page.nextCursor) return rows;
    expect(page.items).toHaveLength(pageSize);
    after = page.nextCursor;
  }
  throw new Error('the queue never ended');
}

function expectOldestFirst(items: Page['items']) {
  const keys = items.map((item) => [Date.parse(item.since), item.id] as const);
  const sorted = [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1));
  expect(keys).toEqual(sorted);
}

describe('the queue of work waiting for staff', () => {
  let customer: Customer;
  const mine = new Set<string>();
  /** What the first test handed to staff, for the third to deal with. */
  const handed = { setup: '', domain: '', renewal: '' };

  test('holds services and domains together, oldest first, each with why and where to act', async () => {
    customer = await createCustomer(t.app);
    await grantCredit(t.app.db, customer.id, 500_000_000);
    const setup = await handedOverSetup(customer);
    expect(setup.status).toBe('needs-attention');
    const delivery = await buyService(t.app, customer, { slug: 'vps-4core', cycle: 'monthly' });
    expect(delivery.status).toBe('awaiting-delivery');
    // A delivery still within its product's 24 hours waits for a person, but nothing gave up.
    const onTime = await buyService(t.app, customer, { slug: 'vps-2core', cycle: 'monthly' });
    const domain = await domainOf(customer, 'needs-attention', {
      kind: 'registry.needs-staff',
      message: 'ثبت‌کننده پاسخ نداد؛ کارشناس پیگیری می‌کند',
    });
    const renewal = await renewalHandedOver(customer);
    await setSince(services, delivery.id, 30);
    await setSince(services, setup.id, 5);
    await setSince(domains, domain.id, 2);
    for (const id of [setup.id, delivery.id, domain.id, renewal.id]) mine.add(id);
    Object.assign(handed, { setup: setup.id, domain: domain.id, renewal: renewal.id });

    const all = await queue();
    expectOldestFirst(all.items);
    const ours = all.items.filter((item) => item.customer.id === customer.id);
    expect(ours.map((item) => [item.kind, item.id])).toEqual([
      ['service-delivery', delivery.id],
      ['service-setup', setup.id],
      ['domain', domain.id],
      ['domain-renewal', renewal.id],
    ]);
    expect(ours.some((item) => item.id === onTime.id)).toBe(false);
    expect(ours[0]).toMatchObject({
      subject: delivery.name,
      customer: { id: customer.id, mobile: customer.mobile },
      lastError: 'مهلت تحویل دستی این محصول (۲۴ ساعت) گذشته و هنوز تحویل نشده است',
      path: '/admin/provisioning/delivery',
    });
    expect(ours[1]).toMatchObject({
      subject: setup.name,
      path: `/admin/provisioning/services/${setup.id}`,
    });
    expect(ours[1]?.lastError).toContain('هیچ سرور فعالی با جای خالی در گروه');
    expect(ours[2]).toMatchObject({
      subject: domain.name,
      lastError: 'ثبت‌کننده پاسخ نداد؛ کارشناس پیگیری می‌کند',
      path: `/admin/domains/${domain.id}`,
    });
    expect(ours[3]).toMatchObject({ subject: renewal.name, path: `/admin/domains/${renewal.id}` });
    expect(ours[3]?.lastError).toContain('کارشناس پیگیری می‌کند');
    expect(Date.parse(ours[1]?.since ?? '')).toBeCloseTo(Date.now() - 5 * HOUR, -5);

    // The same work the console's menu counts.
    const work = await ok(t.app, getStaffWork.path, {}, admin.token);
    expect(all.total).toBe(work.needsAttention + work.overdueDeliveries + work.domainsNeedingStaff);
    expect(all.nextCursor).toBeNull();
  });

  test('pages by number and by cursor alike, ties on the time broken by id', async () => {
    // Two domains handed over at the same instant.
    const at = new Date(Date.now() - 3 * HOUR);
    for (let index = 0; index < 2; index += 1) {
      const tied = await domainOf(customer, 'needs-attention');
      await t.app.db.update(domains).set({ statusChangedAt: at }).where(eq(domains.id, tied.id));
      mine.add(tied.id);
    }
    const all = (await queue()).items;
    expect(all.length).toBeGreaterThanOrEqual(6);
    const byNumber: Page['items'] = [];
    for (let page = 1; page <= Math.ceil(all.length / 2); page += 1) {
      byNumber.push(...(await queue({ page, pageSize: 2 })).items);
    }
    expect(byNumber.map((item) => item.id)).toEqual(all.map((item) => item.id));
    expect((await walkByCursor(2)).map((item) => item.id)).toEqual(all.map((item) => item.id));
    const first = await queue({ pageSize: 2 });
    expect(first.total).toBe(all.length);
    expect(first.nextCursor).toEqual(expect.any(String));

    const wrong = await refused(
      t.app,
      listWaitingWork.path,
      { after: 'not-a-cursor' },
      admin.token,
      400,
    );
    expect(wrong.fields?.after).toBe('این صفحه دیگر در دسترس نیست؛ فهرست را از ابتدا باز کنید');
  });

  test('loses what staff dealt with: a setup retried, a domain refunded, a renewal retried', async () => {
    const { setup, domain, renewal } = handed;
    expect((await queue()).items.map((item) => item.id)).toEqual(
      expect.arrayContaining([setup, domain, renewal]),
    );
    const reason = 'ثبت‌کننده و سرورها دوباره در دسترس‌اند';

    await ok(
      t.app,
      '/api/admin/provisioning/retry-setup',
      { serviceId: setup, reason },
      admin.token,
    );
    await ok(t.app, '/api/admin/domains/refund-domain', { id: domain, reason }, admin.token);
    await ok(t.app, '/api/admin/domains/retry-domain', { id: renewal, reason }, admin.token);
    await t.app.jobs.drain();
    expect((await serviceRow(t.app, setup)).status).toBe('active');

    const left = (await queue()).items.map((item) => item.id);
    expect(left).not.toContain(setup);
    expect(left).not.toContain(domain);
    expect(left).not.toContain(renewal);
    // What was not dealt with stays.
    expect(left.filter((id) => mine.has(id))).toHaveLength(mine.size - 3);
  });

  test('is for the staff who act on services and domains: admins, not support', async () => {
    await expectStaffOnly(t.app, listWaitingWork, {});
    const support = await createStaff(t.app, 'support');
    const asSupport = await refused(t.app, listWaitingWork.path, {}, support.token, 403);
    expect(asSupport.code).toBe('FORBIDDEN');
    // A cursor of the right form with a made-up instant is refused too, on its field.
    const madeUp = Buffer.from(JSON.stringify(['2026-02-30 10:00:00+00', customer.id])).toString(
      'base64url',
    );
    const refusedCursor = await refused(
      t.app,
      listWaitingWork.path,
      { after: madeUp },
      admin.token,
      400,
    );
    expect(refusedCursor.fields?.after).toEqual(expect.any(String));
  });
});
