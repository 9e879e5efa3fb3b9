import type {
  AdminGroupView,
  CallParsed,
  CallResult,
  createCatalogGroup,
  listCatalogGroups,
  PlanLimitKey,
  updateCatalogGroup,
} from '@vitrin/contracts';
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { changedFields, writeAudit } from '../audit';
import { type Actor, checkSlugFree, fieldError, withSlugConflict } from './catalog-write';
import { isPlanLimitKey } from './plan-limits';
import { refreshProductSearchText } from './products.service';
import { groupFeatures, productGroups, products } from './schema';

// Product groups in the staff console (issue 8): a group's fields and the rows of its
// comparison table, whose values each product of the group fills in.

const GROUP_NOT_FOUND = 'این گروه محصول پیدا نشد';
const FEATURE_NOT_IN_GROUP = 'سطری با این شناسه در جدول امکانات این گروه نیست';
const FEATURE_TWICE = 'هر سطر جدول امکانات را فقط یک بار بفرستید';

type GroupRow = typeof productGroups.$inferSelect;

async function viewsOf(db: Database | Transaction, groups: GroupRow[]): Promise<AdminGroupView[]> {
  const ids = groups.map((group) => group.id);
  if (ids.length === 0) return [];
  const [features, counts] = await Promise.all([
    db
      .select()
      .from(groupFeatures)
      .where(inArray(groupFeatures.groupId, ids))
      .orderBy(asc(groupFeatures.sortOrder), asc(groupFeatures.id)),
    db
      .select({ groupId: products.groupId, total: count() })
      .from(products)
      .where(inArray(products.groupId, ids))
      .groupBy(products.groupId),
  ]);
  return groups.map((group) => ({
    id: group.id,
    slug: group.slug,
    name: group.name,
    summary: group.summary,
    iconUrl: group.iconUrl,
    sortOrder: group.sortOrder,
    features: features
      .filter((feature) => feature.groupId === group.id)
      .map((feature) => ({
        id: feature.id,
        label: feature.label,
        limitKey: isPlanLimitKey(feature.limitKey) ? feature.limitKey : null,
      })),
    productCount: counts.find((row) => row.groupId === group.id)?.total ?? 0,
  }));
}

async function findGroupById(db: Database | Transaction, id: string): Promise<AdminGroupView> {
  const [group] = await db.select().from(productGroups).where(eq(productGroups.id, id));
  if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const [view] = await viewsOf(db, [group]);
  if (!view) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return view;
}

/** Every group in the store's order, with its table rows and how many products it holds. */
export async function listGroups(
  db: Database,
  input: CallParsed<typeof listCatalogGroups>,
): Promise<CallResult<typeof listCatalogGroups>> {
  const [groups, [total]] = await Promise.all([
    db
      .select()
      .from(productGroups)
      .orderBy(asc(productGroups.sortOrder), asc(productGroups.slug))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(productGroups),
  ]);
  return {
    items: await viewsOf(db, groups),
    total: total?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

function auditSnapshot(view: AdminGroupView) {
  return {
    slug: view.slug,
    name: view.name,
    summary: view.summary,
    iconUrl: view.iconUrl,
    sortOrder: view.sortOrder,
    features: view.features,
  };
}

/** A new group with the rows of its comparison table. */
export async function createGroup(
  db: Database,
  actor: Actor,
  input: CallParsed<typeof createCatalogGroup>,
): Promise<AdminGroupView> {
  return withSlugConflict(() =>
    db.transaction(async (tx) => {
      await checkSlugFree(tx, productGroups, input.slug);
      const [sortAfter] = await tx
        .select({ next: sql<number>`coalesce(max(${productGroups.sortOrder}), 0) + 1` })
        .from(productGroups);
      const [group] = await tx
        .insert(productGroups)
        .values({
          slug: input.slug,
          name: input.name,
          summary: input.summary,
          iconUrl: input.iconUrl,
          sortOrder: input.sortOrder ?? Number(sortAfter?.next ?? 1),
        })
        .returning({ id: productGroups.id });
      if (!group) throw new Error('group insert returned no row');
      if (input.features.length > 0) {
        await tx.insert(groupFeatures).values(
          input.features.map((feature, index) => ({
            groupId: group.id,
            label: feature.label,
            limitKey: feature.limitKey,
            sortOrder: index + 1,
          })),
        );
      }
      const view = await findGroupById(tx, group.id);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'group.create',
        entityType: 'product-group',
        entityId: group.id,
        after: auditSnapshot(view),
        ipAddress: actor.ipAddress,
      });
      return view;
    }),
  );
}

