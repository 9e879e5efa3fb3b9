import {
  adminCancelOrder,
  adminExportOrdersCsv,
  adminGetOrder,
  adminListOrders,
  adminRefundOrder,
} from '@vitrin/contracts';
import { formatJalaliDate, toPersianDigits } from '@vitrin/fa';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { discountCodes, orders, services, users } from '../../schema';
import { createSignedInUser, ok, refused, type SignedInUser, send } from '../../test/api-kit';
import { auditRowsOf, createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { readBalance } from '../wallet/wallet.service';
import {
  createCustomer,
  expectBooksBalanced,
  grantCredit,
  HOSTING_MONTH,
  submitCart,
  useWallet,
} from './checkout-test-kit';
import { refundOrder } from './staff-orders.service';
import { paidOrder } from './staff-orders-test-kit';

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;
let support: SignedInUser;
const refunded: string[] = [];
const anyOrderId = '00000000-0000-4000-8000-000000000000';

const VPS_MONTH = { slug: 'vps-2core', cycle: 'monthly' } as const;

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  support = await createStaff(t.app, 'support');
});

describe('authorization', () => {
  test('support and admins read orders; signed out and customers are refused', async () => {
    await expectStaffOnly(t.app, adminListOrders, {});
    await expectStaffOnly(t.app, adminGetOrder, { orderId: anyOrderId });
    await expectStaffOnly(t.app, adminExportOrdersCsv, {});
  });

  test('only admins cancel and refund: support is refused too', async () => {
    await expectStaffOnly(t.app, adminCancelOrder, { orderId: anyOrderId });
    await expectStaffOnly(t.app, adminRefundOrder, {
      orderId: anyOrderId,
      reason: 'درخواست مشتری',
    });
  });
});

describe('list-orders', () => {
  test('finds a customer’s orders by mobile typed in any form, or by number, with filters', async () => {
    const customer = await createCustomer(t.app);
    const small = await submitCart(t.app, customer, [HOSTING_MONTH]);
    const large = await paidOrder(t.app, customer, [VPS_MONTH, HOSTING_MONTH], {
      walletRial: 50_000,
    });
    const national = `0${customer.mobile.slice(3)}`;
    const typed = toPersianDigits(`${national.slice(0, 4)} ${national.slice(4)}`);
    const mine = await ok(t.app, adminListOrders.path, { query: typed }, support.token);
    expect(mine.total).toBe(2);
    expect(mine.items.map((row) => row.number)).toEqual([large.number, small.number]);
    expect(mine.items[0]).toMatchObject({
      id: large.id,
      status: 'paid',
      customer: { id: customer.id, name: 'مریم آزمون', mobile: customer.mobile },
      totalRial: large.totalRial,
      walletAppliedRial: 50_000,
      gatewayPaidRial: large.totalRial - 50_000,
      paidAt: expect.any(String),
    });

    const byNumber = await ok(
      t.app,
      adminListOrders.path,
      { query: toPersianDigits(String(small.number)) },
      support.token,
    );
    expect(byNumber.items.map((row) => row.id)).toEqual([small.id]);

    const pending = await ok(
      t.app,
      adminListOrders.path,
      { query: customer.mobile, status: 'pending' },
      support.token,
    );
    expect(pending.items.map((row) => row.id)).toEqual([small.id]);

    const oldest = await ok(
      t.app,
      adminListOrders.path,
      { query: national, sort: 'oldest' },
      support.token,
    );
    expect(oldest.items.map((row) => row.id)).toEqual([small.id, large.id]);
    const dearest = await ok(
      t.app,
      adminListOrders.path,
      { query: national, sort: 'total-desc' },
      support.token,
    );
    expect(dearest.items.map((row) => row.id)).toEqual([large.id, small.id]);

    // Jalali day text, both ends inclusive: today to today finds today's orders.
    const today = formatJalaliDate(new Date());
    const ranged = await ok(
      t.app,
      adminListOrders.path,
      { query: national, createdFrom: today, createdTo: today },
      support.token,
    );
    expect(ranged.total).toBe(2);
    const future = await ok(
      t.app,
      adminListOrders.path,
      { query: national, createdFrom: '1500/01/01' },
      support.token,
    );
    expect(future.total).toBe(0);

    const paged = await ok(
      t.app,
      adminListOrders.path,
      { query: national, pageSize: 1, page: 2 },
      support.token,
    );
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items.map((row) => row.id)).toEqual([small.id]);
  });

  test('an account with no name yet is named by what its order gives (issue 35)', async () => {
    const buyer = await createSignedInUser(t.app, { firstName: null, lastName: null });
    await ok(
      t.app,
      '/api/cart/update-user',
      { fullName: 'کاوه خریدار', email: `buyer${buyer.mobile.slice(-7)}@example.com` },
      buyer.token,
    );
    const order = await submitCart(t.app, buyer, [HOSTING_MONTH]);
    // As an account that ordered before checkout saved its name to the profile.
    await t.app.db
      .update(users)
      .set({ firstName: null, lastName: null })
      .where(eq(users.id, buyer.id));
    const listed = await ok(
      t.app,
      adminListOrders.path,
      { query: String(order.number) },
      support.token,
    );
    expect(listed.items.map((row) => row.customer)).toEqual([
      { id: buyer.id, name: 'کاوه خریدار', mobile: buyer.mobile },
    ]);
    const detail = await ok(t.app, adminGetOrder.path, { orderId: order.id }, support.token);
    expect(detail.customer).toEqual({ id: buyer.id, name: 'کاوه خریدار', mobile: buyer.mobile });
  });

  test('a query that is neither a mobile nor an order number, or a bad date, is a field error', async () => {
    const words = await refused(t.app, adminListOrders.path, { query: 'سلام' }, support.token, 400);
    expect(words.code).toBe('VALIDATION');
    expect(words.fields?.query).toBe('شمارهٔ موبایل یا شمارهٔ سفارش را وارد کنید');
    const date = await refused(
      t.app,
      adminListOrders.path,
      { createdFrom: '۱۴۰۳/۱۳/۴۰' },
      support.token,
      400,
    );
    expect(date.code).toBe('INVALID_DATE');
    expect(date.fields?.createdFrom).toBeTruthy();
  });
});

