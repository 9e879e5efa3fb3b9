import {
  adminCreateDiscountCode,
  adminExportOrdersCsv,
  adminGetDashboard,
  adminGetDiscountCode,
  adminListDiscountCodes,
  adminSetDiscountCodeActive,
  adminUpdateDiscountCode,
} from '@vitrin/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { csvField } from '../../lib/csv';
import { tehranDay } from '../../lib/tehran-days';
import { users } from '../../schema';
import { ok, refused, type SignedInUser, send } from '../../test/api-kit';
import { auditRowsOf, createStaff, expectStaffOnly } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { createCustomer, HOSTING_MONTH, submitCart } from './checkout-test-kit';
import { paidOrder } from './staff-orders-test-kit';

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;
let support: SignedInUser;
const anyId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
  support = await createStaff(t.app, 'support');
});

describe('export-orders-csv', () => {
  test('a CSV cell that a spreadsheet would run as a formula starts with an apostrophe', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+98')).toBe("'+98");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('مریم')).toBe('مریم');
  });

  test('staff download the filtered orders as a UTF-8 CSV with Persian headers, Toman and Jalali dates', async () => {
    const customer = await createCustomer(t.app);
    await t.app.db
      .update(users)
      .set({ firstName: '=cmd|calc', lastName: 'آزمون, "دوم"' })
      .where(eq(users.id, customer.id));
    const paid = await paidOrder(t.app, customer, [HOSTING_MONTH], { walletRial: 20_000 });
    await submitCart(t.app, customer, [HOSTING_MONTH]);
    const response = await send(
      t.app,
      adminExportOrdersCsv.path,
      { query: customer.mobile, status: 'paid' },
      support.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="orders-${tehranDay(new Date())}.csv"`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'شماره سفارش,وضعیت,نام مشتری,موبایل,مبلغ کل (تومان),پرداخت از کیف پول (تومان),پرداخت بیرون از کیف پول (تومان),روش پرداخت,کد تخفیف,تاریخ ثبت (ISO),تاریخ ثبت (شمسی),تاریخ پرداخت (ISO),تاریخ پرداخت (شمسی),تاریخ بازپرداخت (ISO)',
    );
    expect(lines).toHaveLength(3); // header, one paid order, and the final line break
    const national = `0${customer.mobile.slice(3)}`;
    const cells = lines[1]?.split(',') ?? [];
    expect(cells.slice(0, 2)).toEqual([String(paid.number), 'پرداخت‌شده']);
    expect(lines[1]).toContain(`"'=cmd|calc آزمون, ""دوم"""`);
    expect(lines[1]).toContain(
      `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)},${paid.totalRial / 10},2000,${(paid.totalRial - 20_000) / 10},درگاه آزمایشی,`,
    );
    expect(lines[1]).toMatch(/,\d{4}-\d\d-\d\dT[^,]+Z,14\d\d\/\d\d\/\d\d \d\d:\d\d,/);
  });
});

describe('discount codes', () => {
  test('support reads codes; only admins create and change them', async () => {
    await expectStaffOnly(t.app, adminListDiscountCodes, {});
    await expectStaffOnly(t.app, adminGetDiscountCode, { id: anyId });
    await expectStaffOnly(t.app, adminCreateDiscountCode, {
      code: 'AUTHZ1',
      title: 'آزمون',
      kind: 'percent',
      value: 5,
    });
    await expectStaffOnly(t.app, adminUpdateDiscountCode, { id: anyId, title: 'آزمون' });
    await expectStaffOnly(t.app, adminSetDiscountCodeActive, { id: anyId, active: false });
  });

  test('an admin creates a code with every rule, upper-cased, audited; the text is unique', async () => {
    const created = await ok(
      t.app,
      adminCreateDiscountCode.path,
      {
        code: ' spring۱۴۰۵ ',
        title: 'بهار',
        kind: 'fixed',
        value: 500_000,
        minCartRial: 2_000_000,
        startsAt: '1405/01/01',
        endsAt: '1405/02/01',
        usageLimit: 100,
        perUserLimit: 1,
        firstOrderOnly: true,
        listed: true,
      },
      admin.token,
    );
    expect(created).toMatchObject({
      code: 'SPRING1405',
      kind: 'fixed',
      value: 500_000,
      minCartRial: 2_000_000,
      usageLimit: 100,
      perUserLimit: 1,
      firstOrderOnly: true,
      listed: true,
      active: true,
      usedCount: 0,
      buyersCount: 0,
      startsAt: '2026-03-20T20:30:00.000Z',
    });
    // One code by its id, for the console's edit page; an unknown id is 404.
    const fetched = await ok(t.app, adminGetDiscountCode.path, { id: created.id }, admin.token);
    expect(fetched).toEqual(created);
    const missing = await refused(
      t.app,
      adminGetDiscountCode.path,
      { id: anyId },
      admin.token,
      404,
    );
    expect(missing.message).toBe('این کد تخفیف پیدا نشد');
    const [row] = await auditRowsOf(t.app, 'discount-code', created.id);
    expect(row).toMatchObject({
      actorId: admin.id,
      action: 'discount-code.create',
      after: { code: 'SPRING1405', value: 500_000 },
    });
    const again = await refused(
      t.app,
      adminCreateDiscountCode.path,
      { code: 'Spring1405', title: 'دوباره', kind: 'percent', value: 5 },
      admin.token,
      409,
    );
    expect(again.fields?.code).toBe('این کد تخفیف پیش‌تر ساخته شده است؛ کد دیگری بنویسید');
  });

  test('bad rules are field errors in Persian and nothing is saved', async () => {
    const bad = await refused(
      t.app,
      adminCreateDiscountCode.path,
      {
        code: 'BADRULES',
        title: 'نادرست',
        kind: 'percent',
        value: 120,
        startsAt: '1405/02/01',
        endsAt: '1405/01/01',
        productIds: [anyId],
      },
      admin.token,
      400,
    );
    expect(bad.fields).toMatchObject({
      value: 'درصد تخفیف باید بین ۱ و ۱۰۰ باشد',
      endsAt: 'پایان اعتبار باید پس از شروع آن باشد',
      productIds: 'برخی از محصولات انتخاب‌شده پیدا نشدند',
    });
    const toman = await refused(
      t.app,
      adminCreateDiscountCode.path,
      { code: 'ODDRIAL', title: 'ریال', kind: 'fixed', value: 15 },
      admin.token,
      400,
    );
    expect(toman.fields?.value).toBe('مبلغ باید تومان کامل باشد (مضربی از ۱۰ ریال)');
    const shape = await refused(
      t.app,
      adminCreateDiscountCode.path,
      { code: 'نه', title: 'x', kind: 'percent', value: 5 },
      admin.token,
      400,
    );
    expect(shape.fields?.code).toBeTruthy();
    const listed = await ok(t.app, adminListDiscountCodes.path, { query: 'BADRULES' }, admin.token);
    expect(listed.total).toBe(0);
  });

  test('usage so far: used count and uses per person; the limit cannot go below it', async () => {
    const code = await ok(
      t.app,
      adminCreateDiscountCode.path,
      { code: 'USAGE10', title: 'مصرف', kind: 'percent', value: 10 },
      admin.token,
    );
    const customer = await createCustomer(t.app);
    await submitCart(t.app, customer, [HOSTING_MONTH], 'USAGE10');
    await submitCart(t.app, customer, [HOSTING_MONTH], 'USAGE10');
    const listed = await ok(t.app, adminListDiscountCodes.path, { query: 'usage1' }, admin.token);
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({
      usedCount: 2,
      buyersCount: 1,
      topBuyers: [{ customer: { id: customer.id }, uses: 2 }],
    });
    const tooLow = await refused(
      t.app,
      adminUpdateDiscountCode.path,
      { id: code.id, usageLimit: 1 },
      admin.token,
      400,
    );
    expect(tooLow.fields?.usageLimit).toBe('ظرفیت از دفعات استفادهٔ تا کنون (۲) کمتر نمی‌شود');

    const updated = await ok(
      t.app,
      adminUpdateDiscountCode.path,
      { id: code.id, value: 20, maxDiscountRial: 1_000_000, title: 'مصرف' },
      admin.token,
    );
    expect(updated).toMatchObject({ value: 20, maxDiscountRial: 1_000_000, code: 'USAGE10' });
    const off = await ok(
      t.app,
      adminSetDiscountCodeActive.path,
      { id: code.id, active: false },
      admin.token,
    );
    expect(off.active).toBe(false);
    const rows = await auditRowsOf(t.app, 'discount-code', code.id);
    expect(rows.map((row) => row.action)).toEqual([
      'discount-code.deactivate',
      'discount-code.update',
      'discount-code.create',
    ]);
    // Only what changed: the title was sent unchanged.
    expect(rows[1]).toMatchObject({
      before: { value: 10, maxDiscountRial: null },
      after: { value: 20, maxDiscountRial: 1_000_000 },
    });
    expect(rows[0]).toMatchObject({ before: { active: true }, after: { active: false } });
  });
});

describe('get-dashboard', () => {
  test('staff see today’s sales (paid minus refunded), new customers, pending orders and 30 days', async () => {
    await expectStaffOnly(t.app, adminGetDashboard, {});
    const before = await ok(t.app, adminGetDashboard.path, {}, support.token);
    const customer = await createCustomer(t.app);
    const paid = await paidOrder(t.app, customer, [HOSTING_MONTH]);
    const refunded = await paidOrder(t.app, customer, [HOSTING_MONTH]);
    await ok(
      t.app,
      '/api/admin/orders/refund-order',
      { orderId: refunded.id, reason: 'آزمون داشبورد' },
      admin.token,
    );
    await submitCart(t.app, customer, [HOSTING_MONTH]);
    const after = await ok(t.app, adminGetDashboard.path, {}, support.token);
    // The refunded order was paid and refunded today: it adds nothing.
    expect(after.todaySalesRial - before.todaySalesRial).toBe(paid.totalRial);
    expect(after.monthSalesRial - before.monthSalesRial).toBe(paid.totalRial);
    expect(after.todayNewCustomers - before.todayNewCustomers).toBe(1);
    expect(after.monthNewCustomers - before.monthNewCustomers).toBe(1);
    expect(after.pendingOrders - before.pendingOrders).toBe(1);
    expect(after.days).toHaveLength(30);
    const today = after.days.at(-1);
    expect(today?.date).toBe(tehranDay(new Date()));
    expect(today?.salesRial).toBe(after.todaySalesRial);
    expect((today?.orders ?? 0) - (before.days.at(-1)?.orders ?? 0)).toBe(2);
    expect((after.days[0]?.date ?? '') < (today?.date ?? '')).toBe(true);
  });
});

describe('list-orders by cursor', () => {
  test('newest and oldest first, pages by cursor give the rows pages by number give', async () => {
    const customer = await createCustomer(t.app, { buyer: false });
    // Ten orders at four instants: the order number breaks the ties.
    await t.app.db.execute(sql`
      insert into orders (user_id, status, subtotal_rial, total_rial, buyer, created_at, expires_at,
        closed_at)
      select ${customer.id}::uuid, 'expired', 1000, 1000, '{"fullName":"مریم آزمون","email":"m@example.com","nationalId":null,"companyName":null}',
        timestamptz '2026-03-01 08:00:00.654321+00' + (n / 3) * interval '1 minute',
        timestamptz '2026-03-02 08:00:00+00', timestamptz '2026-03-02 08:00:00+00'
      from generate_series(1, 10) n`);
    for (const sort of ['newest', 'oldest'] as const) {
      const byNumber: number[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const answer = await ok(
          t.app,
          '/api/admin/orders/list-orders',
          { customerId: customer.id, sort, page, pageSize: 3 },
          admin.token,
        );
        byNumber.push(...answer.items.map((order) => order.number));
      }
      const byCursor: number[] = [];
      let after: string | undefined;
      for (let step = 0; step < 6; step += 1) {
        const answer = await ok(
          t.app,
          '/api/admin/orders/list-orders',
          { customerId: customer.id, sort, pageSize: 3, ...(after ? { after } : {}) },
          admin.token,
        );
        expect(answer).toMatchObject({ total: 10, totalIsEstimate: false });
        byCursor.push(...answer.items.map((order) => order.number));
        if (!answer.nextCursor) break;
        after = answer.nextCursor;
      }
      expect(new Set(byNumber).size).toBe(10);
      expect(byCursor).toEqual(byNumber);
    }
  });

  test('the total-desc sort pages by number only: a cursor there is a field error', async () => {
    const first = await ok(t.app, '/api/admin/orders/list-orders', { pageSize: 1 }, admin.token);
    expect(first.nextCursor).toEqual(expect.any(String));
    const byTotal = await ok(
      t.app,
      '/api/admin/orders/list-orders',
      { pageSize: 1, sort: 'total-desc' },
      admin.token,
    );
    expect(byTotal.nextCursor).toBeNull();
    const error = await refused(
      t.app,
      '/api/admin/orders/list-orders',
      { sort: 'total-desc', after: first.nextCursor },
      admin.token,
      400,
    );
    expect(error.fields).toHaveProperty('after');
  });
});
