import type {
  AdminThemeView,
  CallParsed,
  CallResult,
  createCatalogTheme,
  getCatalogTheme,
  listCatalogThemes,
  updateCatalogTheme,
} from '@vitrin/contracts';
import { searchableText } from '@vitrin/fa';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { matchesSearchQuery, titleMatchFirst } from '../../lib/search-sql';
import { changedFields, writeAudit } from '../audit';
import {
  type Actor,
  checkSlugFree,
  fieldError,
  requireCategory,
  withSlugConflict,
} from './catalog-write';
import { products, productThemes, themeCategories, themes } from './schema';

// Themes (site templates) in the staff console (issue 8): a new theme is hidden until an admin
// publishes it; its preview images are uploaded first (theme-images.ts) and named by path.

const THEME_NOT_FOUND = 'این قالب پیدا نشد';
const CATEGORY_NOT_FOUND = 'این دستهٔ قالب پیدا نشد';
const NOT_A_BUILDER = 'قالب فقط به محصولات سایت‌سازی که قالب می‌گیرند افزوده می‌شود';

type ThemeRow = typeof themes.$inferSelect;

async function viewsOf(
  db: Database | Transaction,
  rows: Array<{ theme: ThemeRow; categoryName: string }>,
): Promise<AdminThemeView[]> {
  const ids = rows.map((row) => row.theme.id);
  const offers =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(productThemes)
          .where(inArray(productThemes.themeId, ids))
          .orderBy(asc(productThemes.productId));
  return rows.map(({ theme, categoryName }) => ({
    id: theme.id,
    slug: theme.slug,
    name: theme.name,
    category: { slug: theme.categorySlug, name: categoryName },
    tags: theme.tags,
    previewUrls: theme.previewUrls,
    isFree: theme.isFree,
    price: theme.priceRial,
    popularity: theme.popularity,
    status: theme.status,
    productIds: offers
      .filter((offer) => offer.themeId === theme.id)
      .map((offer) => offer.productId),
    createdAt: theme.createdAt.toISOString(),
  }));
}

function selectThemes(db: Database | Transaction) {
  return db
    .select({ theme: themes, categoryName: themeCategories.name })
    .from(themes)
    .innerJoin(themeCategories, eq(themeCategories.slug, themes.categorySlug));
}

async function findThemeById(db: Database | Transaction, id: string): Promise<AdminThemeView> {
  const [view] = await viewsOf(db, await selectThemes(db).where(eq(themes.id, id)));
  if (!view) throw new AppError('NOT_FOUND', THEME_NOT_FOUND);
  return view;
}

function themeCategoryChoices(db: Database | Transaction) {
  return db
    .select({ slug: themeCategories.slug, name: themeCategories.name })
    .from(themeCategories)
    .orderBy(asc(themeCategories.sortOrder), asc(themeCategories.slug));
}

/** One theme for its form, with the categories the form offers. */
export async function getTheme(
  db: Database,
  id: string,
): Promise<CallResult<typeof getCatalogTheme>> {
  const [theme, categories] = await Promise.all([findThemeById(db, id), themeCategoryChoices(db)]);
  return { theme, categories };
}

/** Every theme by status, category and text; the newest first. */
export async function listThemes(
  db: Database,
  input: CallParsed<typeof listCatalogThemes>,
): Promise<CallResult<typeof listCatalogThemes>> {
  const where = and(
    input.status ? eq(themes.status, input.status) : undefined,
    input.category ? eq(themes.categorySlug, input.category) : undefined,
    matchesSearchQuery(themes.searchText, input.q),
  );
  const [rows, [total], categories] = await Promise.all([
    selectThemes(db)
      .where(where)
      .orderBy(
        ...titleMatchFirst(themes.searchText, input.q),
        desc(themes.createdAt),
        asc(themes.id),
      )
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(themes).where(where),
    themeCategoryChoices(db),
  ]);
  return {
    items: await viewsOf(db, rows),
    total: total?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
    categories,
  };
}

/** Replaces which products offer the theme; each must be a product that takes a theme. */
async function writeOffers(tx: Transaction, themeId: string, productIds: readonly string[]) {
  const unique = [...new Set(productIds)];
  if (unique.length > 0) {
    const builders = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, unique), eq(products.needsTheme, true)));
    if (builders.length !== unique.length) throw fieldError('productIds', NOT_A_BUILDER);
  }
  await tx.delete(productThemes).where(eq(productThemes.themeId, themeId));
  if (unique.length > 0) {
    await tx.insert(productThemes).values(unique.map((productId) => ({ productId, themeId })));
  }
}

