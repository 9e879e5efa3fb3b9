import {
  type CallResult,
  type getServiceDetail,
  type getUserServices,
  SERVICE_EXPIRY_WARNING_DAYS,
  SERVICE_STATUSES,
  type ServiceStatus,
} from '@vitrin/contracts';
import { and, asc, desc, eq, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { timestampText } from '../../lib/list-total';
import {
  afterCursor,
  countByStatus,
  type NewestFirst,
  nextCursorOf,
  pageOffset,
  statusPage,
  withStatus,
} from '../../lib/status-page';
import { tehranDaysBetween } from '../../lib/tehran-days';
import { productGroupsView, productsView, themesView } from '../catalog';
import { cartLinesView, cartsView, orderLinesView, ordersView, pricesOnOffer } from '../orders';
import { isRenewable, SERVICE_NOT_FOUND } from './renewals';
import { services } from './schema';

export type UserService = CallResult<typeof getUserServices>['items'][number];
type ServiceDetail = CallResult<typeof getServiceDetail>;

const DAY_MS = 86_400_000;

/** The end of the "expiring soon" window (red dot, dashboard): SERVICE_EXPIRY_WARNING_DAYS on. */
export function expiryWarningEnd(now: Date): Date {
  return new Date(now.getTime() + SERVICE_EXPIRY_WARNING_DAYS * DAY_MS);
}

/** Active services that run out within the warning window (or have, and the job has not run). */
export function expiringSoon(userId: string, now: Date): SQL {
  return and(
    eq(services.userId, userId),
    eq(services.status, 'active'),
    isNotNull(services.expiresAt),
    lte(services.expiresAt, expiryWarningEnd(now)),
  ) as SQL;
}

const serviceColumns = {
  id: services.id,
  name: services.name,
  status: services.status,
  suspension: services.suspension,
  cycle: services.cycle,
  domainName: services.domainName,
  startsAt: services.startsAt,
  expiresAt: services.expiresAt,
  orderId: services.orderId,
  orderLineId: services.orderLineId,
  productId: productsView.id,
  productSlug: productsView.slug,
  productName: productsView.name,
  productIconUrl: productsView.iconUrl,
  groupName: productGroupsView.name,
  themeId: themesView.id,
  themeSlug: themesView.slug,
  themeName: themesView.name,
  /** The list's cursor: the creation time to the microsecond. */
  createdAtText: timestampText(services.createdAt),
};

/** This user's services matching `where`, with product, group and theme, in `order`. */
function selectServices(db: Database) {
  return db
    .select(serviceColumns)
    .from(services)
    .leftJoin(productsView, eq(productsView.id, services.productId))
    .leftJoin(productGroupsView, eq(productGroupsView.id, productsView.groupId))
    .leftJoin(themesView, eq(themesView.id, services.themeId))
    .$dynamic();
}

type ServiceRow = Awaited<ReturnType<ReturnType<typeof selectServices>['execute']>>[number];

/**
 * Shapes service rows as the panel shows them: days left in Tehran days, and what renewing each
 * costs now for every cycle its product is sold for, with whether a renewal is in the cart.
 */
async function toUserServices(
  db: Database,
  userId: string,
  rows: readonly ServiceRow[],
  now: Date,
): Promise<UserService[]> {
  const productIds = rows.flatMap((row) => (row.productId ? [row.productId] : []));
  const [prices, inCart] = await Promise.all([
    pricesOnOffer(db, productIds),
    renewalsInCart(db, userId),
  ]);
  return rows.map((row) => {
    const offered = row.productId ? (prices.get(row.productId) ?? []) : [];
    const renewable = isRenewable(row) && offered.length > 0;
    // The service's own cycle when still sold, else the shortest one on offer.
    const chosen = offered.find((price) => price.cycle === row.cycle) ?? offered[0];
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      product:
        row.productId && row.productSlug && row.productName && row.productIconUrl
          ? {
              id: row.productId,
              slug: row.productSlug,
              name: row.productName,
              groupName: row.groupName ?? '',
              iconUrl: row.productIconUrl,
            }
          : null,
      cycle: row.cycle,
      domainName: row.domainName,
      theme:
        row.themeId && row.themeSlug && row.themeName
          ? { id: row.themeId, slug: row.themeSlug, name: row.themeName }
          : null,
      startsAt: row.startsAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      daysLeft: row.expiresAt ? tehranDaysBetween(now, row.expiresAt) : null,
      orderId: row.orderId,
      renewal:
        renewable && chosen
          ? {
              cycle: chosen.cycle,
              priceRial: chosen.priceRial,
              cycles: offered.map((price) => ({ cycle: price.cycle, priceRial: price.priceRial })),
              inCart: inCart.has(row.id),
            }
          : null,
    };
  });
}

