import { CREDIT_TOP_UP_MAX_RIAL, CREDIT_TOP_UP_MIN_RIAL } from '@vitrin/contracts';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { findUserById } from '../accounts';
import { ordersView } from '../orders';
import { servicesView } from '../services';
import { readBalance } from '../wallet';

// What a signed-in person reads of their own account beside the profile accounts keeps: the
// counts of their orders and services and their wallet balance. These span orders, services and
// the wallet, so they are put together here, above all of them (decision 0036).

/** The profile with the counts spec §3 names, each counted from its table. */
export async function findUserInfoById(db: Database, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const [orderCount] = await db
    .select({ total: count() })
    .from(ordersView)
    .where(eq(ordersView.userId, userId));
  const [serviceCount] = await db
    .select({ total: count() })
    .from(servicesView)
    .where(eq(servicesView.userId, userId));
  return {
    id: user.id,
    mobileNumber: user.mobile,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
    ordersCount: orderCount?.total ?? 0,
    servicesCount: serviceCount?.total ?? 0,
  };
}

/** What the credit page shows about the account: balance, number, name and the top-up range. */
export async function readAccountInfo(db: Database, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return {
    balanceRial: await readBalance(db, userId),
    mobileNumber: user.mobile,
    fullName: fullName === '' ? null : fullName,
    email: user.email,
    topUpMinRial: CREDIT_TOP_UP_MIN_RIAL,
    topUpMaxRial: CREDIT_TOP_UP_MAX_RIAL,
  };
}
