import { parseDateText } from '@vitrin/fa';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { orders, users } from '../../schema';
import { ok, type SignedInUser } from '../../test/api-kit';
import { createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { createCustomer, HOSTING_MONTH } from '../orders/checkout-test-kit';
import { paidOrder } from '../orders/staff-orders-test-kit';
import { readDashboard } from './staff-dashboard.service';

// The dashboard's days and months on a fixed clock (issue 8): Tehran midnights and the Jalali
// year's first day, a minute either side. The demo data lies months before that clock, so every
// figure in its window is this file's.

const t = setupTestApp({ seedDemoData: true });
let admin: SignedInUser;

/** Nowruz 1406: the first day of a Jalali year and month, at 00:00 in Tehran. */
const newYear = parseDateText('1406/01/01');
const minute = 60_000;
const at = (offsetMs: number) => new Date(newYear.getTime() + offsetMs);

beforeAll(async () => {
  admin = await createStaff(t.app, 'admin');
});

async function moveOrder(orderId: string, times: { paidAt?: Date; refundedAt?: Date }) {
  await t.app.db.update(orders).set(times).where(eq(orders.id, orderId));
}

describe('dashboard on a fixed clock', () => {
  test('a minute before Tehran midnight on the year’s last day is last month; a minute after is today', async () => {
    const lastYear = await createCustomer(t.app);
    const thisYear = await createCustomer(t.app);
    await t.app.db
      .update(users)
      .set({ createdAt: at(-minute) })
      .where(eq(users.id, lastYear.id));
    await t.app.db
      .update(users)
      .set({ createdAt: at(minute) })
      .where(eq(users.id, thisYear.id));

    const beforeMidnight = await paidOrder(t.app, lastYear, [HOSTING_MONTH]);
    const afterMidnight = await paidOrder(t.app, thisYear, [HOSTING_MONTH]);
    // Paid ten days before and refunded this morning: cash basis takes it off today.
    const refundedToday = await paidOrder(t.app, lastYear, [HOSTING_MONTH]);
    await ok(
      t.app,
      '/api/admin/orders/refund-order',
      { orderId: refundedToday.id, reason: 'آزمون مرز ماه' },
      admin.token,
    );
    await moveOrder(beforeMidnight.id, { paidAt: at(-minute) });
    await moveOrder(afterMidnight.id, { paidAt: at(minute) });
    await moveOrder(refundedToday.id, {
      paidAt: at(-10 * 24 * 60 * minute),
      refundedAt: at(2 * 60 * minute),
    });

    const dashboard = await readDashboard(t.app.db, at(10 * 60 * minute));

    expect(dashboard.todaySalesRial).toBe(afterMidnight.totalRial - refundedToday.totalRial);
    expect(dashboard.monthSalesRial).toBe(afterMidnight.totalRial - refundedToday.totalRial);
    expect(dashboard.todayNewCustomers).toBe(1);
    expect(dashboard.monthNewCustomers).toBe(1);
    expect(dashboard.days).toHaveLength(30);
    const [yesterday, today] = dashboard.days.slice(-2);
    // Tehran days are written as their Gregorian date: Nowruz 1406 is 21 March 2027.
    expect(today).toEqual({
      date: '2027-03-21',
      salesRial: afterMidnight.totalRial - refundedToday.totalRial,
      orders: 1,
      newCustomers: 1,
    });
    expect(yesterday).toEqual({
      date: '2027-03-20',
      salesRial: beforeMidnight.totalRial,
      orders: 1,
      newCustomers: 1,
    });
    // The refunded order's payment stays on the day it was paid.
    expect(dashboard.days.find((day) => day.date === '2027-03-11')).toMatchObject({
      salesRial: refundedToday.totalRial,
      orders: 1,
    });
    expect(dashboard.days[0]?.date).toBe('2027-02-20');
  });

  test('on the month’s last day, the month holds every day since its first and nothing before', async () => {
    // 29 Esfand 1405 (1405 is no leap year): the month began on 1 Esfand.
    const lastDay = at(-12 * 60 * minute);
    const dashboard = await readDashboard(t.app.db, lastDay);
    const esfand = parseDateText('1405/12/01');
    const inMonth = dashboard.days.filter((day) => day.date >= '2027-02-20');
    expect(dashboard.days.at(-1)?.date).toBe('2027-03-20');
    expect(esfand.toISOString()).toBe('2027-02-19T20:30:00.000Z');
    expect(dashboard.monthSalesRial).toBe(inMonth.reduce((sum, day) => sum + day.salesRial, 0));
    expect(dashboard.monthNewCustomers).toBe(
      inMonth.reduce((sum, day) => sum + day.newCustomers, 0),
    );
  });
});
