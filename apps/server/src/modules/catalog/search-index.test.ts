import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import type { Database } from '../../db/client';
import { matchesSearchQuery } from '../../lib/search-sql';
import { articles, products, themes } from '../../schema';
import { setupTestApp } from '../../test/test-app';
import * as content from '../content/content.service';
import * as store from './store.service';

// Decision 0030: the search's `ilike '%word%'` on search_text is answered from a pg_trgm GIN
// index, on PGlite as on PostgreSQL, and finds exactly what it found before.

const t = setupTestApp({ seedDemoData: true });

const TRIGRAM_INDEXES = {
  products_search_trgm_idx: 'products',
  themes_search_trgm_idx: 'themes',
  articles_search_trgm_idx: 'articles',
};

/** `read` run once as the planner likes and once with sequential scans off (the index forced). */
async function plainAndIndexed<T>(read: (db: Database) => Promise<T>): Promise<[T, T]> {
  const plain = await read(t.app.db);
  const indexed = await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return read(tx);
  });
  return [plain, indexed];
}

async function planOf(query: { getSQL(): ReturnType<typeof sql> }): Promise<string> {
  return t.app.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query}`);
    const rows = (result as unknown as { rows: Array<Record<string, string>> }).rows ?? result;
    return (rows as Array<Record<string, string>>)
      .map((row) => row['QUERY PLAN'] ?? Object.values(row)[0])
      .join('\n');
  });
}

const productSlugs = (q: string) => (db: Database) =>
  store
    .listProducts(db, { q, page: 1, pageSize: 100, sort: 'popular' })
    .then((list) => list.items.map((item) => item.slug));

describe('search index', () => {
  test('the migrations create pg_trgm and a trigram index on each search text', async () => {
    const extension = await t.app.db.execute(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect((extension as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    for (const [name, table] of Object.entries(TRIGRAM_INDEXES)) {
      const result = await t.app.db.execute(
        sql`select tablename, indexdef from pg_indexes where indexname = ${name}`,
      );
      const [index] = (
        result as unknown as { rows: Array<{ tablename: string; indexdef: string }> }
      ).rows;
      expect(index?.tablename).toBe(table);
      expect(index?.indexdef).toMatch(/USING gin \(search_text gin_trgm_ops\)/);
    }
  });

  test('a word search reads the trigram index, in Persian and in English', async () => {
    for (const [table, index] of [
      [products, 'products_search_trgm_idx'],
      [themes, 'themes_search_trgm_idx'],
      [articles, 'articles_search_trgm_idx'],
    ] as const) {
      for (const q of ['سایت‌ساز', 'ssl']) {
        const query = t.app.db
          .select({ id: table.id })
          .from(table)
          .where(matchesSearchQuery(table.searchText, q));
        expect(await planOf(query)).toContain(index);
      }
    }
  });

  test('through the index, Arabic ي/ك, half-spaces, digits and Latin case still match', async () => {
    const expected: Array<[string, string]> = [
      ['سايت ساز', 'builder-business'],
      ['سایتساز', 'builder-shop'],
      ['سایت‌ساز كسب‌وكار', 'builder-business'],
      ['لینوکس ۵', 'host-linux-5g'],
      ['لینوکس 5', 'host-linux-5g'],
      ['ســرور مَجازی ۸', 'vps-8core'],
      ['.COM', 'domain-com'],
    ];
    for (const [q, slug] of expected) {
      const [plain, indexed] = await plainAndIndexed(productSlugs(q));
      expect(indexed, q).toContain(slug);
      expect(indexed, q).toEqual(plain);
    }
    const [none, noneIndexed] = await plainAndIndexed(productSlugs('هاست زیردریایی'));
    expect(noneIndexed).toEqual([]);
    expect(none).toEqual([]);
  });

  test('themes and articles find the same through the index', async () => {
    const themeSlugs = (q: string) => (db: Database) =>
      store
        .listProductThemes(db, { productSlug: 'builder-business', q, page: 1, pageSize: 100 })
        .then((list) => list.items.map((item) => item.slug));
    for (const [q, slug] of [
      ['فروشگاه', 'bazaarcheh'],
      ['گجت لند', 'gadget-land'],
    ] as const) {
      const [plain, indexed] = await plainAndIndexed(themeSlugs(q));
      expect(indexed, q).toContain(slug);
      expect(indexed, q).toEqual(plain);
    }
    const articleSlugs = (q: string) => (db: Database) =>
      content
        .listArticles(db, { q, page: 1, pageSize: 100 })
        .then((list) => list.items.map((item) => item.slug));
    for (const [q, slug] of [
      ['گواهی ssl', 'ssl-certificate-explained'],
      ['راهنماي انتخاب ۱۴۰۵', 'shared-vs-vps-hosting'],
    ] as const) {
      const [plain, indexed] = await plainAndIndexed(articleSlugs(q));
      expect(indexed, q).toContain(slug);
      expect(indexed, q).toEqual(plain);
    }
  });
});
