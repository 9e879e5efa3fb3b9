import { formatToman } from '@vitrin/fa';
import type { Database, Transaction } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { endUserSessions, findUserForUpdate, lockUser, unlockUser } from '../accounts';
import { writeAudit } from '../audit';
import { changeBalance, readBalance } from '../wallet';
import { CUSTOMER_NOT_FOUND_MESSAGE } from './customers.service';

// What admins change on a customer's account (issue 8): wallet credit, lock, sessions. Each
// change commits together with its audit row, or neither does. The account itself is changed by
// accounts' functions (one writer per table), in this module's transaction.

async function findCustomerForChange(tx: Transaction, userId: string) {
  const user = await findUserForUpdate(tx, userId);
  if (!user) throw new AppError('NOT_FOUND', CUSTOMER_NOT_FOUND_MESSAGE);
  return user;
}

/**
 * Adds credit to a wallet (positive amount) or removes it (negative): one ledger row with the
 * reason `adjustment`, and the audit row with the balance before and after.
 */
export async function adjustCredit(
  db: Database,
  actor: Actor,
  change: { userId: string; amountRial: number; reason: string },
): Promise<{ balanceRial: number; transactionId: string }> {
  if (change.userId === actor.id) {
    throw new AppError('FORBIDDEN', 'اعتبار کیف پول خودتان را نمی‌توانید تغییر دهید');
  }
  return db.transaction(async (tx) => {
    await findCustomerForChange(tx, change.userId);
    let result: { balanceRial: number; transactionId: string };
    try {
      result = await changeBalance(tx, {
        userId: change.userId,
        amountRial: change.amountRial,
        reason: 'adjustment',
        description:
          change.amountRial > 0
            ? 'افزایش اعتبار توسط مدیر فروشگاه'
            : 'کسر اعتبار توسط مدیر فروشگاه',
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'INSUFFICIENT_CREDIT')) throw error;
      const balanceRial = await readBalance(tx, change.userId);
      // The console shows money in Toman, and this message sits under its Toman field.
      const message = `موجودی کیف پول این مشتری ${formatToman(balanceRial)} است؛ موجودی نمی‌تواند منفی شود`;
      throw new AppError('INSUFFICIENT_CREDIT', message, { fields: { amountRial: message } });
    }
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'customer.credit-adjust',
      entityType: 'customer',
      entityId: change.userId,
      before: { balanceRial: result.balanceRial - change.amountRial },
      after: {
        balanceRial: result.balanceRial,
        amountRial: change.amountRial,
        transactionId: result.transactionId,
      },
      reason: change.reason,
      ipAddress: actor.ipAddress,
    });
    return result;
  });
}

/**
 * Locks an account: no way of signing in works and every session ends at once. Staff cannot
 * lock themselves, nor another admin (an admin is demoted first, on purpose).
 */
export async function lockAccount(
  db: Database,
  actor: Actor,
  change: { userId: string; reason: string },
) {
  return db.transaction(async (tx) => {
    const user = await findCustomerForChange(tx, change.userId);
    if (user.id === actor.id) {
      throw new AppError('FORBIDDEN', 'نمی‌توانید حساب خودتان را قفل کنید');
    }
    if (user.role === 'admin') {
      throw new AppError('FORBIDDEN', 'حساب یک مدیر را نمی‌توان قفل کرد');
    }
    if (user.lockedAt) throw new AppError('CONFLICT', 'این حساب پیش‌تر قفل شده است');
    const { lockedAt, endedSessionCount } = await lockUser(tx, user.id, change.reason);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'customer.lock',
      entityType: 'customer',
      entityId: user.id,
      before: { lockedAt: null, openSessionCount: endedSessionCount },
      after: { lockedAt, lockedReason: change.reason, openSessionCount: 0 },
      reason: change.reason,
      ipAddress: actor.ipAddress,
    });
    return { lockedAt: lockedAt.toISOString(), lockedReason: change.reason };
  });
}

/** Unlocks an account: its owner can sign in again. */
export async function unlockAccount(
  db: Database,
  actor: Actor,
  change: { userId: string; reason?: string | undefined },
) {
  return db.transaction(async (tx) => {
    const user = await findCustomerForChange(tx, change.userId);
    if (!user.lockedAt) throw new AppError('CONFLICT', 'این حساب قفل نیست');
    await unlockUser(tx, user.id);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'customer.unlock',
      entityType: 'customer',
      entityId: user.id,
      before: { lockedAt: user.lockedAt, lockedReason: user.lockedReason },
      after: { lockedAt: null, lockedReason: null },
      reason: change.reason ?? null,
      ipAddress: actor.ipAddress,
    });
    return { lockedAt: null, lockedReason: null };
  });
}

/** Ends every open session of an account (signs it out everywhere). */
export async function endAccountSessions(
  db: Database,
  actor: Actor,
  change: { userId: string; reason?: string | undefined },
): Promise<{ endedSessionCount: number }> {
  return db.transaction(async (tx) => {
    const user = await findCustomerForChange(tx, change.userId);
    const endedSessionCount = await endUserSessions(tx, user.id);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'customer.end-sessions',
      entityType: 'customer',
      entityId: user.id,
      before: { openSessionCount: endedSessionCount },
      after: { openSessionCount: 0 },
      reason: change.reason ?? null,
      ipAddress: actor.ipAddress,
    });
    return { endedSessionCount };
  });
}