describe('get-order', () => {
  test('shows lines, gateway references, wallet rows, services and audit rows', async () => {
    const customer = await createCustomer(t.app);
    const order = await paidOrder(t.app, customer, [HOSTING_MONTH], { walletRial: 10_000 });
    const detail = await ok(t.app, adminGetOrder.path, { orderId: order.id }, support.token);
    expect(detail).toMatchObject({
      id: order.id,
      status: 'paid',
      customer: { id: customer.id, mobile: customer.mobile },
      refundedAt: null,
      lines: [{ productSlug: HOSTING_MONTH.slug, domainName: HOSTING_MONTH.domain }],
      walletTransactions: [{ amountRial: -10_000, reason: 'order-payment' }],
      services: [{ relation: 'created', status: 'active' }],
      audit: [],
    });
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({
      status: 'paid',
      amountRial: order.totalRial - 10_000,
      authority: expect.any(String),
      referenceId: expect.any(String),
    });
    const missing = await refused(
      t.app,
      adminGetOrder.path,
      { orderId: anyOrderId },
      support.token,
      404,
    );
    expect(missing.message).toBe('این سفارش پیدا نشد');
  });
});

describe('cancel-order', () => {
  test('an admin cancels a pending order: the wallet credit spent on it returns, one audit row', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
    await grantCredit(t.app.db, customer.id, 30_000);
    await useWallet(t.app, customer, order.id, 30_000);
    expect(await readBalance(t.app.db, customer.id)).toBe(0);
    const cancelled = await ok(
      t.app,
      adminCancelOrder.path,
      { orderId: order.id, reason: 'درخواست تلفنی مشتری' },
      admin.token,
    );
    expect(cancelled.status).toBe('cancelled');
    expect(await readBalance(t.app.db, customer.id)).toBe(30_000);
    const rows = await auditRowsOf(t.app, 'order', order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: 'order.cancel',
      before: { status: 'pending', walletAppliedRial: 30_000 },
      after: { status: 'cancelled', walletReturnedRial: 30_000 },
      reason: 'درخواست تلفنی مشتری',
    });
    const again = await refused(
      t.app,
      adminCancelOrder.path,
      { orderId: order.id },
      admin.token,
      409,
    );
    expect(again.message).toBe('فقط سفارش در انتظار پرداخت لغو می‌شود');
    expect(await auditRowsOf(t.app, 'order', order.id)).toHaveLength(1);
  });

  test('a paid order is not cancelled (it is refunded instead)', async () => {
    const customer = await createCustomer(t.app);
    const order = await paidOrder(t.app, customer, [HOSTING_MONTH]);
    const answer = await refused(
      t.app,
      adminCancelOrder.path,
      { orderId: order.id },
      admin.token,
      409,
    );
    expect(answer.code).toBe('CONFLICT');
    expect(await auditRowsOf(t.app, 'order', order.id)).toHaveLength(0);
  });
});

