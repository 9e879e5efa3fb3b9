import type { adminGetDashboard, CallResult } from '@vitrin/contracts';
import { parseDateText, toJalaliParts } from '@vitrin/fa';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tehranDay, tehranDayOf } from '../../lib/tehran-days';
import { peopleView } from '../accounts';
import { ordersView } from '../orders';
import { ticketsView } from '../tickets';

// The console's dashboard (issue 8). Sales are cash-basis: an order counts on the Tehran day it
// was paid, and a refund takes its amount off on the day it was refunded, so a day's figure
// never changes after the day has passed.

export const DASHBOARD_DAYS = 30;

type Dashboard = CallResult<typeof adminGetDashboard>;

/** `YYYY-MM-DD` plus whole calendar days (no clock involved). */
function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (date ?? 1) + days))
    .toISOString()
    .slice(0, 10);
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The figures of the dashboard as of `now`. */
export async function readDashboard(db: Database, now: Date = new Date()): Promise<Dashboard> {
  const today = tehranDay(now);
  const firstDay = addDays(today, -(DASHBOARD_DAYS - 1));
  const { year, month } = toJalaliParts(now);
  const monthStart = parseDateText(`${year}/${month}/1`);
  // The window reaches back to whichever is earlier: 30 days ago or the Jalali month's start.
  const from = [firstDay, tehranDay(monthStart)].sort()[0] ?? firstDay;
  // The window's first instant, so each query ranges over an index on the bare timestamp
  // instead of working out every row's Tehran day (decision 0031).
  const windowStart = sql`(${from}::date::timestamp at time zone 'Asia/Tehran')`;

  const [movements, signups, [ticketCount], [orderCount]] = await Promise.all([
    db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, sum(amount)::bigint as amount, sum(paid)::int as paid
      from (
        select ${tehranDayOf(ordersView.paidAt)} as day, ${ordersView.totalRial} as amount, 1 as paid
        from ${ordersView}
        where ${ordersView.status} in ('paid', 'refunded') and ${ordersView.paidAt} >= ${windowStart}
        union all
        select ${tehranDayOf(ordersView.refundedAt)}, -${ordersView.totalRial}, 0
        from ${ordersView}
        where ${ordersView.status} = 'refunded' and ${ordersView.refundedAt} >= ${windowStart}
      ) movements
      group by day`),
    db.execute(sql`
      select to_char(${tehranDayOf(peopleView.createdAt)}, 'YYYY-MM-DD') as day, count(*)::int as people
      from ${peopleView}
      where ${peopleView.role} = 'customer' and ${peopleView.createdAt} >= ${windowStart}
      group by 1`),
    db
      .select({ openTickets: sql<number>`count(*)`.mapWith(Number) })
      .from(ticketsView)
      .where(sql`${ticketsView.status} <> 'closed'`),
    db
      .select({ pendingOrders: sql<number>`count(*)`.mapWith(Number) })
      .from(ordersView)
      .where(sql`${ordersView.status} = 'pending'`),
  ]);
  const sales = new Map(
    rowsOf<{ day: string; amount: string | number; paid: number }>(movements).map((row) => [
      row.day,
      { salesRial: Number(row.amount), orders: Number(row.paid) },
    ]),
  );
  const people = new Map(
    rowsOf<{ day: string; people: number }>(signups).map((row) => [row.day, Number(row.people)]),
  );
  const monthFirstDay = tehranDay(monthStart);
  let monthSalesRial = 0;
  let monthNewCustomers = 0;
  for (let day = monthFirstDay; day <= today; day = addDays(day, 1)) {
    monthSalesRial += sales.get(day)?.salesRial ?? 0;
    monthNewCustomers += people.get(day) ?? 0;
  }
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
    const date = addDays(firstDay, index);
    return {
      date,
      salesRial: sales.get(date)?.salesRial ?? 0,
      orders: sales.get(date)?.orders ?? 0,
      newCustomers: people.get(date) ?? 0,
    };
  });
  return {
    todaySalesRial: sales.get(today)?.salesRial ?? 0,
    monthSalesRial,
    todayNewCustomers: people.get(today) ?? 0,
    monthNewCustomers,
    openTickets: ticketCount?.openTickets ?? 0,
    pendingOrders: orderCount?.pendingOrders ?? 0,
    days,
  };
}
