import type { CallResult, getDiscounts } from '@vitrin/contracts';
import { formatToman, toPersianDigits } from '@vitrin/fa';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { productGroupsView, productsView } from '../catalog';
import { codeProblem, type DiscountCode, describeDiscount } from './discount-rules';
import { discountCodes, orders } from './schema';

type Discounts = CallResult<typeof getDiscounts>;
type AvailableDiscount = Discounts['available'][number];

/**
 * The codes this person may use now (issue 6, docs/decisions/0013): listed codes and their own
 * personal ones, leaving out any they can no longer use (not started, ended, used up, their
 * share used, first order only after they have ordered); and the codes their orders carried.
 */
export async function listDiscounts(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<Discounts> {
  const [codes, history, used] = await Promise.all([
    db
      .select()
      .from(discountCodes)
      .where(
        and(
          eq(discountCodes.active, true),
          or(
            and(eq(discountCodes.listed, true), isNull(discountCodes.userId)),
            eq(discountCodes.userId, userId),
          ),
        ),
      ),
    buyerOrders(db, userId),
    db
      .select({
        code: orders.discountCode,
        orderId: orders.id,
        orderNumber: orders.number,
        orderStatus: orders.status,
        discountRial: orders.discountRial,
        usedAt: orders.createdAt,
      })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          isNotNull(orders.discountCode),
          inArray(orders.status, ['pending', 'paid']),
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.number)),
  ]);

  const usable = codes.filter((code) => {
    const buyer = {
      userId,
      usesOfCode: history.usesByCode.get(code.id) ?? 0,
      pendingOrPaidOrders: history.pendingOrPaidOrders,
    };
    return codeProblem(code, buyer, now) === null;
  });
  const names = await restrictionNames(db, usable);
  const available: AvailableDiscount[] = usable
    .map((code) => ({
      code: code.code,
      description: describeDiscount(code),
      conditions: conditionsOf(code, names),
      personal: code.userId !== null,
      endsAt: code.endsAt?.toISOString() ?? null,
      usesLeft: usesLeft(code, history.usesByCode.get(code.id) ?? 0),
    }))
    // Their own codes first, then the one that ends soonest.
    .sort(
      (a, b) =>
        Number(b.personal) - Number(a.personal) ||
        (a.endsAt ? Date.parse(a.endsAt) : Number.POSITIVE_INFINITY) -
          (b.endsAt ? Date.parse(b.endsAt) : Number.POSITIVE_INFINITY) ||
        a.code.localeCompare(b.code),
    );

  return {
    available,
    used: used.map((row) => ({
      code: row.code ?? '',
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      orderStatus: row.orderStatus,
      discountRial: row.discountRial,
      usedAt: row.usedAt.toISOString(),
    })),
  };
}

/** What the per-user and first-order rules need, for every code at once. */
async function buyerOrders(db: Database, userId: string) {
  const rows = await db
    .select({ codeId: orders.discountCodeId, total: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ['pending', 'paid'])))
    .groupBy(orders.discountCodeId);
  const usesByCode = new Map<string, number>();
  let pendingOrPaidOrders = 0;
  for (const row of rows) {
    pendingOrPaidOrders += row.total;
    if (row.codeId) usesByCode.set(row.codeId, row.total);
  }
  return { usesByCode, pendingOrPaidOrders };
}

/** How many more times this person may use the code: their share and the uses left overall. */
function usesLeft(code: DiscountCode, usedByThem: number): number | null {
  const limits = [
    code.perUserLimit === null ? null : code.perUserLimit - usedByThem,
    code.usageLimit === null ? null : code.usageLimit - code.usedCount,
  ].filter((limit): limit is number => limit !== null);
  return limits.length === 0 ? null : Math.max(0, Math.min(...limits));
}

interface RestrictionNames {
  products: Map<string, string>;
  groups: Map<string, string>;
}

async function restrictionNames(
  db: Database,
  codes: readonly DiscountCode[],
): Promise<RestrictionNames> {
  const productIds = codes.flatMap((code) => code.productIds);
  const groupIds = codes.flatMap((code) => code.groupIds);
  const [productNames, groupNames] = await Promise.all([
    namesById(db, productsView, productIds),
    namesById(db, productGroupsView, groupIds),
  ]);
  return { products: productNames, groups: groupNames };
}

/** The names of these products or groups by id; no query when there are none. */
async function namesById(
  db: Database,
  table: typeof productsView | typeof productGroupsView,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The code's conditions as a person reads them: «فقط سفارش اول»، «فقط سایت‌ساز». */
export function conditionsOf(code: DiscountCode, names: RestrictionNames): string[] {
  const conditions: string[] = [];
  if (code.minCartRial !== null) {
    conditions.push(`برای خریدهای دست‌کم ${formatToman(code.minCartRial)}`);
  }
  if (code.maxDiscountRial !== null) {
    conditions.push(`سقف تخفیف ${formatToman(code.maxDiscountRial)}`);
  }
  const covered = [
    ...code.groupIds.map((id) => names.groups.get(id)),
    ...code.productIds.map((id) => names.products.get(id)),
  ].filter((name): name is string => name !== undefined);
  if (covered.length > 0) conditions.push(`فقط ${covered.join('، ')}`);
  if (code.firstOrderOnly) conditions.push('فقط سفارش اول');
  if (code.perUserLimit !== null) {
    conditions.push(
      code.perUserLimit === 1
        ? 'هر حساب یک بار'
        : `هر حساب ${toPersianDigits(code.perUserLimit)} بار`,
    );
  }
  return conditions;
}