function auditSnapshot(view: AdminThemeView) {
  const { id: _id, category, createdAt: _c, popularity: _p, ...fields } = view;
  return { ...fields, category: category.slug };
}

/** A new theme, hidden until published. */
export async function createTheme(
  db: Database,
  actor: Actor,
  input: CallParsed<typeof createCatalogTheme>,
): Promise<AdminThemeView> {
  return withSlugConflict(() =>
    db.transaction(async (tx) => {
      const categoryName = await requireCategory(
        tx,
        themeCategories,
        input.category,
        CATEGORY_NOT_FOUND,
      );
      await checkSlugFree(tx, themes, input.slug);
      const [row] = await tx
        .insert(themes)
        .values({
          slug: input.slug,
          name: input.name,
          categorySlug: input.category,
          tags: input.tags,
          previewUrls: input.previewUrls,
          isFree: input.price === null,
          priceRial: input.price,
          status: 'hidden',
          searchText: searchableText(input.name, categoryName, ...input.tags),
        })
        .returning({ id: themes.id });
      if (!row) throw new Error('theme insert returned no row');
      await writeOffers(tx, row.id, input.productIds);
      const view = await findThemeById(tx, row.id);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'theme.create',
        entityType: 'theme',
        entityId: row.id,
        after: auditSnapshot(view),
        ipAddress: actor.ipAddress,
      });
      return view;
    }),
  );
}

/** Changes the fields sent. */
export async function updateTheme(
  db: Database,
  actor: Actor,
  input: CallParsed<typeof updateCatalogTheme>,
): Promise<{ view: AdminThemeView; changed: boolean }> {
  return withSlugConflict(() =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(themes).where(eq(themes.id, input.id)).for('update');
      if (!current) throw new AppError('NOT_FOUND', THEME_NOT_FOUND);
      const before = auditSnapshot(await findThemeById(tx, current.id));
      const categorySlug = input.category ?? current.categorySlug;
      const categoryName = await requireCategory(
        tx,
        themeCategories,
        categorySlug,
        CATEGORY_NOT_FOUND,
      );
      if (input.slug !== undefined && input.slug !== current.slug) {
        await checkSlugFree(tx, themes, input.slug, current.id);
      }
      const name = input.name ?? current.name;
      const tags = input.tags ?? current.tags;
      const price = input.price === undefined ? current.priceRial : input.price;
      await tx
        .update(themes)
        .set({
          slug: input.slug ?? current.slug,
          name,
          categorySlug,
          tags,
          previewUrls: input.previewUrls ?? current.previewUrls,
          isFree: price === null,
          priceRial: price,
          searchText: searchableText(name, categoryName, ...tags),
        })
        .where(eq(themes.id, current.id));
      if (input.productIds !== undefined) await writeOffers(tx, current.id, input.productIds);
      const view = await findThemeById(tx, current.id);
      const diff = changedFields(before, auditSnapshot(view));
      if (Object.keys(diff.after).length === 0) return { view, changed: false };
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'theme.update',
        entityType: 'theme',
        entityId: current.id,
        before: diff.before,
        after: diff.after,
        ipAddress: actor.ipAddress,
      });
      return { view, changed: true };
    }),
  );
}

/** Shows a theme to customers choosing one, or hides it. */
export async function setThemePublished(
  db: Database,
  actor: Actor,
  input: { id: string; published: boolean },
): Promise<{ view: AdminThemeView; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(themes).where(eq(themes.id, input.id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', THEME_NOT_FOUND);
    const status = input.published ? 'active' : 'hidden';
    if (current.status !== status) {
      await tx.update(themes).set({ status }).where(eq(themes.id, current.id));
      await writeAudit(tx, {
        actorId: actor.id,
        action: input.published ? 'theme.publish' : 'theme.unpublish',
        entityType: 'theme',
        entityId: current.id,
        before: { status: current.status },
        after: { status },
        ipAddress: actor.ipAddress,
      });
    }
    return { view: await findThemeById(tx, current.id), changed: current.status !== status };
  });
}
