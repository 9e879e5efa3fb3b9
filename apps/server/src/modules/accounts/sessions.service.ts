import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { refreshTokens, type UserRole, users } from './schema';

export const REFRESH_TOKEN_TTL_DAYS = 30;
const USER_AGENT_MAX = 300;

export interface ClientContext {
  userAgent: string | undefined;
  ipAddress: string | undefined;
}

export interface NewRefreshToken {
  token: string;
  sessionId: string;
}

export type RevocationReason = 'logout' | 'reuse' | 'password-change' | 'ended';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function expiry(from: Date): Date {
  return new Date(from.getTime() + REFRESH_TOKEN_TTL_DAYS * 86_400_000);
}

async function insertToken(
  db: Database,
  userId: string,
  sessionId: string,
  context: ClientContext,
  times: { now: Date; sessionStartedAt: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    userId,
    familyId: sessionId,
    tokenHash: hashToken(token),
    userAgent: context.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    ipAddress: context.ipAddress ?? null,
    createdAt: times.sessionStartedAt,
    lastUsedAt: times.now,
    expiresAt: expiry(times.now),
  });
  return token;
}

/** Starts a session (a new token family) for a sign-in. */
export async function startSession(
  db: Database,
  userId: string,
  context: ClientContext,
): Promise<NewRefreshToken> {
  const sessionId = randomUUID();
  const now = new Date();
  const token = await insertToken(db, userId, sessionId, context, { now, sessionStartedAt: now });
  return { token, sessionId };
}

export type RotationResult =
  | { kind: 'rotated'; user: { id: string; role: UserRole }; token: string; sessionId: string }
  | { kind: 'reused'; userId: string; sessionId: string }
  | { kind: 'unknown' };

/**
 * Trades a refresh token for its successor in one transaction. A token that was already
 * rotated or revoked is reuse: its whole session is revoked (someone holds a copy).
 */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  context: ClientContext,
): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for('update');
    if (!row) return { kind: 'unknown' };
    if (row.revokedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now, revokedReason: 'reuse' })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      return { kind: 'reused', userId: row.userId, sessionId: row.familyId };
    }
    if (row.expiresAt <= now) return { kind: 'unknown' };
    const [user] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, row.userId));
    if (!user) return { kind: 'unknown' };
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now, revokedReason: 'rotated' })
      .where(eq(refreshTokens.id, row.id));
    // The session keeps its first sign-in time; its last activity moves on.
    const token = await insertToken(tx, row.userId, row.familyId, context, {
      now,
      sessionStartedAt: row.createdAt,
    });
    return { kind: 'rotated', user, token, sessionId: row.familyId };
  });
}

/** Logout: revokes the session the token belongs to. Unknown tokens change nothing. */
export async function revokeByToken(db: Database, presented: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)));
  if (row) await revokeSession(db, row.familyId, 'logout');
}

/** Revokes every live token of one session. */
export async function revokeSession(
  db: Database,
  sessionId: string,
  reason: RevocationReason,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
}

/** Revokes all of a user's sessions, but the one they are using when `keepSessionId` is given. */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  reason: RevocationReason,
  keepSessionId?: string,
): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepSessionId) conditions.push(ne(refreshTokens.familyId, keepSessionId));
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(...conditions));
}

/** A user's open sessions, newest activity first. */
export async function findOpenSessionsByUserId(db: Database, userId: string) {
  return db
    .select({
      id: refreshTokens.familyId,
      userAgent: refreshTokens.userAgent,
      ipAddress: refreshTokens.ipAddress,
      createdAt: refreshTokens.createdAt,
      lastUsedAt: refreshTokens.lastUsedAt,
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(refreshTokens.lastUsedAt));
}

/** Ends every open session of an account (signs it out everywhere); how many were open. */
export async function endUserSessions(db: Database, userId: string): Promise<number> {
  const sessions = await findOpenSessionsByUserId(db, userId);
  await revokeUserSessions(db, userId, 'ended');
  return sessions.length;
}

/** Ends one of the caller's own sessions; another user's session id is NOT_FOUND. */
export async function endOwnSession(db: Database, userId: string, sessionId: string) {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, sessionId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'این نشست پیدا نشد یا پیش‌تر بسته شده است');
  await revokeSession(db, sessionId, 'ended');
}

/** Whether a session (a refresh-token family) is still open: signed out or ended, it is not. */
export async function isSessionOpen(
  db: Database,
  sessionId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const [open] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, sessionId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return open !== undefined;
}

/** A person's role and lock as the database has them now (staff permissions are read so). */
export async function readStaffStanding(db: Database, userId: string) {
  const [row] = await db
    .select({ role: users.role, lockedAt: users.lockedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
