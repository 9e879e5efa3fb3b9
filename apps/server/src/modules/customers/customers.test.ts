import {
  adjustCustomerCredit,
  CUSTOMER_FILE_SERVICES,
  endCustomerSessions,
  getCustomer,
  listCustomerServices,
  lockCustomer,
  searchCustomers,
  unlockCustomer,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { services, users, walletTransactions } from '../../schema';
import { createSignedInUser, ok, refused, type SignedInUser, send } from '../../test/api-kit';
import { auditRowsOf, createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { hashPassword } from '../accounts/password';
import { startSession } from '../accounts/sessions.service';
import { createCustomer, grantCredit } from '../orders/checkout-test-kit';
import { buyService, freshDomain } from '../services/panel-test-kit';
import { readBalance, walletsOutOfBalance } from '../wallet/wallet.service';

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;
let support: SignedInUser;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  support = await createStaff(t.app, 'support');
});

const search = (body: Record<string, unknown>, token = support.token) =>
  ok(t.app, '/api/admin/customers/search-customers', body, token);

/** The mobile as people write it: `09355000012`. */
const national = (mobile: string) => `0${mobile.slice(3)}`;

describe('search-customers', () => {
  test('staff only: signed out and customers are refused', async () => {
    await expectStaffOnly(t.app, searchCustomers, {});
  });

  test('finds a customer by mobile in any form people type it, whole or in part', async () => {
    const customer = await createSignedInUser(t.app, { firstName: 'نگار', lastName: 'شماره‌ای' });
    const digits = customer.mobile.slice(3); // 935xxxxxxx
    const whole = [
      customer.mobile,
      national(customer.mobile),
      toPersianDigits(national(customer.mobile)),
      digits,
      `98${digits}`,
      `0098${digits}`,
      `+98 ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
      `${toPersianDigits(national(customer.mobile).slice(0, 4))} ${national(customer.mobile).slice(4)}`,
    ];
    for (const query of whole) {
      const found = await search({ query });
      expect(
        found.items.map((row) => row.id),
        query,
      ).toEqual([customer.id]);
      expect(found.total, query).toBe(1);
    }
    const parts = [
      digits.slice(-7),
      toPersianDigits(digits.slice(-5)),
      national(customer.mobile).slice(0, 8),
      `+98${digits.slice(0, 6)}`,
    ];
    for (const query of parts) {
      const found = await search({ query, pageSize: 100 });
      expect(
        found.items.map((row) => row.id),
        query,
      ).toContain(customer.id);
    }
    const elsewhere = await search({ query: '09129999999' });
    expect(elsewhere.items.map((row) => row.id)).not.toContain(customer.id);
  });

  test('finds by name with Arabic ي and ك, and by e-mail', async () => {
    const customer = await createSignedInUser(t.app, { firstName: 'کیمیا', lastName: 'یزدان‌پناه' });
    await t.app.db
      .update(users)
      .set({ email: 'Kimia.Yazdan@Example.com' })
      .where(eq(users.id, customer.id));
    for (const query of [
      'كيميا',
      'كيميا يزدان',
      'یزدانپناه',
      'kimia.yazdan',
      'EXAMPLE.COM kimia',
    ]) {
      const found = await search({ query });
      expect(
        found.items.map((row) => row.id),
        query,
      ).toContain(customer.id);
    }
    const none = await search({ query: 'کیمیا ناشناس' });
    expect(none.items.map((row) => row.id)).not.toContain(customer.id);
    // `%` and `_` are word separators, never LIKE wildcards: a query of them asks for nothing.
    const wildcard = await search({ query: '%_%' });
    expect(wildcard.total).toBe((await search({})).total);
    const joined = await search({ query: 'کیمیا%ناشناس' });
    expect(joined.items.map((row) => row.id)).not.toContain(customer.id);
  });

  test('filters by role and lock, pages, and counts services, orders and wallet', async () => {
    const buyer = await createCustomer(t.app);
    await buyService(t.app, buyer, {
      slug: 'host-linux-5g',
      cycle: 'monthly',
      domain: freshDomain(),
    });
    await grantCredit(t.app.db, buyer.id, 70_000);
    const [row] = (await search({ query: buyer.mobile })).items;
    expect(row).toMatchObject({
      id: buyer.id,
      name: 'مریم آزمون',
      mobile: buyer.mobile,
      role: 'customer',
      lockedAt: null,
      serviceCount: 1,
      orderCount: 1,
      walletBalanceRial: 70_000,
    });
    const admins = await search({ role: 'admin', pageSize: 100 });
    expect(admins.items.every((item) => item.role === 'admin')).toBe(true);
    expect(admins.items.map((item) => item.id)).toContain(admin.id);
    await t.app.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, buyer.id));
    const locked = await search({ locked: true, pageSize: 100 });
    expect(locked.items.map((item) => item.id)).toContain(buyer.id);
    expect(locked.items.every((item) => item.lockedAt !== null)).toBe(true);
    const open = await search({ locked: false, query: buyer.mobile });
    expect(open.total).toBe(0);
    const first = await search({ pageSize: 2, page: 1 });
    const second = await search({ pageSize: 2, page: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThan(4);
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: first.total });
  });

  test('bad filters get Persian field errors', async () => {
    const error = await refused(
      t.app,
      searchCustomers.path,
      { role: 'owner', pageSize: 1000 },
      support.token,
      400,
    );
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.fields ?? {})).toEqual(expect.arrayContaining(['role', 'pageSize']));
  });
});

describe('get-customer', () => {
  test('staff only: signed out and customers are refused', async () => {
    await expectStaffOnly(t.app, getCustomer, { userId: admin.id });
  });

  test('shows profile, services, latest orders, wallet ledger and open sessions', async () => {
    const buyer = await createCustomer(t.app);
    const domain = freshDomain();
    const service = await buyService(t.app, buyer, {
      slug: 'host-linux-5g',
      cycle: 'monthly',
      domain,
    });
    await startSession(t.app.db, buyer.id, { userAgent: 'phone', ipAddress: undefined });
    const file = await ok(
      t.app,
      '/api/admin/customers/get-customer',
      { userId: buyer.id },
      support.token,
    );
    expect(file).toMatchObject({
      id: buyer.id,
      name: 'مریم آزمون',
      mobile: buyer.mobile,
      role: 'customer',
      lockedAt: null,
      lockedReason: null,
      openSessionCount: 2,
      orderCount: 1,
      serviceCount: 1,
      servicesNextCursor: null,
    });
    expect(file.services).toEqual([
      expect.objectContaining({ id: service.id, status: 'active', domainName: domain }),
    ]);
    expect(file.services[0]?.expiresAt).toBe(service.expiresAt?.toISOString());
    expect(file.latestOrders).toEqual([
      expect.objectContaining({ id: service.orderId, status: 'paid' }),
    ]);
    expect(file.latestOrders[0]?.number).toBeGreaterThan(100_000);
    // The test credit for the order, then its payment: the balance is back to zero.
    expect(file.wallet.balanceRial).toBe(0);
    expect(file.wallet.latestTransactions.map((row) => row.reason).sort()).toEqual([
      'adjustment',
      'order-payment',
    ]);
  });

  test('an unknown customer is NOT_FOUND in Persian', async () => {
    const error = await refused(
      t.app,
      getCustomer.path,
      { userId: crypto.randomUUID() },
      support.token,
      404,
    );
    expect(error.message).toBe('این مشتری پیدا نشد');
  });
});

describe('a customer with many services', () => {
  /** 45 services of one new customer, three at each instant (to the microsecond). */
  async function customerWithManyServices() {
    const customer = await createCustomer(t.app, { buyer: false });
    await t.app.db.execute(sql`
      insert into services (user_id, name, status, cycle, domain_name, created_at)
      select ${customer.id}::uuid, 'میزبانی ' || n, 'active', 'monthly', 'many' || n || '.ir',
        timestamptz '2025-03-01 10:00:00.123456+00' + (n / 3) * interval '1.000001 second'
      from generate_series(1, 45) n`);
    const rows = await t.app.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.userId, customer.id))
      .orderBy(desc(services.createdAt), desc(services.id));
    return { customer, newestFirst: rows.map((row) => row.id) };
  }

  test('the file shows the newest 20 and how many there are; the rest come a page at a time by cursor', async () => {
    const { customer, newestFirst } = await customerWithManyServices();
    const file = await ok(t.app, getCustomer.path, { userId: customer.id }, support.token);
    expect(file.serviceCount).toBe(45);
    expect(file.services.map((service) => service.id)).toEqual(
      newestFirst.slice(0, CUSTOMER_FILE_SERVICES),
    );
    expect(file.servicesNextCursor).toEqual(expect.any(String));

    const seen = file.services.map((service) => service.id);
    let after = file.servicesNextCursor;
    for (let step = 0; after && step < 10; step += 1) {
      const page = await ok(
        t.app,
        listCustomerServices.path,
        { userId: customer.id, after, pageSize: 10 },
        support.token,
      );
      expect(page).toMatchObject({ total: 45, totalIsEstimate: false });
      seen.push(...page.items.map((service) => service.id));
      after = page.nextCursor ?? null;
    }
    expect(seen).toEqual(newestFirst);

    const byNumber = [];
    for (let page = 1; page <= 3; page += 1) {
      const answer = await ok(
        t.app,
        listCustomerServices.path,
        { userId: customer.id, page, pageSize: 20 },
        admin.token,
      );
      byNumber.push(...answer.items.map((service) => service.id));
    }
    expect(byNumber).toEqual(newestFirst);
  });

  test('a customer with few services has them all in the file, and no cursor', async () => {
    const customer = await createCustomer(t.app, { buyer: false });
    const file = await ok(t.app, getCustomer.path, { userId: customer.id }, support.token);
    expect(file).toMatchObject({ services: [], serviceCount: 0, servicesNextCursor: null });
    const none = await ok(t.app, listCustomerServices.path, { userId: customer.id }, support.token);
    expect(none).toMatchObject({ items: [], total: 0, nextCursor: null });
  });

  test('listing services is staff only; an unknown customer is NOT_FOUND; a foreign cursor a field error', async () => {
    const { customer } = await customerWithManyServices();
    await expectStaffOnly(t.app, listCustomerServices, { userId: customer.id });
    const missing = await refused(
      t.app,
      listCustomerServices.path,
      { userId: crypto.randomUUID() },
      support.token,
      404,
    );
    expect(missing.message).toBe('این مشتری پیدا نشد');
    const error = await refused(
      t.app,
      listCustomerServices.path,
      { userId: customer.id, after: 'bm90IG91cnM' },
      support.token,
      400,
    );
    expect(error.fields).toHaveProperty('after');
  });
});

describe('adjust-customer-credit', () => {
  test('admins only: signed out, customers and support are refused', async () => {
    const customer = await createCustomer(t.app, { buyer: false });
    await expectStaffOnly(t.app, adjustCustomerCredit, {
      userId: customer.id,
      amountRial: 10_000,
      reason: 'آزمون دسترسی',
    });
    expect(await readBalance(t.app.db, customer.id)).toBe(0);
  });

  test('adds and removes credit: a ledger row each, and the audit row with before and after', async () => {
    const customer = await createCustomer(t.app, { buyer: false });
    const added = await ok(
      t.app,
      '/api/admin/customers/adjust-customer-credit',
      { userId: customer.id, amountRial: 500_000, reason: 'جبران قطعی سرور' },
      admin.token,
    );
    expect(added.balanceRial).toBe(500_000);
    const removed = await ok(
      t.app,
      '/api/admin/customers/adjust-customer-credit',
      { userId: customer.id, amountRial: -200_000, reason: 'اعتبار اشتباهی داده شده بود' },
      admin.token,
    );
    expect(removed.balanceRial).toBe(300_000);
    const ledger = await t.app.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, customer.id));
    expect(ledger.map((row) => [row.amountRial, row.reason, row.balanceAfterRial]).sort()).toEqual(
      [
        [-200_000, 'adjustment', 300_000],
        [500_000, 'adjustment', 500_000],
      ].sort(),
    );
    const audit = await auditRowsOf(t.app, 'customer', customer.id);
    expect(audit).toHaveLength(2);
    expect(audit.map((row) => row.action)).toEqual([
      'customer.credit-adjust',
      'customer.credit-adjust',
    ]);
    expect(audit.find((row) => row.reason === 'اعتبار اشتباهی داده شده بود')).toMatchObject({
      actorId: admin.id,
      before: { balanceRial: 500_000 },
      after: { balanceRial: 300_000, amountRial: -200_000, transactionId: removed.transactionId },
    });
    expect(await walletsOutOfBalance(t.app.db)).toEqual([]);
  });

  test('the balance never goes below zero: refused in Persian, nothing written', async () => {
    const customer = await createCustomer(t.app, { buyer: false });
    await grantCredit(t.app.db, customer.id, 100_000);
    const error = await refused(
      t.app,
      adjustCustomerCredit.path,
      { userId: customer.id, amountRial: -100_001, reason: 'کسر بیش از موجودی' },
      admin.token,
      422,
    );
    expect(error.code).toBe('INSUFFICIENT_CREDIT');
    expect(error.message).toBe(
      'موجودی کیف پول این مشتری ۱۰٬۰۰۰ تومان است؛ موجودی نمی‌تواند منفی شود',
    );
    expect(error.fields?.amountRial).toBeTruthy();
    expect(await readBalance(t.app.db, customer.id)).toBe(100_000);
    expect(await auditRowsOf(t.app, 'customer', customer.id)).toHaveLength(0);
    const never = await createCustomer(t.app, { buyer: false });
    await refused(
      t.app,
      adjustCustomerCredit.path,
      { userId: never.id, amountRial: -1, reason: 'کیف پول خالی' },
      admin.token,
      422,
    );
    expect(await walletsOutOfBalance(t.app.db)).toEqual([]);
  });

  test('zero, fractions, a missing reason and an unknown customer are refused with field errors', async () => {
    const customer = await createCustomer(t.app, { buyer: false });
    const zero = await refused(
      t.app,
      adjustCustomerCredit.path,
      { userId: customer.id, amountRial: 0, reason: 'ص' },
      admin.token,
      400,
    );
    expect(zero.fields).toMatchObject({
      amountRial: 'مبلغ نباید صفر باشد',
      reason: expect.any(String),
    });
    const fraction = await refused(
      t.app,
      adjustCustomerCredit.path,
      { userId: customer.id, amountRial: 10.5 },
      admin.token,
      400,
    );
    expect(Object.keys(fraction.fields ?? {}).sort()).toEqual(['amountRial', 'reason']);
    await refused(
      t.app,
      adjustCustomerCredit.path,
      { userId: crypto.randomUUID(), amountRial: 1000, reason: 'مشتری ناموجود' },
      admin.token,
      404,
    );
    const self = await refused(
      t.app,
      adjustCustomerCredit.path,
      { userId: admin.id, amountRial: 1000, reason: 'برای خودم' },
      admin.token,
      403,
    );
    expect(self.message).toContain('خودتان');
    expect(await readBalance(t.app.db, admin.id)).toBe(0);
  });
});

describe('lock-customer and unlock-customer', () => {
  async function customerWithPassword(password: string) {
    const customer = await createSignedInUser(t.app, { firstName: 'حامد', lastName: 'قفلی' });
    await t.app.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, customer.id));
    return customer;
  }

  const signInStatus = async (username: string, password: string) => {
    const response = await send(t.app, '/api/jwt/authenticate', { username, password });
    return { status: response.statusCode, body: response.json() };
  };

  test('admins only: signed out, customers and support are refused', async () => {
    const customer = await createCustomer(t.app, { buyer: false });
    await expectStaffOnly(t.app, lockCustomer, { userId: customer.id, reason: 'آزمون دسترسی' });
    await expectStaffOnly(t.app, unlockCustomer, { userId: customer.id });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, customer.id));
    expect(row?.lockedAt).toBeNull();
  });

  test('a locked customer cannot sign in and their token stops; unlocking lets them in again', async () => {
    const password = 'lock-test-1405';
    const customer = await customerWithPassword(password);
    const username = national(customer.mobile);
    expect((await signInStatus(username, password)).status).toBe(200);
    await ok(t.app, '/api/user/get-user-info', {}, customer.token);

    const locked = await ok(
      t.app,
      '/api/admin/customers/lock-customer',
      { userId: customer.id, reason: 'پرداخت‌های مشکوک' },
      admin.token,
    );
    expect(locked.lockedReason).toBe('پرداخت‌های مشکوک');
    const refusedSignIn = await signInStatus(username, password);
    expect(refusedSignIn.status).toBe(403);
    expect(refusedSignIn.body.error.code).toBe('ACCOUNT_LOCKED');
    await refused(t.app, '/api/user/get-user-info', {}, customer.token, 401);
    const file = await ok(
      t.app,
      '/api/admin/customers/get-customer',
      { userId: customer.id },
      support.token,
    );
    expect(file).toMatchObject({ lockedReason: 'پرداخت‌های مشکوک', openSessionCount: 0 });
    expect(file.lockedAt).not.toBeNull();

    await ok(
      t.app,
      '/api/admin/customers/unlock-customer',
      { userId: customer.id, reason: 'مدارک بررسی شد' },
      admin.token,
    );
    const again = await signInStatus(username, password);
    expect(again.status).toBe(200);
    await ok(t.app, '/api/user/get-user-info', {}, again.body.data.jwtToken);

    const audit = await auditRowsOf(t.app, 'customer', customer.id);
    expect(audit.map((row) => row.action).sort()).toEqual(['customer.lock', 'customer.unlock']);
    expect(audit.find((row) => row.action === 'customer.lock')).toMatchObject({
      actorId: admin.id,
      reason: 'پرداخت‌های مشکوک',
      before: { lockedAt: null, openSessionCount: 2 },
      after: { lockedReason: 'پرداخت‌های مشکوک', openSessionCount: 0 },
    });
    expect(audit.find((row) => row.action === 'customer.unlock')).toMatchObject({
      reason: 'مدارک بررسی شد',
      before: { lockedReason: 'پرداخت‌های مشکوک' },
      after: { lockedAt: null, lockedReason: null },
    });
  });

  test('staff cannot lock themselves or another admin; locking twice or unlocking an open account conflicts', async () => {
    const self = await refused(
      t.app,
      lockCustomer.path,
      { userId: admin.id, reason: 'آزمون قفل خود' },
      admin.token,
      403,
    );
    expect(self.message).toBe('نمی‌توانید حساب خودتان را قفل کنید');
    const otherAdmin = await createStaff(t.app, 'admin');
    const another = await refused(
      t.app,
      lockCustomer.path,
      { userId: otherAdmin.id, reason: 'آزمون قفل مدیر' },
      admin.token,
      403,
    );
    expect(another.message).toBe('حساب یک مدیر را نمی‌توان قفل کرد');
    await ok(t.app, '/api/admin/audit/get-audit-log', {}, otherAdmin.token);

    const customer = await createCustomer(t.app, { buyer: false });
    const open = await refused(
      t.app,
      unlockCustomer.path,
      { userId: customer.id },
      admin.token,
      409,
    );
    expect(open.message).toBe('این حساب قفل نیست');
    await ok(
      t.app,
      '/api/admin/customers/lock-customer',
      { userId: customer.id, reason: 'بار اول' },
      admin.token,
    );
    const twice = await refused(
      t.app,
      lockCustomer.path,
      { userId: customer.id, reason: 'بار دوم' },
      admin.token,
      409,
    );
    expect(twice.code).toBe('CONFLICT');
    expect(await auditRowsOf(t.app, 'customer', customer.id)).toHaveLength(1);
    const noReason = await refused(
      t.app,
      lockCustomer.path,
      { userId: customer.id },
      admin.token,
      400,
    );
    expect(noReason.fields?.reason).toBe('این فیلد الزامی است');
  });

  test('a locked support member loses the console at once', async () => {
    const member = await createStaff(t.app, 'support');
    await ok(t.app, '/api/admin/customers/search-customers', {}, member.token);
    await ok(
      t.app,
      '/api/admin/customers/lock-customer',
      { userId: member.id, reason: 'پایان همکاری' },
      admin.token,
    );
    await refused(t.app, searchCustomers.path, {}, member.token, 401);
  });
});

describe('end-customer-sessions', () => {
  test('admins only: signed out, customers and support are refused', async () => {
    const customer = await createCustomer(t.app, { buyer: false });
    await expectStaffOnly(t.app, endCustomerSessions, { userId: customer.id });
    await ok(t.app, '/api/user/get-user-info', {}, customer.token);
  });

  test('ends every session of the customer, and writes the audit row', async () => {
    const customer = await createCustomer(t.app, { buyer: false });
    await startSession(t.app.db, customer.id, { userAgent: 'tablet', ipAddress: undefined });
    const bystander = await createCustomer(t.app, { buyer: false });
    const answer = await ok(
      t.app,
      '/api/admin/customers/end-customer-sessions',
      { userId: customer.id, reason: 'گوشی مشتری دزدیده شده' },
      admin.token,
    );
    expect(answer.endedSessionCount).toBe(2);
    await refused(t.app, '/api/user/get-user-info', {}, customer.token, 401);
    await ok(t.app, '/api/user/get-user-info', {}, bystander.token);
    const [row] = await auditRowsOf(t.app, 'customer', customer.id);
    expect(row).toMatchObject({
      action: 'customer.end-sessions',
      actorId: admin.id,
      before: { openSessionCount: 2 },
      after: { openSessionCount: 0 },
      reason: 'گوشی مشتری دزدیده شده',
    });
    await refused(
      t.app,
      endCustomerSessions.path,
      { userId: crypto.randomUUID() },
      admin.token,
      404,
    );
  });
});

describe('search-customers by cursor', () => {
  test('pages by cursor give the customers pages by number give, ties on the time included', async () => {
    // Seven customers named alike, two or three at each instant: the id breaks the ties.
    await t.app.db.execute(sql`
      insert into users (mobile, first_name, last_name, created_at)
      select '+98991000000' || n, 'کیمیا', 'صفحه‌بندی',
        timestamptz '2024-05-01 09:00:00.250001+00' + (n / 3) * interval '1 hour'
      from generate_series(1, 7) n`);
    const query = 'کیمیا صفحه‌بندی';
    const byNumber: string[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const answer = await ok(
        t.app,
        '/api/admin/customers/search-customers',
        { query, page, pageSize: 3 },
        admin.token,
      );
      byNumber.push(...answer.items.map((row) => row.id));
    }
    const byCursor: string[] = [];
    let after: string | undefined;
    for (let step = 0; step < 5; step += 1) {
      const answer = await ok(
        t.app,
        '/api/admin/customers/search-customers',
        { query, pageSize: 3, ...(after ? { after } : {}) },
        admin.token,
      );
      expect(answer).toMatchObject({ total: 7, totalIsEstimate: false });
      byCursor.push(...answer.items.map((row) => row.id));
      if (!answer.nextCursor) break;
      after = answer.nextCursor;
    }
    expect(new Set(byNumber).size).toBe(7);
    expect(byCursor).toEqual(byNumber);
    const error = await refused(
      t.app,
      '/api/admin/customers/search-customers',
      { after: 'bm90IG91cnM' },
      admin.token,
      400,
    );
    expect(error.fields).toHaveProperty('after');
  });
});