/**
 * Changes the fields sent. A features list, when sent, is the whole table in order: rows with
 * an id keep their products' values, rows without one are new, rows left out are removed with
 * their values.
 */
export async function updateGroup(
  db: Database,
  actor: Actor,
  input: CallParsed<typeof updateCatalogGroup>,
): Promise<{ view: AdminGroupView; changed: boolean }> {
  return withSlugConflict(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(productGroups)
        .where(eq(productGroups.id, input.id))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
      const before = auditSnapshot(await findGroupById(tx, current.id));
      if (input.slug !== undefined && input.slug !== current.slug) {
        await checkSlugFree(tx, productGroups, input.slug, current.id);
      }
      const { id: _id, features, ...fields } = input;
      const columns = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as Partial<typeof productGroups.$inferInsert>;
      if (Object.keys(columns).length > 0) {
        await tx.update(productGroups).set(columns).where(eq(productGroups.id, current.id));
      }
      if (features !== undefined) await replaceFeatures(tx, current.id, features);
      const after = auditSnapshot(await findGroupById(tx, current.id));
      const diff = changedFields(before, after);
      if (Object.keys(diff.after).length === 0) {
        return { view: await findGroupById(tx, current.id), changed: false };
      }
      if (diff.after.name !== undefined || diff.after.features !== undefined) {
        // The group's name and its products' values are part of each product's search text.
        const members = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.groupId, current.id));
        for (const member of members) await refreshProductSearchText(tx, member.id);
      }
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'group.update',
        entityType: 'product-group',
        entityId: current.id,
        before: diff.before,
        after: diff.after,
        ipAddress: actor.ipAddress,
      });
      return { view: await findGroupById(tx, current.id), changed: true };
    }),
  );
}

async function replaceFeatures(
  tx: Transaction,
  groupId: string,
  features: ReadonlyArray<{
    id?: string | undefined;
    label: string;
    limitKey: PlanLimitKey | null;
  }>,
): Promise<void> {
  const keptIds = features.flatMap((feature) => (feature.id ? [feature.id] : []));
  if (new Set(keptIds).size !== keptIds.length) throw fieldError('features', FEATURE_TWICE);
  if (keptIds.length > 0) {
    const known = await tx
      .select({ id: groupFeatures.id })
      .from(groupFeatures)
      .where(and(eq(groupFeatures.groupId, groupId), inArray(groupFeatures.id, keptIds)));
    if (known.length !== keptIds.length) throw fieldError('features', FEATURE_NOT_IN_GROUP);
  }
  // Removing a row removes every product's value for it (ON DELETE CASCADE).
  await tx
    .delete(groupFeatures)
    .where(
      and(
        eq(groupFeatures.groupId, groupId),
        keptIds.length > 0 ? notInArray(groupFeatures.id, keptIds) : undefined,
      ),
    );
  for (const [index, feature] of features.entries()) {
    if (feature.id) {
      await tx
        .update(groupFeatures)
        .set({ label: feature.label, limitKey: feature.limitKey, sortOrder: index + 1 })
        .where(eq(groupFeatures.id, feature.id));
    } else {
      await tx.insert(groupFeatures).values({
        groupId,
        label: feature.label,
        limitKey: feature.limitKey,
        sortOrder: index + 1,
      });
    }
  }
}
