import { searchCustomers } from '@vitrin/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { SEARCH_EXACT_TOTAL_LIMIT } from '../../lib/list-total';
import { users } from '../../schema';
import { createSignedInUser, ok, type SignedInUser } from '../../test/api-kit';
import { createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';

// Decision 0031, "Staff text searches": the console's customer search reads `users.search_text`
// (first name, last name and e-mail folded, a generated column) through its trigram index, and
// finds what folding the names at query time found.

const t = setupTestApp();

const search = async (staff: SignedInUser, query: string) =>
  (await ok(t.app, searchCustomers.path, { query, pageSize: 100 }, staff.token)).items.map(
    (row) => row.id,
  );

/** The plan PostgreSQL picks for the customer search's condition with sequential scans off. */
async function indexedPlan(query: string): Promise<string> {
  return t.app.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(
      sql`explain select id from users where search_text like ${`%${query}%`}`,
    );
    return (result as unknown as { rows: Array<Record<string, string>> }).rows
      .map((row) => Object.values(row)[0])
      .join('\n');
  });
}

describe('customer search on the stored folded text', () => {
  test('a name finds its customer whatever the letters, half-spaces, digits and case typed', async () => {
    const staff = await createStaff(t.app, 'support');
    const customer = await createSignedInUser(t.app, {
      firstName: 'كيوان۲',
      lastName: 'يزدان‌پناهِ',
    });
    await t.app.db
      .update(users)
      .set({ email: 'Keyvan.Yazdan@Example.COM' })
      .where(eq(users.id, customer.id));
    for (const query of [
      'کیوان2', // Persian ی/ک and a Latin digit for Arabic ي/ك and a Persian ۲
      'كيوان٢', // Arabic letters, an Arabic-Indic digit
      'یزدانپناه', // written together: the half-space is not part of the stored name
      'یزدان پناه', // apart: two words, each in the name
      'یزدان‌پناه', // with the half-space
      'يزدانپناه', // the kasra (a diacritic) is dropped
      'KEYVAN.yazdan example', // the e-mail, any case
    ]) {
      expect(await search(staff, query), query).toContain(customer.id);
    }
    for (const query of ['کیوان۳', 'پناهیزدان', 'keyvan@other']) {
      expect(await search(staff, query), query).not.toContain(customer.id);
    }
  });

  test('the stored text follows every write: sign-up, the profile, and staff changing the row', async () => {
    const staff = await createStaff(t.app, 'support');
    const customer = await createSignedInUser(t.app, { firstName: 'ترانه', lastName: 'نخستین' });
    expect(await search(staff, 'ترانه نخستین')).toEqual([customer.id]);

    await ok(
      t.app,
      '/api/user/update-profile',
      { firstName: 'ترانه', lastName: 'دومین', email: 'Tarane@Example.com' },
      customer.token,
    );
    expect(await search(staff, 'نخستین')).not.toContain(customer.id);
    expect(await search(staff, 'ترانه دومین')).toEqual([customer.id]);
    expect(await search(staff, 'tarane@example')).toEqual([customer.id]);

    await ok(
      t.app,
      '/api/user/update-profile',
      { firstName: null, lastName: null, email: null },
      customer.token,
    );
    expect(await search(staff, 'ترانه')).not.toContain(customer.id);
    const [row] = await t.app.db
      .select({ searchText: users.searchText })
      .from(users)
      .where(eq(users.id, customer.id));
    expect(row?.searchText).toBe('  ');
  });

  test('one or two letters, which no trigram holds, still find them inside a word', async () => {
    const staff = await createStaff(t.app, 'support');
    const customer = await createSignedInUser(t.app, { firstName: 'ژیلا', lastName: 'کوتاه‌نام' });
    expect(await search(staff, 'ژ')).toContain(customer.id);
    expect(await search(staff, 'هن')).toContain(customer.id); // across the half-space
    expect(await search(staff, 'ژی نا')).toContain(customer.id);
    expect(await search(staff, 'ژن')).not.toContain(customer.id);
  });

  test('the trigram indexes answer a name and a part of a mobile, with what a scan finds', async () => {
    expect(await indexedPlan('کیوان')).toContain('users_search_trgm_idx');
    const mobilePlan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain select id from users where mobile like '%1234%'`);
      return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    });
    expect(mobilePlan).toContain('users_mobile_trgm_idx');

    const staff = await createStaff(t.app, 'support');
    await createSignedInUser(t.app, { firstName: 'نیما', lastName: 'نمایه' });
    for (const query of ['نیما', 'نما', 'NIMA']) {
      const plain = await search(staff, query);
      const indexed = await t.app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await tx.execute(
          sql`select id from users where search_text like ${`%${query.toLowerCase()}%`}`,
        );
        return (rows as unknown as { rows: Array<{ id: string }> }).rows.map((each) => each.id);
      });
      expect(new Set(indexed), query).toEqual(new Set(plain));
    }
  });
});

describe('a search counts exactly up to SEARCH_EXACT_TOTAL_LIMIT', () => {
  test('past it the total is an estimate and says so; the customers list unsearched still counts to 10,000', async () => {
    const staff = await createStaff(t.app, 'support');
    const word = `انبوه${crypto.randomUUID().slice(0, 4)}`;
    await t.app.db.execute(sql`
      insert into users (mobile, first_name, last_name)
      select '+98919' || lpad(n::text, 7, '0'), ${word}, 'نمونه'
      from generate_series(1, ${SEARCH_EXACT_TOTAL_LIMIT + 20}) n`);
    await t.app.db.execute(sql`analyze users`);
    const many = await ok(t.app, searchCustomers.path, { query: word }, staff.token);
    expect(many.totalIsEstimate).toBe(true);
    expect(many.total).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT);
    expect(many.items).toHaveLength(20);
    const all = await ok(t.app, searchCustomers.path, {}, staff.token);
    expect(all.totalIsEstimate).toBeFalsy();
    expect(all.total).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT + 20);
    const few = await ok(t.app, searchCustomers.path, { query: `${word} نمونه` }, staff.token);
    expect(few.totalIsEstimate).toBe(true);
    await t.app.db.execute(
      sql`delete from users where first_name = ${word} and mobile > ${`+98919${String(SEARCH_EXACT_TOTAL_LIMIT - 5).padStart(7, '0')}`}`,
    );
    const exact = await ok(t.app, searchCustomers.path, { query: word }, staff.token);
    expect(exact).toMatchObject({ total: SEARCH_EXACT_TOTAL_LIMIT - 5, totalIsEstimate: false });
  });
});
