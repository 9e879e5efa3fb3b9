import type {
  AdminArticleView,
  CallParsed,
  CallResult,
  createCatalogArticle,
  listCatalogArticles,
  updateCatalogArticle,
} from '@vitrin/contracts';
import { searchableText } from '@vitrin/fa';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { matchesSearchQuery, titleMatchFirst } from '../../lib/search-sql';
import { peopleView } from '../accounts';
import { changedFields, writeAudit } from '../audit';
import {
  type Actor,
  checkSlugFree,
  fieldError,
  requireCategory,
  withSlugConflict,
} from '../catalog';
import { articlePlainText, readingMinutes, sanitizeEditorHtml } from './article-html';
import { articleCategories, articles } from './schema';

// Articles in the staff console (issue 8): drafts and published ones. The body is sanitised
// when saved; a published article always has a publish date (now, unless one is given), and a
// later date schedules it (the public calls show it once that time arrives).

const ARTICLE_NOT_FOUND = 'این مقاله پیدا نشد';
const CATEGORY_NOT_FOUND = 'این دستهٔ مقاله پیدا نشد';
const EMPTY_BODY = 'متن مقاله پس از پاک‌سازی خالی است؛ متنی بنویسید';
const DEFAULT_AUTHOR = 'تحریریهٔ ویترین';

type ArticleRow = typeof articles.$inferSelect;

function viewOf(row: ArticleRow, categoryName: string): AdminArticleView {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category: { slug: row.categorySlug, name: categoryName },
    authorName: row.authorName,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    summary: row.summary,
    coverUrl: row.coverUrl,
    bodyHtml: row.bodyHtml,
    readingMinutes: row.readingMinutes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One article, draft or published, or NOT_FOUND. */
export async function findArticleById(
  db: Database | Transaction,
  id: string,
): Promise<AdminArticleView> {
  const [row] = await db
    .select({ article: articles, categoryName: articleCategories.name })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.slug, articles.categorySlug))
    .where(eq(articles.id, id));
  if (!row) throw new AppError('NOT_FOUND', ARTICLE_NOT_FOUND);
  return viewOf(row.article, row.categoryName);
}

/** Every article by status, category and text; the most recently edited first. */
export async function listArticles(
  db: Database,
  input: CallParsed<typeof listCatalogArticles>,
): Promise<CallResult<typeof listCatalogArticles>> {
  const where = and(
    input.status ? eq(articles.status, input.status) : undefined,
    input.category ? eq(articles.categorySlug, input.category) : undefined,
    matchesSearchQuery(articles.searchText, input.q),
  );
  const [rows, [total], categories] = await Promise.all([
    db
      .select({ article: articles, categoryName: articleCategories.name })
      .from(articles)
      .innerJoin(articleCategories, eq(articleCategories.slug, articles.categorySlug))
      .where(where)
      .orderBy(
        ...titleMatchFirst(articles.searchText, input.q),
        desc(articles.updatedAt),
        asc(articles.id),
      )
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(articles).where(where),
    db
      .select({ slug: articleCategories.slug, name: articleCategories.name })
      .from(articleCategories)
      .orderBy(asc(articleCategories.sortOrder), asc(articleCategories.slug)),
  ]);
  return {
    items: rows.map(({ article, categoryName }) => {
      const {
        summary: _s,
        coverUrl: _c,
        bodyHtml: _b,
        readingMinutes: _r,
        ...row
      } = viewOf(article, categoryName);
      return row;
    }),
    total: total?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
    categories,
  };
}

/** The body as stored, with what is derived from it. */
function bodyFields(html: string) {
  const bodyHtml = sanitizeEditorHtml(html);
  if (articlePlainText(bodyHtml).trim() === '' && !bodyHtml.includes('<img')) {
    throw fieldError('bodyHtml', EMPTY_BODY);
  }
  return { bodyHtml, readingMinutes: readingMinutes(bodyHtml) };
}

function searchTextOf(
  article: Pick<ArticleRow, 'title' | 'summary' | 'bodyHtml'>,
  categoryName: string,
) {
  return searchableText(
    article.title,
    article.summary,
    categoryName,
    articlePlainText(article.bodyHtml),
  );
}

