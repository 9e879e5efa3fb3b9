import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { AppError } from '../../lib/app-error';
import { users, walletTransactions } from '../../schema';
import { setupTestApp } from '../../test/test-app';
import {
  changeBalance,
  listTransactions,
  readBalance,
  walletsOutOfBalance,
} from './wallet.service';

const t = setupTestApp();
let userId: string;
beforeAll(async () => {
  const [user] = await t.app.db
    .insert(users)
    .values({ mobile: '+989121110000' })
    .returning({ id: users.id });
  userId = user?.id ?? '';
});

const credit = (amountRial: number, description = 'افزایش اعتبار') =>
  t.app.db.transaction((tx) =>
    changeBalance(tx, { userId, amountRial, reason: 'top-up', description }),
  );
const spend = (amountRial: number) =>
  t.app.db.transaction((tx) =>
    changeBalance(tx, {
      userId,
      amountRial: -amountRial,
      reason: 'order-payment',
      description: 'پرداخت سفارش',
    }),
  );

test('a user without credit has a balance of zero', async () => {
  expect(await readBalance(t.app.db, userId)).toBe(0);
});

test('credit and spending move the balance and write one ledger row each', async () => {
  expect((await credit(5_000_000)).balanceRial).toBe(5_000_000);
  expect((await spend(1_200_000)).balanceRial).toBe(3_800_000);
  expect(await readBalance(t.app.db, userId)).toBe(3_800_000);
  const ledger = await listTransactions(t.app.db, userId, { page: 1, pageSize: 10 });
  expect(ledger.total).toBe(2);
  expect(ledger.items.map((row) => [row.amountRial, row.balanceAfterRial])).toEqual([
    [-1_200_000, 3_800_000],
    [5_000_000, 5_000_000],
  ]);
  expect(await walletsOutOfBalance(t.app.db)).toEqual([]);
});

test('spending more than the balance is refused and changes nothing', async () => {
  const before = await readBalance(t.app.db, userId);
  const rows = await t.app.db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, userId));
  const error = await spend(before + 1).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('INSUFFICIENT_CREDIT');
  expect(await readBalance(t.app.db, userId)).toBe(before);
  const after = await t.app.db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, userId));
  expect(after).toHaveLength(rows.length);
});

test('spending the whole balance leaves exactly zero', async () => {
  const balance = await readBalance(t.app.db, userId);
  expect((await spend(balance)).balanceRial).toBe(0);
  expect(await walletsOutOfBalance(t.app.db)).toEqual([]);
});

test('a change that rolls back with its transaction leaves no trace', async () => {
  await credit(1_000_000);
  await expect(
    t.app.db.transaction(async (tx) => {
      await changeBalance(tx, {
        userId,
        amountRial: -400_000,
        reason: 'order-payment',
        description: 'پرداخت سفارش',
      });
      throw new Error('the order could not be settled');
    }),
  ).rejects.toThrow('the order could not be settled');
  expect(await readBalance(t.app.db, userId)).toBe(1_000_000);
  expect(await walletsOutOfBalance(t.app.db)).toEqual([]);
});

test.each([0, 1.5, Number.MAX_SAFE_INTEGER + 2])(
  'an amount of %s Rial is a programming error',
  async (amount) => {
    await expect(credit(amount)).rejects.toThrow(/non-zero whole number/);
  },
);

test('the invariant check finds a balance that does not match its ledger', async () => {
  await t.app.db.execute(
    // A change made around the service, as a bad migration or a manual edit would.
    sql`update wallets set balance_rial = balance_rial + 1 where user_id = ${userId}`,
  );
  expect(await walletsOutOfBalance(t.app.db)).toEqual([userId]);
});
