import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Content (issue 4): articles in categories, and editable page blocks such as the home hero.

export const articleStatuses = ['draft', 'published'] as const;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const articleCategories = pgTable('article_categories', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const articles = pgTable(
  'articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    coverUrl: text('cover_url').notNull(),
    /** Sanitised when saved (content/article-html.ts) and again when served. */
    bodyHtml: text('body_html').notNull(),
    categorySlug: text('category_slug')
      .notNull()
      .references(() => articleCategories.slug),
    authorName: text('author_name').notNull(),
    status: text('status', { enum: articleStatuses }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    readingMinutes: integer('reading_minutes').notNull().default(1),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('articles_published_idx').on(table.status, table.publishedAt),
    // Trigram index: the search's `ilike '%word%'` (lib/search-sql.ts) is answered from it
    // rather than by reading every row (decision 0030).
    index('articles_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    check('articles_status_check', sql`${table.status} in ('draft', 'published')`),
    check(
      'articles_published_at_check',
      sql`${table.status} = 'draft' or ${table.publishedAt} is not null`,
    ),
  ],
);

/** Editable page content by key, such as the home page's hero. */
export const contentBlocks = pgTable('content_blocks', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