async function actorName(tx: Transaction, actorId: string): Promise<string> {
  const [user] = await tx
    .select({ firstName: peopleView.firstName, lastName: peopleView.lastName })
    .from(peopleView)
    .where(eq(peopleView.id, actorId));
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return name || DEFAULT_AUTHOR;
}

/** What the audit log keeps of an article. */
function auditSnapshot(article: ArticleRow) {
  return {
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    coverUrl: article.coverUrl,
    bodyHtml: article.bodyHtml,
    category: article.categorySlug,
    authorName: article.authorName,
    status: article.status,
    publishedAt: article.publishedAt,
  };
}

/** A new article: a draft, or published (dated now unless a date is given). */
export async function createArticle(
  db: Database,
  actor: Actor,
  input: CallParsed<typeof createCatalogArticle>,
  now = new Date(),
): Promise<AdminArticleView> {
  return withSlugConflict(() =>
    db.transaction(async (tx) => {
      const categoryName = await requireCategory(
        tx,
        articleCategories,
        input.category,
        CATEGORY_NOT_FOUND,
      );
      await checkSlugFree(tx, articles, input.slug);
      const body = bodyFields(input.bodyHtml);
      const publishedAt = input.publishAt ?? (input.status === 'published' ? now : null);
      const [row] = await tx
        .insert(articles)
        .values({
          slug: input.slug,
          title: input.title,
          summary: input.summary,
          coverUrl: input.coverUrl,
          ...body,
          categorySlug: input.category,
          authorName: input.authorName ?? (await actorName(tx, actor.id)),
          status: input.status,
          publishedAt,
          searchText: searchTextOf({ ...input, ...body }, categoryName),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('article insert returned no row');
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'article.create',
        entityType: 'article',
        entityId: row.id,
        after: auditSnapshot(row),
        ipAddress: actor.ipAddress,
      });
      return viewOf(row, categoryName);
    }),
  );
}

/** Changes the fields sent; publishing an undated article dates it now. */
export async function updateArticle(
  db: Database,
  actor: Actor,
  input: CallParsed<typeof updateCatalogArticle>,
  now = new Date(),
): Promise<{ view: AdminArticleView; changed: boolean }> {
  return withSlugConflict(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(articles)
        .where(eq(articles.id, input.id))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', ARTICLE_NOT_FOUND);
      const categorySlug = input.category ?? current.categorySlug;
      const categoryName = await requireCategory(
        tx,
        articleCategories,
        categorySlug,
        CATEGORY_NOT_FOUND,
      );
      if (input.slug !== undefined && input.slug !== current.slug) {
        await checkSlugFree(tx, articles, input.slug, current.id);
      }
      const status = input.status ?? current.status;
      let publishedAt = input.publishAt === undefined ? current.publishedAt : input.publishAt;
      if (status === 'published' && publishedAt === null) publishedAt = now;
      const next: ArticleRow = {
        ...current,
        slug: input.slug ?? current.slug,
        title: input.title ?? current.title,
        summary: input.summary ?? current.summary,
        coverUrl: input.coverUrl ?? current.coverUrl,
        ...(input.bodyHtml !== undefined ? bodyFields(input.bodyHtml) : {}),
        categorySlug,
        authorName: input.authorName ?? current.authorName,
        status,
        publishedAt,
      };
      const diff = changedFields(auditSnapshot(current), auditSnapshot(next));
      if (Object.keys(diff.after).length === 0) {
        return { view: viewOf(current, categoryName), changed: false };
      }
      const [row] = await tx
        .update(articles)
        .set({
          slug: next.slug,
          title: next.title,
          summary: next.summary,
          coverUrl: next.coverUrl,
          bodyHtml: next.bodyHtml,
          readingMinutes: next.readingMinutes,
          categorySlug: next.categorySlug,
          authorName: next.authorName,
          status: next.status,
          publishedAt: next.publishedAt,
          searchText: searchTextOf(next, categoryName),
          updatedAt: now,
        })
        .where(eq(articles.id, current.id))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', ARTICLE_NOT_FOUND);
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'article.update',
        entityType: 'article',
        entityId: current.id,
        before: diff.before,
        after: diff.after,
        ipAddress: actor.ipAddress,
      });
      return { view: viewOf(row, categoryName), changed: true };
    }),
  );
}
