import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { setupTestApp } from '../test/test-app';
import {
  ESTIMATE_ONLY_ABOVE,
  estimatedRows,
  listTotal,
  SEARCH_EXACT_TOTAL_LIMIT,
  searchTotal,
} from './list-total';

// A search's total (decision 0031): counted exactly up to SEARCH_EXACT_TOTAL_LIMIT, the planner's
// estimate past it, and not counted at all when the planner expects more than
// ESTIMATE_ONLY_ABOVE rows.

const t = setupTestApp();

const matching = (word: string) =>
  sql`select 1 from list_total_probe where word like ${`%${word}%`}`;

describe('searchTotal', () => {
  test('few matches are counted; many are estimated; past ESTIMATE_ONLY_ABOVE nothing is counted', async () => {
    const db = t.app.db;
    await db.execute(sql`create table list_total_probe (word text not null)`);
    await db.execute(sql`
      insert into list_total_probe (word)
      select case when n <= ${ESTIMATE_ONLY_ABOVE + 1_000} then 'پرتکرار ' || n
                  when n <= ${ESTIMATE_ONLY_ABOVE + 1_000 + SEARCH_EXACT_TOTAL_LIMIT + 200} then 'میانه ' || n
                  else 'کمیاب ' || n end
      from generate_series(1, ${ESTIMATE_ONLY_ABOVE + 1_000 + SEARCH_EXACT_TOTAL_LIMIT + 200 + 7}) n`);
    await db.execute(sql`analyze list_total_probe`);

    // A rare word: exact.
    expect(await searchTotal(db, matching('کمیاب'))).toEqual({ total: 7, totalIsEstimate: false });
    // Past the exact limit but under ESTIMATE_ONLY_ABOVE: counted to 1,001, then estimated.
    const middle = await searchTotal(db, matching('میانه'));
    expect(middle.totalIsEstimate).toBe(true);
    expect(middle.total).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT);
    // A word the planner expects in more than ESTIMATE_ONLY_ABOVE rows: its estimate.
    const common = await searchTotal(db, matching('پرتکرار'));
    expect(common.totalIsEstimate).toBe(true);
    expect(common.total).toBe(await estimatedRows(db, matching('پرتکرار')));
    expect(common.total).toBeGreaterThan(ESTIMATE_ONLY_ABOVE);

    // Not counted: with most of those rows gone and the statistics not yet renewed, the answer is
    // still the planner's figure, where a count would have found fewer than 1,000. This is the
    // price of not counting: «حدود» on a figure the planner has wrong, until autovacuum's next
    // analyze; the page itself is always read.
    await db.execute(
      sql`delete from list_total_probe where word like 'پرتکرار%' and word not like 'پرتکرار 1__'`,
    );
    const stale = await searchTotal(db, matching('پرتکرار'));
    expect(stale.totalIsEstimate).toBe(true);
    expect(stale.total).toBeGreaterThan(ESTIMATE_ONLY_ABOVE);
    expect(await listTotal(db, matching('پرتکرار'), SEARCH_EXACT_TOTAL_LIMIT)).toEqual({
      total: 100,
      totalIsEstimate: false,
    });
  });
});
