import { count } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password';
import type { Database, Transaction } from './client';
import { type UserRole, users } from './schema/index';

/** The demo accounts the README lists; passwords are for the local demo only. */
export const demoAccounts = [
  {
    mobile: '+989121234567',
    password: 'vitrin-demo-1405',
    firstName: 'سارا',
    lastName: 'محمدی',
    email: 'sara.mohammadi@example.com',
    role: 'customer',
  },
  {
    mobile: '+989351234567',
    password: 'vitrin-admin-1405',
    firstName: 'علی',
    lastName: 'رضایی',
    email: 'ali.rezaei@example.com',
    role: 'admin',
  },
  {
    // Signs in with an SMS code only: an account that never set a password.
    mobile: '+989191234567',
    password: null,
    firstName: 'رضا',
    lastName: 'کریمی',
    email: null,
    role: 'customer',
  },
] as const satisfies ReadonlyArray<{
  mobile: string;
  password: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  role: UserRole;
}>;

async function seedUsers(tx: Transaction): Promise<void> {
  const verifiedAt = new Date('2025-03-21T08:30:00Z');
  for (const account of demoAccounts) {
    await tx
      .insert(users)
      .values({
        mobile: account.mobile,
        passwordHash: account.password ? await hashPassword(account.password) : null,
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        role: account.role,
        mobileVerifiedAt: verifiedAt,
        createdAt: verifiedAt,
      })
      .onConflictDoNothing({ target: users.mobile });
  }
}

/** Writes the demo data in one transaction; running it again adds nothing twice. */
export async function seedDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await seedUsers(tx);
  });
}

/** Seeds only a database that has no users yet (the first start of the embedded demo). */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(users);
  if ((row?.total ?? 0) > 0) return false;
  await seedDemoData(db);
  return true;
}
