import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { verifyPassword } from '../modules/auth/password';
import { createTestApp, type TestApp } from '../test/test-app';
import { users } from './schema/index';
import { demoAccounts, seedDemoData } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemoData: true });
});
afterAll(() => t.close());

test('the first start of an empty database fills it with the demo accounts', async () => {
  const rows = await t.app.db.select().from(users);
  expect(rows.map((row) => row.mobile).sort()).toEqual(
    demoAccounts.map((account) => account.mobile).sort(),
  );
  expect(rows.find((row) => row.role === 'admin')?.firstName).toBe('علی');
});

test('demo passwords are stored hashed and verify', async () => {
  const customer = demoAccounts[0];
  const [row] = await t.app.db.select().from(users).where(eq(users.mobile, customer.mobile));
  expect(row?.passwordHash).toMatch(/^scrypt\$/);
  expect(row?.passwordHash).not.toContain(customer.password);
  expect(await verifyPassword(customer.password, row?.passwordHash ?? '')).toBe(true);
  expect(await verifyPassword('wrong-password', row?.passwordHash ?? '')).toBe(false);
});

test('seeding again adds nothing twice', async () => {
  expect(await seedDemoData(t.app.db)).toEqual([]);
  const [row] = await t.app.db.select({ total: count() }).from(users);
  expect(row?.total).toBe(demoAccounts.length);
});
