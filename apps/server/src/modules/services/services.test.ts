import { randomUUID } from 'node:crypto';
import { adminCloseTicket, adminReplyTicket, SERVICE_EXPIRY_WARNING_DAYS } from '@vitrin/contracts';
import { describe, expect, test } from 'vitest';
import { ticketMessages, tickets } from '../../schema';
import { ok, refused, send } from '../../test/api-kit';
import { createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import {
  type Customer,
  catalogPrice,
  createCustomer,
  DEMO_CUSTOMER,
  expectBooksBalanced,
  FREE_THEME,
  grantCredit,
  signIn,
  submitCart,
} from '../orders/checkout-test-kit';
import { openTicket, unreadDot } from '../tickets/tickets-test-kit';
import { readBalance } from '../wallet/wallet.service';
import { buyService, DAY_MS, freshDomain, setService } from './panel-test-kit';

const t = setupTestApp({ seedDemoData: true });

const listServices = (who: Customer, body: Record<string, unknown> = {}) =>
  ok(t.app, '/api/user/services/get-user-services', body, who.token);

const serviceDetail = (who: Customer, serviceId: string) =>
  ok(t.app, '/api/user/services/get-service-detail', { serviceId }, who.token);

async function redDot(who: { token: string }, title: string): Promise<number> {
  const dots = await ok(t.app, '/api/app/get-red-dot-info', {}, who.token);
  return dots.find((dot) => dot.title === title)?.value ?? 0;
}

const hosting = () => ({ slug: 'host-linux-5g', cycle: 'monthly' as const, domain: freshDomain() });

async function renewAndPay(who: Customer, serviceId: string, cycle: 'monthly' | 'annual') {
  await ok(t.app, '/api/user/services/renew-service', { serviceId, cycle }, who.token);
  const order = await ok(t.app, '/api/cart/submit-order', {}, who.token);
  await grantCredit(t.app.db, who.id, order.totalRial);
  return ok(t.app, '/api/cart/use-wallet-in-order', { orderId: order.id }, who.token);
}

describe('get-user-services', () => {
  test('lists the person’s services newest first, with counts per status, a filter and pages', async () => {
    const customer = await createCustomer(t.app);
    const first = await buyService(t.app, customer, hosting());
    const second = await buyService(t.app, customer, hosting());
    const third = await buyService(t.app, customer, hosting());
    await setService(t.app, first.id, { status: 'expired' });
    await setService(t.app, second.id, { status: 'cancelled' });
    // Someone else's services never show.
    await buyService(t.app, await createCustomer(t.app), hosting());

    const all = await listServices(customer);
    expect(all.items.map((item) => item.id)).toEqual([third.id, second.id, first.id]);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(all.counts).toEqual({
      'awaiting-delivery': 0,
      pending: 0,
      provisioning: 0,
      failed: 0,
      'needs-attention': 0,
      active: 1,
      expired: 1,
      suspended: 0,
      terminated: 0,
      cancelled: 1,
    });

    const expired = await listServices(customer, { status: 'expired' });
    expect(expired.items.map((item) => item.id)).toEqual([first.id]);
    expect(expired.total).toBe(1);
    // The chips count every status whatever the filter.
    expect(expired.counts).toEqual(all.counts);

    const pageTwo = await listServices(customer, { page: 2, pageSize: 2 });
    expect(pageTwo.items.map((item) => item.id)).toEqual([first.id]);
    expect(pageTwo).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    const pastTheEnd = await listServices(customer, { page: 9, pageSize: 2 });
    expect(pastTheEnd).toMatchObject({ items: [], total: 3 });
  });

  test('each service shows its product, theme, domain, dates, order and renewal price', async () => {
    const customer = await createCustomer(t.app);
    const domain = freshDomain();
    const service = await buyService(t.app, customer, {
      slug: 'builder-starter',
      cycle: 'quarterly',
      theme: FREE_THEME,
      domain,
    });
    const [item] = (await listServices(customer)).items;
    expect(item).toEqual({
      id: service.id,
      name: `سایت‌ساز پایه (${domain})`,
      status: 'active',
      product: {
        id: service.productId,
        slug: 'builder-starter',
        name: 'سایت‌ساز پایه',
        groupName: expect.any(String),
        iconUrl: expect.stringMatching(/^\/media\/demo\//),
      },
      cycle: 'quarterly',
      domainName: domain,
      theme: { id: service.themeId, slug: FREE_THEME, name: expect.any(String) },
      startsAt: service.startsAt?.toISOString(),
      expiresAt: service.expiresAt?.toISOString(),
      daysLeft: expect.any(Number),
      orderId: service.orderId,
      renewal: {
        cycle: 'quarterly',
        priceRial: await catalogPrice(t.app.db, 'builder-starter', 'quarterly'),
        cycles: expect.arrayContaining([
          {
            cycle: 'monthly',
            priceRial: await catalogPrice(t.app.db, 'builder-starter', 'monthly'),
          },
        ]),
        inCart: false,
      },
    });
    expect(item?.daysLeft).toBeGreaterThanOrEqual(89);
  });

  test('daysLeft counts Tehran calendar days: 3 for three days on, negative once past', async () => {
    const customer = await createCustomer(t.app);
    const soon = await buyService(t.app, customer, hosting());
    const past = await buyService(t.app, customer, hosting());
    // Tehran keeps no daylight saving time: 72 hours on is three calendar days on.
    await setService(t.app, soon.id, { expiresAt: new Date(Date.now() + 3 * DAY_MS + 60_000) });
    await setService(t.app, past.id, {
      status: 'expired',
      expiresAt: new Date(Date.now() - 2 * DAY_MS),
    });
    const items = (await listServices(customer)).items;
    expect(items.find((item) => item.id === soon.id)?.daysLeft).toBe(3);
    expect(items.find((item) => item.id === past.id)?.daysLeft).toBe(-2);
  });

  test('bad filters and paging are refused; a visitor is asked to sign in', async () => {
    const customer = await createCustomer(t.app);
    for (const body of [
      { status: 'gone' },
      { page: 0 },
      { pageSize: 101 },
      { page: 1.5 },
      { pageSize: '10' },
      { extra: true },
    ]) {
      const error = await refused(
        t.app,
        '/api/user/services/get-user-services',
        body,
        customer.token,
        400,
      );
      expect(error.code, JSON.stringify(body)).toBe('VALIDATION');
    }
    const visitor = await send(t.app, '/api/user/services/get-user-services', {});
    expect(visitor.statusCode).toBe(401);
  });
});

describe('get-service-detail', () => {
  test('shows the purchase and every paid renewal, newest first; unpaid renewals are not history', async () => {
    const customer = await createCustomer(t.app);
    const service = await buyService(t.app, customer, hosting());
    const first = await renewAndPay(customer, service.id, 'monthly');
    const second = await renewAndPay(customer, service.id, 'annual');
    // A renewal cancelled, and one waiting for payment: neither renewed anything.
    await ok(t.app, '/api/user/services/renew-service', { serviceId: service.id }, customer.token);
    const cancelled = await ok(t.app, '/api/cart/submit-order', {}, customer.token);
    await ok(t.app, '/api/user/orders/cancel-order', { orderId: cancelled.id }, customer.token);
    await ok(t.app, '/api/user/services/renew-service', { serviceId: service.id }, customer.token);
    await ok(t.app, '/api/cart/submit-order', {}, customer.token);

    const detail = await serviceDetail(customer, service.id);
    expect(detail).toMatchObject({ id: service.id, status: 'active', cycle: 'annual' });
    const purchase = await ok(
      t.app,
      '/api/user/orders/order-get-detail',
      { orderId: service.orderId ?? '' },
      customer.token,
    );
    expect(detail.history).toEqual([
      {
        orderId: second.id,
        orderNumber: second.number,
        kind: 'renewal',
        cycle: 'annual',
        totalRial: second.totalRial,
        paidAt: second.paidAt,
      },
      {
        orderId: first.id,
        orderNumber: first.number,
        kind: 'renewal',
        cycle: 'monthly',
        totalRial: first.totalRial,
        paidAt: first.paidAt,
      },
      {
        orderId: purchase.id,
        orderNumber: purchase.number,
        kind: 'purchase',
        cycle: 'monthly',
        // What was paid for the line: its net and its VAT.
        totalRial: (purchase.lines[0]?.totalRial ?? 0) + (purchase.lines[0]?.vatRial ?? 0),
        paidAt: purchase.paidAt,
      },
    ]);
    await expectBooksBalanced(t.app.db);
  });

  test('another person’s service is 404, the same as one that does not exist', async () => {
    const owner = await createCustomer(t.app);
    const other = await createCustomer(t.app);
    const service = await buyService(t.app, owner, hosting());
    const path = '/api/user/services/get-service-detail';
    const theirs = await refused(t.app, path, { serviceId: service.id }, other.token, 404);
    const missing = await refused(t.app, path, { serviceId: randomUUID() }, other.token, 404);
    expect(theirs).toEqual(missing);
    for (const body of [{}, { serviceId: 'x' }, { serviceId: service.id, more: 1 }]) {
      expect((await refused(t.app, path, body, owner.token, 400)).code).toBe('VALIDATION');
    }
  });
});

describe('the demo customer’s services (seed part panel)', () => {
  test('an expired hosting plan, a website bought and renewed, a plan running out this week', async () => {
    const sara = await signIn(t.app, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    const who = { id: sara.id, mobile: '+989121234567', token: sara.token };
    const list = await listServices(who);
    // The website, the domain and the blog's hosting and e-mail; the old hosting plan expired.
    expect(list.counts).toMatchObject({ active: 4, expired: 1 });
    const expired = list.items.find((item) => item.status === 'expired');
    expect(expired?.daysLeft).toBeLessThan(-50);
    expect(expired?.renewal).not.toBeNull();

    const website = list.items.find(
      (item) => item.product?.slug === 'builder-business' && item.domainName === 'sara-gallery.ir',
    );
    const detail = await serviceDetail(who, website?.id ?? '');
    expect(detail.history.map((entry) => entry.kind)).toEqual(['renewal', 'purchase']);
    // Renewed for a year on top of the year bought 300 days ago: more than a year left.
    expect(detail.daysLeft).toBeGreaterThan(365);

    const blog = list.items.find((item) => item.domainName === 'sara-blog.com');
    expect(blog?.daysLeft).toBeLessThanOrEqual(SERVICE_EXPIRY_WARNING_DAYS);
    expect(await redDot(sara, 'expiring-services')).toBe(1);
  });
});

describe('the expiring-services red dot', () => {
  test('counts active services that run out within 7 days, and a renewal clears it', async () => {
    const customer = await createCustomer(t.app);
    expect(await redDot(customer, 'expiring-services')).toBe(0);
    const service = await buyService(t.app, customer, hosting());
    const other = await buyService(t.app, customer, hosting());
    expect(await redDot(customer, 'expiring-services')).toBe(0);
    await setService(t.app, service.id, { expiresAt: new Date(Date.now() + 6 * DAY_MS) });
    await setService(t.app, other.id, { expiresAt: new Date(Date.now() + 2 * DAY_MS) });
    expect(await redDot(customer, 'expiring-services')).toBe(2);
    // Past the window, or no longer active: not counted.
    await setService(t.app, other.id, { expiresAt: new Date(Date.now() + 8 * DAY_MS) });
    expect(await redDot(customer, 'expiring-services')).toBe(1);
    await setService(t.app, other.id, {
      status: 'expired',
      expiresAt: new Date(Date.now() - DAY_MS),
    });
    expect(await redDot(customer, 'expiring-services')).toBe(1);
    await renewAndPay(customer, service.id, 'monthly');
    expect(await redDot(customer, 'expiring-services')).toBe(0);
  });
});

describe('get-panel-summary', () => {
  test('balance, active services, open and unread tickets, unpaid orders, services running out', async () => {
    const customer = await createCustomer(t.app);
    const empty = await ok(t.app, '/api/user/get-panel-summary', {}, customer.token);
    expect(empty).toEqual({
      balanceRial: 0,
      activeServices: 0,
      openTickets: 0,
      unreadTickets: 0,
      unpaidOrders: 0,
      expiringServices: [],
    });

    const later = await buyService(t.app, customer, hosting());
    const sooner = await buyService(t.app, customer, hosting());
    const stopped = await buyService(t.app, customer, hosting());
    await setService(t.app, later.id, { expiresAt: new Date(Date.now() + 5 * DAY_MS) });
    await setService(t.app, sooner.id, { expiresAt: new Date(Date.now() + 1 * DAY_MS) });
    await setService(t.app, stopped.id, {
      status: 'suspended',
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    await submitCart(t.app, customer, [hosting()]);
    await grantCredit(t.app.db, customer.id, 1_230_000);
    await seedTickets(customer.id);

    const summary = await ok(t.app, '/api/user/get-panel-summary', {}, customer.token);
    expect(summary).toMatchObject({
      balanceRial: await readBalance(t.app.db, customer.id),
      activeServices: 2,
      openTickets: 3,
      unreadTickets: 1,
      unpaidOrders: 1,
    });
    expect(summary.balanceRial).toBe(1_230_000);
    expect(summary.expiringServices.map((service) => service.id)).toEqual([sooner.id, later.id]);
    expect(summary.expiringServices[0]?.daysLeft).toBe(1);
    // Nobody else's numbers: another customer still sees an empty panel.
    const other = await createCustomer(t.app);
    expect(await ok(t.app, '/api/user/get-panel-summary', {}, other.token)).toEqual(empty);
    expect(
      (
        await refused(
          t.app,
          '/api/user/get-panel-summary',
          { userId: other.id },
          customer.token,
          400,
        )
      ).code,
    ).toBe('VALIDATION');
  });

  test('unread tickets follow the ticket: a reply, reading it, a note, a reply and then closing', async () => {
    const customer = await createCustomer(t.app);
    const support = await createStaff(t.app, 'support');
    const tickets = async () => {
      const summary = await ok(t.app, '/api/user/get-panel-summary', {}, customer.token);
      // The red dot counts the same tickets the dashboard does.
      expect(await unreadDot(t.app, customer)).toBe(summary.unreadTickets);
      return { open: summary.openTickets, unread: summary.unreadTickets };
    };
    const reply = (ticketId: string, internal = false) =>
      ok(
        t.app,
        adminReplyTicket.path,
        { ticketId, body: 'پاسخ پشتیبانی', internal },
        support.token,
      );
    const read = (ticketId: string) =>
      ok(t.app, '/api/user/tickets/get-ticket-replies', { ticketId }, customer.token);

    const ticket = await openTicket(t.app, customer);
    expect(await tickets()).toEqual({ open: 1, unread: 0 });
    await reply(ticket.id);
    expect(await tickets()).toEqual({ open: 1, unread: 1 });
    await read(ticket.id);
    expect(await tickets()).toEqual({ open: 1, unread: 0 });
    await reply(ticket.id, true);
    expect(await tickets()).toEqual({ open: 1, unread: 0 });
    await ok(
      t.app,
      '/api/user/tickets/submit-reply',
      { ticketId: ticket.id, body: 'ممنون' },
      customer.token,
    );
    expect(await tickets()).toEqual({ open: 1, unread: 0 });
    await reply(ticket.id);
    await ok(t.app, adminCloseTicket.path, { ticketId: ticket.id }, support.token);
    expect(await tickets()).toEqual({ open: 0, unread: 1 });
    await read(ticket.id);
    expect(await tickets()).toEqual({ open: 0, unread: 0 });
  });

  test('the demo customer’s dashboard', async () => {
    const sara = await signIn(t.app, DEMO_CUSTOMER.username, DEMO_CUSTOMER.password);
    const summary = await ok(t.app, '/api/user/get-panel-summary', {}, sara.token);
    const account = await ok(t.app, '/api/user/account/get-user-account-info', {}, sara.token);
    expect(summary).toMatchObject({
      balanceRial: account.balanceRial,
      activeServices: 4,
      unpaidOrders: 1,
    });
    expect(summary.expiringServices.map((service) => service.domainName)).toEqual([
      'sara-blog.com',
    ]);
  });
});

test('get-user-info counts every order and every service, whatever their state', async () => {
  const customer = await createCustomer(t.app);
  const service = await buyService(t.app, customer, hosting());
  const cancelled = await submitCart(t.app, customer, [hosting()]);
  await ok(t.app, '/api/user/orders/cancel-order', { orderId: cancelled.id }, customer.token);
  await setService(t.app, service.id, { status: 'expired' });
  const info = await ok(t.app, '/api/user/get-user-info', {}, customer.token);
  expect(info).toMatchObject({ ordersCount: 2, servicesCount: 1 });
  await renewAndPay(customer, service.id, 'monthly');
  const renewed = await ok(t.app, '/api/user/get-user-info', {}, customer.token);
  // A renewal is an order, not a service.
  expect(renewed).toMatchObject({ ordersCount: 3, servicesCount: 1 });
});

/**
 * Four tickets as the tickets module and staff leave them: one with a staff reply the customer
 * has not read, one whose reply they read, one closed with only an internal note, one with the
 * customer's message alone.
 */
async function seedTickets(userId: string): Promise<void> {
  const hourAgo = new Date(Date.now() - 3_600_000);
  const rows = await t.app.db
    .insert(tickets)
    .values([
      { userId, subject: 'پاسخ تازه', department: 'technical', status: 'answered' },
      {
        userId,
        subject: 'پاسخ خوانده',
        department: 'sales',
        status: 'answered',
        customerReadAt: new Date(),
      },
      {
        userId,
        subject: 'بسته',
        department: 'billing',
        status: 'closed',
        closedAt: new Date(),
        closedBy: 'customer',
      },
      { userId, subject: 'بی‌پاسخ', department: 'sales', status: 'open' },
    ])
    .returning({ id: tickets.id });
  const [unread, read, closed, open] = rows.map((row) => row.id);
  if (!unread || !read || !closed || !open) throw new Error('ticket insert returned too few rows');
  await t.app.db.insert(ticketMessages).values([
    {
      ticketId: unread,
      authorId: userId,
      authorRole: 'customer',
      body: 'سلام',
      createdAt: hourAgo,
    },
    { ticketId: unread, authorId: userId, authorRole: 'staff', body: 'پاسخ' },
    { ticketId: read, authorId: userId, authorRole: 'staff', body: 'پاسخ', createdAt: hourAgo },
    { ticketId: closed, authorId: userId, authorRole: 'staff', body: 'یادداشت', internal: true },
    { ticketId: open, authorId: userId, authorRole: 'customer', body: 'سلام' },
  ]);
}