describe('refund-order', () => {
  test('the whole paid amount goes to the wallet, services are cancelled, the code’s use returns', async () => {
    const customer = await createCustomer(t.app);
    const order = await paidOrder(t.app, customer, [VPS_MONTH, HOSTING_MONTH], {
      walletRial: 70_000,
      code: 'VITRIN10',
    });
    refunded.push(order.id);
    const [codeBefore] = await t.app.db
      .select({ usedCount: discountCodes.usedCount })
      .from(discountCodes)
      .where(eq(discountCodes.code, 'VITRIN10'));
    const answer = await send(
      t.app,
      adminRefundOrder.path,
      { orderId: order.id, reason: 'سرویس راه‌اندازی نشد' },
      admin.token,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = answer.json().data;
    expect(detail).toMatchObject({ status: 'refunded', refundedAt: expect.any(String) });
    expect(await readBalance(t.app.db, customer.id)).toBe(order.totalRial);
    expect(detail.walletTransactions.at(-1)).toMatchObject({
      amountRial: order.totalRial,
      reason: 'refund',
      description: `بازپرداخت سفارش ${toPersianDigits(order.number)}`,
    });
    const bought = await t.app.db.select().from(services).where(eq(services.orderId, order.id));
    expect(bought.map((service) => service.status)).toEqual(['cancelled', 'cancelled']);
    const [codeAfter] = await t.app.db
      .select({ usedCount: discountCodes.usedCount })
      .from(discountCodes)
      .where(eq(discountCodes.code, 'VITRIN10'));
    expect(codeAfter?.usedCount).toBe((codeBefore?.usedCount ?? 0) - 1);

    const rows = await auditRowsOf(t.app, 'order', order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      action: 'order.refund',
      before: {
        status: 'paid',
        walletAppliedRial: 70_000,
        gatewayPaidRial: order.totalRial - 70_000,
      },
      after: { status: 'refunded', refundedToWalletRial: order.totalRial },
      reason: 'سرویس راه‌اندازی نشد',
    });
    expect(
      (
        rows[0]?.after as { cancelledServiceIds?: string[] } | undefined
      )?.cancelledServiceIds?.sort(),
    ).toEqual(bought.map((service) => service.id).sort());

    const second = await refused(
      t.app,
      adminRefundOrder.path,
      { orderId: order.id, reason: 'دوباره' },
      admin.token,
      409,
    );
    expect(second).toMatchObject({
      code: 'CONFLICT',
      message: 'این سفارش پیش‌تر بازپرداخت شده است',
    });
    expect(await readBalance(t.app.db, customer.id)).toBe(order.totalRial);
    expect(await auditRowsOf(t.app, 'order', order.id)).toHaveLength(1);
    await expectBooksBalanced(t.app.db);
  });

  test('a refund dates the order and the services it cancels by its own time', async () => {
    const customer = await createCustomer(t.app);
    const order = await paidOrder(t.app, customer, [HOSTING_MONTH]);
    refunded.push(order.id);
    const at = new Date(Date.now() - 3_600_000);
    await refundOrder(t.app.db, order.id, { id: admin.id, ipAddress: null, reason: 'آزمون' }, at);
    const [row] = await t.app.db
      .select({ refundedAt: orders.refundedAt })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row?.refundedAt?.toISOString()).toBe(at.toISOString());
    const bought = await t.app.db.select().from(services).where(eq(services.orderId, order.id));
    expect(
      bought.map((service) => [service.status, service.statusChangedAt?.toISOString()]),
    ).toEqual([['cancelled', at.toISOString()]]);
    await expectBooksBalanced(t.app.db);
  });

  test('a refunded renewal is not cancelled: the service’s expiry moves back by the cycle', async () => {
    const customer = await createCustomer(t.app);
    const first = await paidOrder(t.app, customer, [HOSTING_MONTH]);
    const [service] = await t.app.db.select().from(services).where(eq(services.orderId, first.id));
    if (!service?.expiresAt) throw new Error('the purchase made no service');
    await ok(
      t.app,
      '/api/user/services/renew-service',
      { serviceId: service.id, cycle: 'quarterly' },
      customer.token,
    );
    const renewal = await paidOrder(t.app, customer, []);
    refunded.push(renewal.id);
    const [extended] = await t.app.db.select().from(services).where(eq(services.id, service.id));
    expect(extended?.expiresAt?.getTime()).toBeGreaterThan(service.expiresAt.getTime());

    await ok(
      t.app,
      adminRefundOrder.path,
      { orderId: renewal.id, reason: 'تمدید اشتباه' },
      admin.token,
    );
    const [after] = await t.app.db.select().from(services).where(eq(services.id, service.id));
    expect(after?.status).toBe('active');
    expect(after?.expiresAt?.toISOString()).toBe(service.expiresAt.toISOString());
    const [row] = await auditRowsOf(t.app, 'order', renewal.id);
    expect(row?.after).toMatchObject({
      services: [{ id: service.id, expiresAt: service.expiresAt.toISOString(), status: 'active' }],
    });
    await expectBooksBalanced(t.app.db);
  });

  test('only a paid order is refunded, and a reason is required', async () => {
    const customer = await createCustomer(t.app);
    const order = await submitCart(t.app, customer, [HOSTING_MONTH]);
    const pending = await refused(
      t.app,
      adminRefundOrder.path,
      { orderId: order.id, reason: 'درخواست مشتری' },
      admin.token,
      409,
    );
    expect(pending.message).toBe('فقط سفارش پرداخت‌شده بازپرداخت می‌شود');
    const noReason = await refused(
      t.app,
      adminRefundOrder.path,
      { orderId: order.id },
      admin.token,
      400,
    );
    expect(noReason.fields?.reason).toBeTruthy();
    const [unchanged] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unchanged?.status).toBe('pending');
    expect(await auditRowsOf(t.app, 'order', order.id)).toHaveLength(0);
  });
});
