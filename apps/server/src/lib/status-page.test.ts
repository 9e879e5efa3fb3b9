import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { createSignedInUser, ok, refused, type SignedInUser } from '../test/api-kit';
import { setupTestApp } from '../test/test-app';

// The panel's own lists (orders, services, tickets, wallet rows) continue from a cursor as well
// as from a page number (decision 0033): the same rows in the same order, ties on the time
// broken by the number or id, one customer's rows only.

const t = setupTestApp();
let owner: SignedInUser;
let other: SignedInUser;

const ROWS = 11;
const PAGE_SIZE = 3;
const NOT_UNDERSTOOD = 'این صفحه دیگر در دسترس نیست؛ فهرست را از ابتدا باز کنید';

/** Eleven rows of each list for `userId`, at four instants (n / 3): ties on every list's time. */
async function seed(userId: string) {
  const at = sql`timestamptz '2026-03-01 08:00:00.654321+00' + (n / 3) * interval '1 minute'`;
  await t.app.db.execute(sql`
    insert into orders (user_id, status, subtotal_rial, total_rial, buyer, created_at, expires_at,
      closed_at)
    select ${userId}::uuid, 'expired', 1000, 1000, '{"fullName":"مریم آزمون","email":"m@example.com","nationalId":null,"companyName":null}',
      ${at}, timestamptz '2026-03-02 08:00:00+00', timestamptz '2026-03-02 08:00:00+00'
    from generate_series(1, ${ROWS}) n`);
  await t.app.db.execute(sql`
    insert into services (user_id, name, status, created_at)
    select ${userId}::uuid, 'سرویس ' || n, (array['active', 'expired'])[n % 2 + 1], ${at}
    from generate_series(1, ${ROWS}) n`);
  await t.app.db.execute(sql`
    insert into tickets (user_id, subject, department, status, last_message_at, created_at)
    select ${userId}::uuid, 'تیکت ' || n, 'technical', (array['open', 'answered'])[n % 2 + 1],
      ${at}, ${at}
    from generate_series(1, ${ROWS}) n`);
  await t.app.db.execute(sql`
    insert into wallet_transactions (user_id, amount_rial, reason, description, balance_after_rial,
      created_at)
    select ${userId}::uuid, 1000, 'adjustment', 'آزمون', 1000 * n, ${at}
    from generate_series(1, ${ROWS}) n`);
  await t.app.db.execute(
    sql`insert into wallets (user_id, balance_rial) values (${userId}::uuid, ${ROWS * 1000})`,
  );
}

beforeAll(async () => {
  owner = await createSignedInUser(t.app, { firstName: 'نسرین', lastName: 'فهرست' });
  other = await createSignedInUser(t.app, { firstName: 'پرویز', lastName: 'دیگری' });
  await seed(owner.id);
  await seed(other.id);
});

const lists = [
  { name: 'orders', path: '/api/user/orders/get-user-orders', status: 'expired' },
  { name: 'services', path: '/api/user/services/get-user-services', status: 'active' },
  { name: 'tickets', path: '/api/user/tickets/get-user-tickets', status: 'open' },
  { name: 'wallet rows', path: '/api/user/account/get-credit-transactions', status: null },
] as const;

interface Page {
  items: Array<{ id: string }>;
  total: number;
  nextCursor?: string | null | undefined;
}

async function pageOf(path: string, body: Record<string, unknown>, who = owner): Promise<Page> {
  return (await ok(t.app, path as never, body as never, who.token)) as unknown as Page;
}

describe.each(lists)('the panel $name', ({ path, status }) => {
  const filters = status ? [{}, { status }] : [{}];

  test('by cursor: the same rows as by number, ties included; no cursor on the last page', async () => {
    for (const filter of filters) {
      const byNumber: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        const answer = await pageOf(path, { ...filter, page, pageSize: PAGE_SIZE });
        byNumber.push(...answer.items.map((row) => row.id));
      }
      const byCursor: string[] = [];
      let after: string | undefined;
      let steps = 0;
      for (; steps < 6; steps += 1) {
        const answer = await pageOf(path, {
          ...filter,
          pageSize: PAGE_SIZE,
          ...(after ? { after } : {}),
        });
        byCursor.push(...answer.items.map((row) => row.id));
        if (!answer.nextCursor) break;
        after = answer.nextCursor;
      }
      expect(new Set(byNumber).size).toBe(byNumber.length);
      expect(byCursor).toEqual(byNumber);
      expect(steps).toBe(Math.ceil(byNumber.length / PAGE_SIZE) - 1);
      // Unfiltered, every one of the customer's rows; never a row twice.
      if (!('status' in filter)) expect(byNumber).toHaveLength(ROWS);
    }
  });

  test("another customer's cursor shows only this customer's rows", async () => {
    const theirs = await pageOf(path, { pageSize: PAGE_SIZE }, other);
    const mine = await pageOf(path, { pageSize: ROWS });
    const after = await pageOf(path, { pageSize: ROWS, after: theirs.nextCursor });
    const ownIds = new Set(mine.items.map((row) => row.id));
    expect(after.items.length).toBeGreaterThan(0);
    for (const row of after.items) expect(ownIds.has(row.id)).toBe(true);
    const theirIds = new Set(theirs.items.map((row) => row.id));
    for (const row of mine.items) expect(theirIds.has(row.id)).toBe(false);
  });

  test('a cursor not ours, a made-up instant or one of another list is a 400 on after', async () => {
    const madeUpInstant = Buffer.from(JSON.stringify(['2026-02-30 08:00:00+00', '1001'])).toString(
      'base64url',
    );
    const idKey = Buffer.from(
      JSON.stringify(['2026-03-01 08:00:00+00', '3f2a9c1e-1234-4abc-8def-0123456789ab']),
    ).toString('base64url');
    const numberKey = Buffer.from(JSON.stringify(['2026-03-01 08:00:00+00', '1001'])).toString(
      'base64url',
    );
    const wrongForm = path.includes('orders') || path.includes('tickets') ? idKey : numberKey;
    for (const after of ['not-a-cursor', madeUpInstant, wrongForm]) {
      const error = await refused(t.app, path as never, { after } as never, owner.token, 400);
      expect(error.fields?.after).toBe(NOT_UNDERSTOOD);
    }
  });
});
