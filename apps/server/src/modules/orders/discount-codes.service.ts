import type { AuditAction, DiscountCodeView } from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { peopleView, personFields, personName } from '../accounts';
import { changedFields, writeAudit } from '../audit';
import { productGroupsView, productsView } from '../catalog';
import { discountCodes, orders } from './schema';

// Discount codes in the staff console (issue 8): every rule checkout's discount-rules.ts reads,
// with the uses so far. Amounts are Rial in whole Toman, as the checkout's discounts are.

type CodeRow = typeof discountCodes.$inferSelect;
type CodeRules = Omit<CodeRow, 'id' | 'code' | 'usedCount' | 'createdAt'>;

const CODE_NOT_FOUND = 'این کد تخفیف پیدا نشد';
const CODE_TAKEN = 'این کد تخفیف پیش‌تر ساخته شده است؛ کد دیگری بنویسید';
const WHOLE_TOMAN = 'مبلغ باید تومان کامل باشد (مضربی از ۱۰ ریال)';
const TOP_BUYERS = 10;

/** What a request may set; absent fields keep their value (or the default when creating). */
export interface CodeRulesInput {
  title?: string | undefined;
  kind?: CodeRow['kind'] | undefined;
  value?: number | undefined;
  maxDiscountRial?: number | null | undefined;
  minCartRial?: number | null | undefined;
  startsAt?: Date | null | undefined;
  endsAt?: Date | null | undefined;
  usageLimit?: number | null | undefined;
  perUserLimit?: number | null | undefined;
  productIds?: string[] | undefined;
  groupIds?: string[] | undefined;
  firstOrderOnly?: boolean | undefined;
  listed?: boolean | undefined;
  userId?: string | null | undefined;
  active?: boolean | undefined;
}

const DEFAULT_RULES: Omit<CodeRules, 'title' | 'kind' | 'value'> = {
  maxDiscountRial: null,
  minCartRial: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perUserLimit: null,
  productIds: [],
  groupIds: [],
  firstOrderOnly: false,
  listed: false,
  userId: null,
  active: true,
};

function definedOnly(input: CodeRulesInput): Partial<CodeRules> {
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as Partial<CodeRules>;
}

/**
 * The rules that span fields or need the database, as field errors: checked against the code as
 * it would be after the change, so create and update answer alike.
 */
async function rulesProblems(
  db: Database,
  rules: CodeRules,
  usedCount: number,
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  if (rules.kind === 'percent' && rules.value > 100) {
    fields.value = 'درصد تخفیف باید بین ۱ و ۱۰۰ باشد';
  }
  if (rules.kind === 'fixed' && rules.value % 10 !== 0) fields.value = WHOLE_TOMAN;
  if (rules.maxDiscountRial !== null) {
    if (rules.kind === 'fixed') {
      fields.maxDiscountRial = 'سقف تخفیف فقط برای کد درصدی است';
    } else if (rules.maxDiscountRial < 10 || rules.maxDiscountRial % 10 !== 0) {
      fields.maxDiscountRial = WHOLE_TOMAN;
    }
  }
  if (rules.minCartRial !== null && rules.minCartRial % 10 !== 0) {
    fields.minCartRial = WHOLE_TOMAN;
  }
  if (rules.startsAt && rules.endsAt && rules.endsAt <= rules.startsAt) {
    fields.endsAt = 'پایان اعتبار باید پس از شروع آن باشد';
  }
  if (rules.usageLimit !== null && rules.usageLimit < usedCount) {
    fields.usageLimit = `ظرفیت از دفعات استفادهٔ تا کنون (${toPersianDigits(usedCount)}) کمتر نمی‌شود`;
  }
  if (rules.productIds.length > 0) {
    const found = await db
      .select({ id: productsView.id })
      .from(productsView)
      .where(inArray(productsView.id, [...new Set(rules.productIds)]));
    if (found.length !== new Set(rules.productIds).size) {
      fields.productIds = 'برخی از محصولات انتخاب‌شده پیدا نشدند';
    }
  }
  if (rules.groupIds.length > 0) {
    const found = await db
      .select({ id: productGroupsView.id })
      .from(productGroupsView)
      .where(inArray(productGroupsView.id, [...new Set(rules.groupIds)]));
    if (found.length !== new Set(rules.groupIds).size) {
      fields.groupIds = 'برخی از گروه‌های انتخاب‌شده پیدا نشدند';
    }
  }
  if (rules.userId) {
    const [owner] = await db
      .select({ id: peopleView.id })
      .from(peopleView)
      .where(eq(peopleView.id, rules.userId));
    if (!owner) fields.userId = 'این مشتری پیدا نشد';
  }
  return fields;
}

