import { adminListTickets } from '@vitrin/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { countRows, SEARCH_EXACT_TOTAL_LIMIT } from '../../lib/list-total';
import { ok, type SignedInUser } from '../../test/api-kit';
import { createStaff } from '../../test/staff-kit';
import { setupTestApp } from '../../test/test-app';
import { createPerson, openTicket } from './tickets-test-kit';

// Decision 0031, "Staff text searches": the queue's search reads the subject folded
// (`tickets.search_text`, a generated column) and the customer's name folded
// (`users.search_text`), each through its trigram index, rather than joining every ticket with
// its customer and reading every row.

const t = setupTestApp();

const found = async (staff: SignedInUser, search: string) =>
  (
    await ok(t.app, adminListTickets.path, { search, status: 'all', pageSize: 100 }, staff.token)
  ).items.map((row) => row.id);

async function planOf(query: ReturnType<typeof sql>): Promise<string> {
  return t.app.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(sql`explain ${query}`);
    return (result as unknown as { rows: Array<Record<string, string>> }).rows
      .map((row) => Object.values(row)[0])
      .join('\n');
  });
}

describe('the queue search on the stored folded text', () => {
  test('a subject is found whatever the letters, half-spaces, digits and case typed', async () => {
    const staff = await createStaff(t.app, 'support');
    const owner = await createPerson(t.app, { firstName: 'سپیده', lastName: 'پرسان' });
    const ticket = await openTicket(t.app, owner, { subject: 'مشكل ايميل‌ها در VPS شمارهٔ ۴۲' });
    for (const search of [
      'مشکل ایمیل', // Persian ی/ک for the Arabic ي/ك typed in the subject
      'ایمیلها', // written together: the half-space is not part of the stored subject
      'ایمیل‌ها', // with it
      'vps 42', // Latin case, Latin digits for the Persian ۴۲
      'VPS ۴۲',
      'مشكل در vps', // every word, each somewhere in the subject
    ]) {
      expect(await found(staff, search), search).toContain(ticket.id);
    }
    for (const search of ['مشکل پیامک', 'vps 43', 'ایمیل 42 پیامک']) {
      expect(await found(staff, search), search).not.toContain(ticket.id);
    }
  });

  test("the customer's name as they change it, folded; never their e-mail", async () => {
    const staff = await createStaff(t.app, 'support');
    const owner = await createPerson(t.app, { firstName: 'كاوه', lastName: 'نيك‌نام' });
    const ticket = await openTicket(t.app, owner, { subject: 'تمدید دامنه' });
    expect(await found(staff, 'کاوه نیکنام')).toEqual([ticket.id]);
    expect(await found(staff, 'نیک‌نام')).toEqual([ticket.id]);

    await ok(
      t.app,
      '/api/user/update-profile',
      { firstName: 'کاوه', lastName: 'تازه‌نام', email: 'kaveh.rename@example.com' },
      owner.token,
    );
    expect(await found(staff, 'نیکنام')).not.toContain(ticket.id);
    expect(await found(staff, 'کاوه تازه‌نام')).toEqual([ticket.id]);
    // The queue searches the name, as it did before the stored text (which holds the e-mail).
    expect(await found(staff, 'kaveh.rename')).not.toContain(ticket.id);
  });

  test('a ticket is found as soon as it is opened, by one or two letters too', async () => {
    const staff = await createStaff(t.app, 'support');
    const owner = await createPerson(t.app, { firstName: 'بهار', lastName: 'کوتاه' });
    const ticket = await openTicket(t.app, owner, { subject: 'ژرفای دیسک' });
    expect(await found(staff, 'ژرفا')).toEqual([ticket.id]);
    expect(await found(staff, 'ژ')).toContain(ticket.id);
    expect(await found(staff, 'فا')).toContain(ticket.id);
    expect(await found(staff, 'هار')).toContain(ticket.id); // in the customer's name
    expect(await found(staff, 'ژن')).not.toContain(ticket.id);
    // Only separators: the text as typed, as before (no subject or name holds a `%`).
    expect(await found(staff, '%')).toEqual([]);
  });

  test('subjects and names are read through their trigram indexes', async () => {
    const plan = await planOf(
      sql`select id from tickets where search_text like '%ایمیل%' or user_id = any(array(select id from users where search_text like '%کاوه%'))`,
    );
    expect(plan).toContain('tickets_search_trgm_idx');
    expect(plan).toContain('users_search_trgm_idx');
    expect(plan).toContain('tickets_user_idx');
  });
});

describe('a search counts exactly up to SEARCH_EXACT_TOTAL_LIMIT', () => {
  test('past it the total and that status chip are estimates, and the answer names the chip', async () => {
    const staff = await createStaff(t.app, 'support');
    const owner = await createPerson(t.app, { firstName: 'نگار', lastName: 'انبوهی' });
    const word = `پرتکرار${crypto.randomUUID().slice(0, 4)}`;
    await t.app.db.execute(sql`
      insert into tickets (user_id, subject, department, status, closed_at)
      select ${owner.id}::uuid, ${word} || ' ' || n, 'technical', 'closed', now()
      from generate_series(1, ${SEARCH_EXACT_TOTAL_LIMIT + 20}) n`);
    await openTicket(t.app, owner, { subject: `${word} باز` });
    await t.app.db.execute(sql`analyze tickets`);
    const many = await ok(
      t.app,
      adminListTickets.path,
      { search: word, status: 'all' },
      staff.token,
    );
    expect(many.totalIsEstimate).toBe(true);
    expect(many.total).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT);
    expect(many.estimatedCounts).toEqual(['closed']);
    expect(many.counts.closed).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT);
    expect(many.counts.open).toBe(1);
    const open = await ok(
      t.app,
      adminListTickets.path,
      { search: word, status: 'open' },
      staff.token,
    );
    expect(open).toMatchObject({ total: 1, totalIsEstimate: false });
    // Unsearched alike: the chips count to 1,000, and a total is the sum of its statuses' chips,
    // an estimate when one of them is.
    const all = await ok(t.app, adminListTickets.path, { status: 'all' }, staff.token);
    expect(all.estimatedCounts).toEqual(['closed']);
    expect(all.counts.closed).toBeGreaterThan(SEARCH_EXACT_TOTAL_LIMIT);
    expect(all.totalIsEstimate).toBe(true);
    expect(all.total).toBe(
      all.counts.open + all.counts.answered + all.counts['customer-reply'] + all.counts.closed,
    );
    const closed = await ok(t.app, adminListTickets.path, { status: 'closed' }, staff.token);
    expect(closed).toMatchObject({ total: all.counts.closed, totalIsEstimate: true });
    // The waiting tickets' total is exact: neither of its statuses is past 1,000.
    const waiting = await ok(t.app, adminListTickets.path, { status: 'waiting' }, staff.token);
    expect(waiting.totalIsEstimate).toBeFalsy();
    expect(waiting.total).toBe(all.counts.open + all.counts['customer-reply']);
    expect(waiting.total).toBe(
      await countRows(
        t.app.db,
        sql`select 1 from tickets where status in ('open', 'customer-reply')`,
      ),
    );
  });
});