/** The services this user's cart renews. */
async function renewalsInCart(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ serviceId: cartLinesView.renewServiceId })
    .from(cartLinesView)
    .innerJoin(cartsView, eq(cartsView.id, cartLinesView.cartId))
    .where(and(eq(cartsView.userId, userId), isNotNull(cartLinesView.renewServiceId)));
  return new Set(rows.flatMap((row) => (row.serviceId ? [row.serviceId] : [])));
}

const newestServices: NewestFirst = { time: services.createdAt, key: services.id, keyForm: 'id' };

/**
 * A page of this user's services, newest first, optionally of one status, with counts per
 * status: from `page`, or after the cursor `after` (decision 0033), through `services_user_idx`.
 */
export async function listUserServices(
  db: Database,
  userId: string,
  query: {
    status?: ServiceStatus | undefined;
    page: number;
    pageSize: number;
    after?: string | undefined;
  },
  now: Date = new Date(),
): Promise<CallResult<typeof getUserServices>> {
  const own = eq(services.userId, userId);
  const after = afterCursor(newestServices, query.after);
  const [rows, counts] = await Promise.all([
    selectServices(db)
      .where(and(withStatus(own, services.status, query.status), after))
      .orderBy(desc(services.createdAt), desc(services.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    countByStatus(db, services.status, SERVICE_STATUSES, own),
  ]);
  const nextCursor = nextCursorOf(rows, query.pageSize, (row) => ({
    at: row.createdAtText,
    key: row.id,
  }));
  return statusPage(await toUserServices(db, userId, rows, now), counts, query, nextCursor);
}

/** This user's active services running out within the warning window, soonest first. */
export async function listExpiringServices(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<UserService[]> {
  const rows = await selectServices(db)
    .where(expiringSoon(userId, now))
    .orderBy(asc(services.expiresAt), asc(services.id));
  return toUserServices(db, userId, rows, now);
}

/** How many of this user's active services run out within the warning window (the red dot). */
export async function countExpiringServices(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(services)
    .where(expiringSoon(userId, now));
  return row?.total ?? 0;
}

/**
 * One of this user's services with its history: the order that bought it and every paid order
 * that renewed it, newest first. Another person's service is NOT_FOUND, like a missing one.
 */
export async function findServiceWithHistory(
  db: Database,
  userId: string,
  serviceId: string,
  now: Date = new Date(),
): Promise<ServiceDetail> {
  const [row] = await selectServices(db).where(
    and(eq(services.id, serviceId), eq(services.userId, userId)),
  );
  if (!row) throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
  const [service] = await toUserServices(db, userId, [row], now);
  if (!service) throw new Error('service shaping lost its row');

  // The order that bought it (whatever became of that order since: a refund shows too), and
  // every paid renewal and plan change.
  const lines = await db
    .select({
      orderId: ordersView.id,
      orderNumber: ordersView.number,
      cycle: orderLinesView.cycle,
      // What was paid for the line: its net and its VAT.
      totalRial: sql<number>`${orderLinesView.totalRial} + ${orderLinesView.vatRial}`.mapWith(
        Number,
      ),
      paidAt: ordersView.paidAt,
      renews: orderLinesView.renewsServiceId,
      changes: orderLinesView.changesServiceId,
    })
    .from(orderLinesView)
    .innerJoin(ordersView, eq(ordersView.id, orderLinesView.orderId))
    .where(
      and(
        eq(ordersView.userId, userId),
        or(
          row.orderLineId ? eq(orderLinesView.id, row.orderLineId) : undefined,
          and(
            eq(ordersView.status, 'paid'),
            or(
              eq(orderLinesView.renewsServiceId, row.id),
              eq(orderLinesView.changesServiceId, row.id),
            ),
          ),
        ),
      ),
    );
  const history = lines
    .map(({ renews, changes, ...entry }) => ({
      ...entry,
      kind: renews
        ? ('renewal' as const)
        : changes
          ? ('plan-change' as const)
          : ('purchase' as const),
    }))
    .sort(
      (a, b) =>
        (b.paidAt?.getTime() ?? 0) - (a.paidAt?.getTime() ?? 0) || b.orderNumber - a.orderNumber,
    )
    .map((entry) => ({ ...entry, paidAt: entry.paidAt?.toISOString() ?? null }));
  return { ...service, history };
}
