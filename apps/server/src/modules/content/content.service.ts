import type {
  articleCard,
  CallParsed,
  CallResult,
  getAppHomeData,
  getInformation,
  getInformations,
} from '@vitrin/contracts';
import { and, asc, count, desc, eq, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { matchesSearchQuery, titleMatchFirst } from '../../lib/search-sql';
import { peopleView } from '../accounts';
import { countActiveThemes, featuredProducts, groupSummaries, popularThemes } from '../catalog';
import { servicesView } from '../services';
import { sanitizeArticleHtml } from './article-html';
import { articleCategories, articles, contentBlocks } from './schema';

type ArticleCard = z.output<typeof articleCard>;
type Hero = CallResult<typeof getAppHomeData>['hero'];

/** The content block holding the home page's hero; staff edit it in the console. */
export const HOME_HERO_KEY = 'home-hero';

/** What the home page says when no hero has been written yet (a fresh, unseeded database). */
const DEFAULT_HERO: Hero = {
  title: 'سایت خود را بسازید، ما میزبانی‌اش می‌کنیم',
  subtitle: 'سایت‌ساز، هاست، سرور مجازی و دامنه با پشتیبانی فارسی، در یک حساب.',
  primaryAction: { label: 'مشاهدهٔ فروشگاه', href: '/store' },
  secondaryAction: { label: 'خواندن مقاله‌ها', href: '/articles' },
};

const HOME_FEATURED_PRODUCTS = 6;
const HOME_POPULAR_THEMES = 8;
const HOME_LATEST_ARTICLES = 4;
const RELATED_ARTICLES = 3;

const ARTICLE_NOT_FOUND = 'این مقاله پیدا نشد';
const CATEGORY_NOT_FOUND = 'این دستهٔ مقاله پیدا نشد';

/** Published and due: drafts and articles scheduled for later are invisible to the public. */
function isPublic(now: Date): SQL {
  return and(eq(articles.status, 'published'), lte(articles.publishedAt, now)) as SQL;
}

async function selectArticleCards(
  db: Database,
  options: {
    where: SQL | undefined;
    limit: number;
    offset: number;
    now: Date;
    /** Put articles whose title matches this query first. */
    query?: string | undefined;
  },
): Promise<{ items: ArticleCard[]; total: number }> {
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      summary: articles.summary,
      coverUrl: articles.coverUrl,
      categorySlug: articles.categorySlug,
      categoryName: articleCategories.name,
      authorName: articles.authorName,
      publishedAt: articles.publishedAt,
      readingMinutes: articles.readingMinutes,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.slug, articles.categorySlug))
    .where(and(isPublic(options.now), options.where))
    .orderBy(
      ...titleMatchFirst(articles.searchText, options.query),
      desc(articles.publishedAt),
      asc(articles.id),
    )
    .limit(options.limit)
    .offset(options.offset);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      coverUrl: row.coverUrl,
      category: { slug: row.categorySlug, name: row.categoryName },
      authorName: row.authorName,
      // isPublic guarantees a publish date.
      publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
      readingMinutes: row.readingMinutes,
    })),
  };
}

/** Published articles, newest first, by category and text; with each category's count. */
export async function listArticles(
  db: Database,
  input: CallParsed<typeof getInformations>,
  now = new Date(),
): Promise<CallResult<typeof getInformations>> {
  const categories = await db
    .select({
      slug: articleCategories.slug,
      name: articleCategories.name,
      count: sql<number>`count(${articles.id})`.mapWith(Number),
    })
    .from(articleCategories)
    .leftJoin(articles, and(eq(articles.categorySlug, articleCategories.slug), isPublic(now)))
    .groupBy(articleCategories.slug)
    .orderBy(asc(articleCategories.sortOrder), asc(articleCategories.slug));
  if (input.category && !categories.some((category) => category.slug === input.category)) {
    throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND, {
      fields: { category: CATEGORY_NOT_FOUND },
    });
  }
  const { items, total } = await selectArticleCards(db, {
    where: and(
      input.category ? eq(articles.categorySlug, input.category) : undefined,
      matchesSearchQuery(articles.searchText, input.q),
    ),
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
    now,
    query: input.q,
  });
  return { items, total, page: input.page, pageSize: input.pageSize, categories };
}

/** One public article with its body, sanitised again on the way out, and related articles. */
export async function getArticle(
  db: Database,
  input: CallParsed<typeof getInformation>,
  now = new Date(),
): Promise<CallResult<typeof getInformation>> {
  const [row] = await db
    .select({ id: articles.id, bodyHtml: articles.bodyHtml, updatedAt: articles.updatedAt })
    .from(articles)
    .where(and(eq(articles.slug, input.slug), isPublic(now)));
  if (!row) throw new AppError('NOT_FOUND', ARTICLE_NOT_FOUND);
  const { items } = await selectArticleCards(db, {
    where: eq(articles.id, row.id),
    limit: 1,
    offset: 0,
    now,
  });
  const card = items[0];
  if (!card) throw new AppError('NOT_FOUND', ARTICLE_NOT_FOUND);
  const related = await selectArticleCards(db, {
    where: and(ne(articles.id, row.id), eq(articles.categorySlug, card.category.slug)),
    limit: RELATED_ARTICLES,
    offset: 0,
    now,
  });
  return {
    ...card,
    bodyHtml: sanitizeArticleHtml(row.bodyHtml),
    updatedAt: row.updatedAt.toISOString(),
    related: related.items,
  };
}

async function readHero(db: Database): Promise<Hero> {
  const [row] = await db
    .select({ value: contentBlocks.value })
    .from(contentBlocks)
    .where(eq(contentBlocks.key, HOME_HERO_KEY));
  return (row?.value as Hero | undefined) ?? DEFAULT_HERO;
}

/** Everything the home page shows, read in parallel. */
export async function homeData(
  db: Database,
  now = new Date(),
): Promise<CallResult<typeof getAppHomeData>> {
  const [hero, groups, featured, themes, latest, customers, activeServices, themeCount, published] =
    await Promise.all([
      readHero(db),
      groupSummaries(db),
      featuredProducts(db, HOME_FEATURED_PRODUCTS),
      popularThemes(db, HOME_POPULAR_THEMES),
      selectArticleCards(db, { where: undefined, limit: HOME_LATEST_ARTICLES, offset: 0, now }),
      db.select({ total: count() }).from(peopleView).where(eq(peopleView.role, 'customer')),
      db.select({ total: count() }).from(servicesView).where(eq(servicesView.status, 'active')),
      countActiveThemes(db),
      db.select({ total: count() }).from(articles).where(isPublic(now)),
    ]);
  return {
    hero,
    groups,
    featuredProducts: featured,
    popularThemes: themes,
    latestArticles: latest.items,
    counters: {
      customers: customers[0]?.total ?? 0,
      activeServices: activeServices[0]?.total ?? 0,
      themes: themeCount,
      articles: published[0]?.total ?? 0,
    },
  };
}

/** Public articles for the sitemap. */
export async function sitemapArticles(db: Database, now = new Date()) {
  return db
    .select({ slug: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .where(isPublic(now))
    .orderBy(desc(articles.publishedAt));
}
