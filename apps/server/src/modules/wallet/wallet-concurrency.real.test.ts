import { beforeAll, expect, test } from 'vitest';
import { AppError } from '../../lib/app-error';
import { users } from '../../schema';
import { setupTestApp } from '../../test/test-app';
import { changeBalance, readBalance, walletsOutOfBalance } from './wallet.service';

// Only a real PostgreSQL runs these transactions at the same time: server-postgres project.
const t = setupTestApp();
let userId: string;
beforeAll(async () => {
  const [user] = await t.app.db
    .insert(users)
    .values({ mobile: '+989121110001' })
    .returning({ id: users.id });
  userId = user?.id ?? '';
});

test('twenty spends at once of a third of the balance: three succeed, none overdraws', async () => {
  await t.app.db.transaction((tx) =>
    changeBalance(tx, { userId, amountRial: 3_000_000, reason: 'top-up', description: 'افزایش' }),
  );
  const outcomes = await Promise.allSettled(
    Array.from({ length: 20 }, () =>
      t.app.db.transaction((tx) =>
        changeBalance(tx, {
          userId,
          amountRial: -1_000_000,
          reason: 'order-payment',
          description: 'پرداخت سفارش',
        }),
      ),
    ),
  );
  const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
  const refused = outcomes.filter(
    (outcome) =>
      outcome.status === 'rejected' &&
      outcome.reason instanceof AppError &&
      outcome.reason.code === 'INSUFFICIENT_CREDIT',
  );
  expect(succeeded).toHaveLength(3);
  expect(refused).toHaveLength(17);
  expect(await readBalance(t.app.db, userId)).toBe(0);
  expect(await walletsOutOfBalance(t.app.db)).toEqual([]);
});

test('credits and spends racing each other keep the balance equal to the ledger', async () => {
  await Promise.allSettled(
    Array.from({ length: 30 }, (_, index) =>
      t.app.db.transaction((tx) =>
        changeBalance(tx, {
          userId,
          amountRial: index % 2 === 0 ? 700_000 : -500_000,
          reason: index % 2 === 0 ? 'top-up' : 'order-payment',
          description: 'جابه‌جایی',
        }),
      ),
    ),
  );
  expect(await readBalance(t.app.db, userId)).toBeGreaterThanOrEqual(0);
  expect(await walletsOutOfBalance(t.app.db)).toEqual([]);
});
