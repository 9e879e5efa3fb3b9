import {
  type AdminServiceView,
  type CallParsed,
  CUSTOMER_FILE_SERVICES,
  type CustomerDetail,
  type CustomerRow,
  type listCustomerServices as listCustomerServicesCall,
  type searchCustomers,
} from '@vitrin/contracts';
import { and, count, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  EXACT_TOTAL_LIMIT,
  encodeCursor,
  type ListTotal,
  listTotal,
  readCursor,
  SEARCH_EXACT_TOTAL_LIMIT,
  timestampText,
  UUID_KEY,
} from '../../lib/list-total';
import { matchesSearchQuery, mobileMatches } from '../../lib/search-sql';
import { findOpenSessionsByUserId, findUserById, peopleView } from '../accounts';
import { ordersView } from '../orders';
import { adminServiceViewOf, servicesView } from '../services';
import { readBalance, walletsView, walletTransactionsView } from '../wallet';

// The staff console's customer views (issue 8): search and the customer's file. Read-only;
// support and admins both use them. A customer's file spans accounts, orders, services and the
// wallet, so it lives in this module, above all of them (decision 0036).

export const CUSTOMER_NOT_FOUND_MESSAGE = 'این مشتری پیدا نشد';
const LATEST_ROWS = 10;

export function displayName(user: {
  firstName: string | null;
  lastName: string | null;
}): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
}

/** A mobile number or a part of one, as people type it (lib/search-sql.ts). */
function mobileCondition(query: string): SQL | undefined {
  return mobileMatches(peopleView.mobile, query);
}

/**
 * Every word of the query in the name or the e-mail, as packages/fa folds them (Arabic ي/ك,
 * half-spaces, Persian digits, case): `search_text` holds them folded (lib/search-fold.ts) and
 * its trigram index answers words of three letters or more; shorter ones read every row's
 * stored text, which no index can narrow (decision 0031).
 */
function textCondition(query: string): SQL | undefined {
  return matchesSearchQuery(peopleView.searchText, query);
}

// Drizzle writes a column of the selected table without its table name; inside a subquery that
// name would bind to the subquery's own table, so the outer person is named in full.
const outerUserId = sql`${sql.identifier(peopleView._.alias)}.${sql.identifier('id')}`;
const serviceCountOf = sql<number>`(select count(*) from ${servicesView} where ${servicesView.userId} = ${outerUserId})`;
const orderCountOf = sql<number>`(select count(*) from ${ordersView} where ${ordersView.userId} = ${outerUserId})`;
const balanceOf = sql<number>`coalesce((select ${walletsView.balanceRial} from ${walletsView} where ${walletsView.userId} = ${outerUserId}), 0)`;

/** Rows after the cursor's row, newest first (decision 0031). */
function afterCursor(after: string): SQL {
  const cursor = readCursor(after, UUID_KEY);
  return sql`(${peopleView.createdAt}, ${peopleView.id}) < (${cursor.at}::timestamptz, ${cursor.key}::uuid)`;
}

/**
 * Customers (and staff) by mobile, name or e-mail, role and lock, newest first: a page from
 * `page`, or after the cursor `after`.
 */
