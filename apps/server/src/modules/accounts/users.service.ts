import { passwordUserInputs } from '@vitrin/contracts/password-strength';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { assertStrongPassword, hashPassword, verifyPassword } from './password';
import { users } from './schema';
import { endUserSessions, revokeUserSessions } from './sessions.service';

type UserRow = typeof users.$inferSelect;

/** A person's account row, or undefined when there is no such person. */
export async function findUserById(db: Database, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** A person's account row locked for a change in `tx` (FOR UPDATE), or undefined. */
export async function findUserForUpdate(
  tx: Transaction,
  userId: string,
): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
}

/**
 * Locks an account in `tx`: no way of signing in works and every open session ends at once.
 * Answers when, and how many sessions were open.
 */
export async function lockUser(
  tx: Transaction,
  userId: string,
  reason: string,
): Promise<{ lockedAt: Date; endedSessionCount: number }> {
  const lockedAt = new Date();
  await tx
    .update(users)
    .set({ lockedAt, lockedReason: reason, updatedAt: lockedAt })
    .where(eq(users.id, userId));
  return { lockedAt, endedSessionCount: await endUserSessions(tx, userId) };
}

/** Unlocks an account in `tx`: its owner can sign in again. */
export async function unlockUser(tx: Transaction, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ lockedAt: null, lockedReason: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Changes name and e-mail; null clears a field. */
export async function updateProfile(
  db: Database,
  userId: string,
  profile: { firstName: string | null; lastName: string | null; email: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...profile, email: profile.email?.toLowerCase() ?? null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Fills what the account lacks from the buyer's details given at checkout (issue 35): the name
 * when it has none (first word first, the rest last), the e-mail when it has none, in the
 * order's transaction. What the person set themselves is never overwritten.
 */
export async function fillEmptyProfile(
  tx: Transaction,
  userId: string,
  buyer: { fullName: string; email: string },
): Promise<void> {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) return;
  const change: { firstName?: string; lastName?: string | null; email?: string } = {};
  const [first, ...rest] = buyer.fullName.trim().split(/\s+/).filter(Boolean);
  const last = rest.join(' ');
  // The name is one thing: half of it set by the person and half from checkout could be two
  // people's, so it is filled only when the account has neither part (and only whole: the
  // profile's fields hold 60 characters each).
  if (!row.firstName && !row.lastName && first && first.length <= 60 && last.length <= 60) {
    change.firstName = first;
    change.lastName = last || null;
  }
  const email = buyer.email.trim().toLowerCase();
  if (!row.email && email) change.email = email;
  if (Object.keys(change).length === 0) return;
  await tx
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/**
 * Sets a new password. An account that has one must give it first; every other session ends,
 * since a password change is what a person does when they fear someone else is signed in.
 */
export async function changePassword(
  db: Database,
  user: { id: string; sessionId: string },
  passwords: { currentPassword?: string | undefined; newPassword: string },
): Promise<void> {
  const [row] = await db
    .select({
      passwordHash: users.passwordHash,
      mobile: users.mobile,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, user.id));
  if (!row) throw new AppError('UNAUTHENTICATED');
  if (row.passwordHash) {
    const ok =
      passwords.currentPassword !== undefined &&
      (await verifyPassword(passwords.currentPassword, row.passwordHash));
    if (!ok) {
      throw new AppError('WRONG_CREDENTIALS', 'رمز عبور فعلی نادرست است', {
        fields: { currentPassword: 'رمز عبور فعلی نادرست است' },
      });
    }
  }
  await assertStrongPassword(passwords.newPassword, passwordUserInputs(row), 'newPassword');
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(passwords.newPassword), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id, 'password-change', user.sessionId);
}

/**
 * Asks a signed-in person for their own password again before a secret is shown (a hosting
 * account's password): refuses a wrong one, and an account that signs in by SMS code only.
 */
export async function confirmOwnPassword(
  db: Database,
  userId: string,
  password: string,
): Promise<void> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHENTICATED');
  if (!row.passwordHash) {
    throw new AppError(
      'VALIDATION',
      'حساب شما رمز عبور ندارد؛ نخست در «حساب کاربری» برای آن رمز عبور بگذارید',
      { fields: { password: 'حساب شما رمز عبور ندارد' } },
    );
  }
  if (!(await verifyPassword(password, row.passwordHash))) {
    throw new AppError('WRONG_CREDENTIALS', 'رمز عبور نادرست است', {
      fields: { password: 'رمز عبور نادرست است' },
    });
  }
}

/** Whether a profile has a name (orders and invoices need one; its absence is a red dot). */
export async function hasName(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.firstName);
}

/** A person's name as staff see it: first and last name, or the mobile when there is none. */
export function personName(person: {
  firstName: string | null;
  lastName: string | null;
  mobile: string;
}): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.mobile;
}