function refuseProblems(fields: Record<string, string>): void {
  const messages = Object.values(fields);
  if (messages.length > 0) throw new AppError('VALIDATION', messages[0], { fields });
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function codeTaken(): AppError {
  return new AppError('CONFLICT', CODE_TAKEN, { fields: { code: CODE_TAKEN } });
}

/** The audit's picture of a code: its rules, dates as instants. */
function auditView(row: CodeRow | (CodeRules & { code: string })) {
  const { code, title, kind, value, ...rest } = row as CodeRow;
  return {
    code,
    title,
    kind,
    value,
    maxDiscountRial: rest.maxDiscountRial,
    minCartRial: rest.minCartRial,
    startsAt: rest.startsAt,
    endsAt: rest.endsAt,
    usageLimit: rest.usageLimit,
    perUserLimit: rest.perUserLimit,
    productIds: rest.productIds,
    groupIds: rest.groupIds,
    firstOrderOnly: rest.firstOrderOnly,
    listed: rest.listed,
    userId: rest.userId,
    active: rest.active,
  };
}

/** Creates a code; CONFLICT on the field when the text is taken. */
export async function createDiscountCode(
  db: Database,
  input: CodeRulesInput & { code: string; title: string; kind: CodeRow['kind']; value: number },
  actor: Actor,
): Promise<DiscountCodeView> {
  const { code, ...given } = input;
  const rules: CodeRules = {
    ...DEFAULT_RULES,
    ...(definedOnly(given) as CodeRules),
  };
  refuseProblems(await rulesProblems(db, rules, 0));
  const [existing] = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.code, code));
  if (existing) throw codeTaken();
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(discountCodes)
        .values({ code, ...rules })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'discount-code.create',
        entityType: 'discount-code',
        entityId: row.id,
        after: auditView(row),
        ipAddress: actor.ipAddress,
      });
      return row.id;
    });
    return getDiscountCodeView(db, id);
  } catch (error) {
    // Another writer took the same text between our check and our insert.
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** Changes a code's rules (not its text); only what changed goes to the audit row. */
export async function updateDiscountCode(
  db: Database,
  id: string,
  input: CodeRulesInput,
  actor: Actor,
  action: AuditAction = 'discount-code.update',
): Promise<DiscountCodeView> {
  await db.transaction(async (tx) => {
    // Locked: a submit claiming a use waits, so the usage limit is checked against the count.
    const [row] = await tx
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.id, id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', CODE_NOT_FOUND);
    const patch = definedOnly(input);
    const rules: CodeRules = { ...row, ...patch };
    refuseProblems(await rulesProblems(tx, rules, row.usedCount));
    const { before, after } = changedFields(auditView(row), auditView({ ...row, ...patch }));
    if (Object.keys(after).length === 0) return;
    await tx.update(discountCodes).set(patch).where(eq(discountCodes.id, id));
    await writeAudit(tx, {
      actorId: actor.id,
      action,
      entityType: 'discount-code',
      entityId: id,
      before,
      after,
      ipAddress: actor.ipAddress,
    });
  });
  return getDiscountCodeView(db, id);
}

export function setDiscountCodeActive(db: Database, id: string, active: boolean, actor: Actor) {
  return updateDiscountCode(
    db,
    id,
    { active },
    actor,
    active ? 'discount-code.activate' : 'discount-code.deactivate',
  );
}

/** Codes newest first, with who holds their uses. */
export async function listDiscountCodes(
  db: Database,
  filters: { query?: string | undefined; active?: boolean | undefined },
  paging: { page: number; pageSize: number },
): Promise<{ items: DiscountCodeView[]; total: number }> {
  const conditions: SQL[] = [];
  const query = filters.query?.trim();
  if (query) {
    const pattern = `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const either = or(ilike(discountCodes.code, pattern), ilike(discountCodes.title, pattern));
    if (either) conditions.push(either);
  }
  if (filters.active !== undefined) conditions.push(eq(discountCodes.active, filters.active));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(where)
      .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ total: count() }).from(discountCodes).where(where),
  ]);
  return {
    items: await discountCodeViews(
      db,
      rows.map((row) => row.id),
    ),
    total: counted?.total ?? 0,
  };
}

export async function getDiscountCodeView(db: Database, id: string): Promise<DiscountCodeView> {
  const [view] = await discountCodeViews(db, [id]);
  if (!view) throw new AppError('NOT_FOUND', CODE_NOT_FOUND);
  return view;
}

/** The codes with these ids, in this order, with their owners and their uses per person. */
async function discountCodeViews(
  db: Database,
  ids: readonly string[],
): Promise<DiscountCodeView[]> {
  if (ids.length === 0) return [];
  const [rows, uses] = await Promise.all([
    db
      .select({ code: discountCodes, owner: personFields })
      .from(discountCodes)
      .leftJoin(peopleView, eq(peopleView.id, discountCodes.userId))
      .where(inArray(discountCodes.id, [...ids])),
    // A use is an order holding the code: pending or paid, as the checkout counts them.
    db
      .select({
        codeId: orders.discountCodeId,
        userId: peopleView.id,
        firstName: peopleView.firstName,
        lastName: peopleView.lastName,
        mobile: peopleView.mobile,
        uses: sql<number>`count(*)`.mapWith(Number),
      })
      .from(orders)
      .innerJoin(peopleView, eq(peopleView.id, orders.userId))
      .where(
        and(inArray(orders.discountCodeId, [...ids]), inArray(orders.status, ['pending', 'paid'])),
      )
      // Each person column selected is grouped: PostgreSQL lets a table's key stand for its other
      // columns, not a view's (one person per id, so the groups are the same).
      .groupBy(
        orders.discountCodeId,
        peopleView.id,
        peopleView.firstName,
        peopleView.lastName,
        peopleView.mobile,
      )
      .orderBy(desc(sql`count(*)`), peopleView.mobile),
  ]);
  const byId = new Map(rows.map((row) => [row.code.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { code, owner } = row;
    const buyers = uses.filter((use) => use.codeId === id);
    return [
      {
        id: code.id,
        code: code.code,
        title: code.title,
        kind: code.kind,
        value: code.value,
        maxDiscountRial: code.maxDiscountRial,
        minCartRial: code.minCartRial,
        startsAt: code.startsAt?.toISOString() ?? null,
        endsAt: code.endsAt?.toISOString() ?? null,
        usageLimit: code.usageLimit,
        usedCount: code.usedCount,
        perUserLimit: code.perUserLimit,
        productIds: code.productIds,
        groupIds: code.groupIds,
        firstOrderOnly: code.firstOrderOnly,
        active: code.active,
        listed: code.listed,
        user: owner ? { id: owner.id, name: personName(owner), mobile: owner.mobile } : null,
        createdAt: code.createdAt.toISOString(),
        buyersCount: buyers.length,
        topBuyers: buyers.slice(0, TOP_BUYERS).map((use) => ({
          customer: { id: use.userId, name: personName(use), mobile: use.mobile },
          uses: use.uses,
        })),
      },
    ];
  });
}