export async function searchCustomerRows(
  db: Database,
  query: CallParsed<typeof searchCustomers>,
): Promise<{ items: CustomerRow[]; nextCursor: string | null } & ListTotal> {
  const conditions: SQL[] = [];
  const text = query.query?.trim();
  if (text) {
    const matches = [mobileCondition(text), textCondition(text)].filter(
      (condition): condition is SQL => condition !== undefined,
    );
    // A query of separators only asks for nothing in particular.
    const match = or(...matches);
    if (match) conditions.push(match);
  }
  if (query.role) conditions.push(eq(peopleView.role, query.role));
  if (query.locked !== undefined) {
    conditions.push(query.locked ? isNotNull(peopleView.lockedAt) : isNull(peopleView.lockedAt));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // The page's ids first: each row's counts are then worked out for its 20 rows only, not
  // for every row an offset skips.
  const page = db
    .select({ id: peopleView.id })
    .from(peopleView)
    .where(query.after ? and(where, afterCursor(query.after)) : where)
    .orderBy(desc(peopleView.createdAt), desc(peopleView.id))
    .limit(query.pageSize)
    .offset(query.after ? 0 : (query.page - 1) * query.pageSize)
    .as('page');
  const [rows, counted] = await Promise.all([
    db
      .select({
        user: {
          id: peopleView.id,
          firstName: peopleView.firstName,
          lastName: peopleView.lastName,
          mobile: peopleView.mobile,
          email: peopleView.email,
          role: peopleView.role,
          lockedAt: peopleView.lockedAt,
          createdAt: peopleView.createdAt,
        },
        createdAtText: timestampText(peopleView.createdAt),
        serviceCount: serviceCountOf.mapWith(Number),
        orderCount: orderCountOf.mapWith(Number),
        walletBalanceRial: balanceOf.mapWith(Number),
      })
      .from(peopleView)
      .innerJoin(page, eq(page.id, peopleView.id))
      .orderBy(desc(peopleView.createdAt), desc(peopleView.id)),
    listTotal(
      db,
      db.select({ one: sql`1` }).from(peopleView).where(where),
      text ? SEARCH_EXACT_TOTAL_LIMIT : EXACT_TOTAL_LIMIT,
    ),
  ]);
  const last = rows.at(-1);
  const nextCursor =
    last && rows.length === query.pageSize
      ? encodeCursor({ at: last.createdAtText, key: last.user.id })
      : null;
  return {
    items: rows.map(({ user, serviceCount, orderCount, walletBalanceRial }) => ({
      id: user.id,
      name: displayName(user),
      mobile: user.mobile,
      email: user.email,
      role: user.role,
      lockedAt: user.lockedAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
      serviceCount,
      orderCount,
      walletBalanceRial,
    })),
    ...counted,
    nextCursor,
  };
}

/** What the console shows of a service (adminServiceViewOf). */
const serviceFields = {
  id: servicesView.id,
  userId: servicesView.userId,
  name: servicesView.name,
  status: servicesView.status,
  cycle: servicesView.cycle,
  domainName: servicesView.domainName,
  orderId: servicesView.orderId,
  startsAt: servicesView.startsAt,
  expiresAt: servicesView.expiresAt,
  createdAt: servicesView.createdAt,
};

/**
 * One page of a customer's services, newest first, from `page` or after the cursor `after`,
 * read through services_user_idx (user, created_at, id) as far as the page goes, and their
 * count (exact up to EXACT_TOTAL_LIMIT).
 */
export async function findCustomerServices(
  db: Database,
  userId: string,
  query: { page: number; pageSize: number; after?: string | undefined },
): Promise<{ items: AdminServiceView[]; nextCursor: string | null } & ListTotal> {
  const mine = eq(servicesView.userId, userId);
  const cursor = query.after ? readCursor(query.after, UUID_KEY) : null;
  const [rows, counted] = await Promise.all([
    db
      .select({ service: serviceFields, createdAtText: timestampText(servicesView.createdAt) })
      .from(servicesView)
      .where(
        cursor
          ? and(
              mine,
              sql`(${servicesView.createdAt}, ${servicesView.id}) < (${cursor.at}::timestamptz, ${cursor.key}::uuid)`,
            )
          : mine,
      )
      .orderBy(desc(servicesView.createdAt), desc(servicesView.id))
      .limit(query.pageSize)
      .offset(cursor ? 0 : (query.page - 1) * query.pageSize),
    listTotal(db, db.select({ one: sql`1` }).from(servicesView).where(mine)),
  ]);
  const last = rows.at(-1);
  const nextCursor =
    last && rows.length === query.pageSize
      ? encodeCursor({ at: last.createdAtText, key: last.service.id })
      : null;
  return { items: rows.map((row) => adminServiceViewOf(row.service)), nextCursor, ...counted };
}

/** The services of the customer `userId`, or NOT_FOUND when there is no such person. */
export async function listServicesOfCustomer(
  db: Database,
  query: CallParsed<typeof listCustomerServicesCall>,
) {
  const user = await findUserById(db, query.userId);
  if (!user) throw new AppError('NOT_FOUND', CUSTOMER_NOT_FOUND_MESSAGE);
  const found = await findCustomerServices(db, query.userId, query);
  return { ...found, page: query.page, pageSize: query.pageSize };
}

/**
 * A customer's file: profile, the newest services and how many there are, latest orders and
 * ledger rows, open sessions. Each part is read only as far as the file shows it, so the file
 * of a customer with thousands of services costs what a new customer's does (decision 0031).
 */
export async function findCustomerDetail(db: Database, userId: string): Promise<CustomerDetail> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', CUSTOMER_NOT_FOUND_MESSAGE);
  const [serviceRows, orderRows, [orderTotal], balanceRial, ledger, sessions] = await Promise.all([
    findCustomerServices(db, userId, { page: 1, pageSize: CUSTOMER_FILE_SERVICES }),
    db
      .select()
      .from(ordersView)
      .where(eq(ordersView.userId, userId))
      .orderBy(desc(ordersView.createdAt), desc(ordersView.number))
      .limit(LATEST_ROWS),
    db.select({ total: count() }).from(ordersView).where(eq(ordersView.userId, userId)),
    readBalance(db, userId),
    db
      .select()
      .from(walletTransactionsView)
      .where(eq(walletTransactionsView.userId, userId))
      .orderBy(desc(walletTransactionsView.createdAt), desc(walletTransactionsView.id))
      .limit(LATEST_ROWS),
    findOpenSessionsByUserId(db, userId),
  ]);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    name: displayName(user),
    mobile: user.mobile,
    email: user.email,
    role: user.role,
    mobileVerifiedAt: user.mobileVerifiedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    lockedAt: user.lockedAt?.toISOString() ?? null,
    lockedReason: user.lockedReason,
    openSessionCount: sessions.length,
    services: serviceRows.items,
    serviceCount: serviceRows.total,
    servicesNextCursor: serviceRows.nextCursor,
    orderCount: orderTotal?.total ?? 0,
    latestOrders: orderRows.map((order) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      totalRial: order.totalRial,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      closedAt: order.closedAt?.toISOString() ?? null,
      refundedAt: order.refundedAt?.toISOString() ?? null,
    })),
    wallet: {
      balanceRial,
      latestTransactions: ledger.map((row) => ({
        id: row.id,
        amountRial: row.amountRial,
        reason: row.reason,
        description: row.description,
        orderId: row.orderId,
        balanceAfterRial: row.balanceAfterRial,
        createdAt: row.createdAt.toISOString(),
      })),
    },
  };
}
