import { toPersianDigits } from '@vitrin/fa';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type UserRole, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { assertNotLimited, consumeOrThrow, createLimiter } from '../../lib/limiter';
import { createOtpService } from './otp.service';
import { hashPassword, verifyPassword } from './password';
import { type ClientContext, revokeUserSessions, startSession } from './sessions.service';

/** Wrong passwords in a row for one number before it is locked, and for how long. */
export const PASSWORD_FAILURES_BEFORE_LOCK = 5;
export const PASSWORD_LOCK_SECONDS = 15 * 60;
const PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR = 30;
/** check-user answers per number an hour: a person asks about their own number a few times. */
export const CHECK_USER_PER_NUMBER_PER_HOUR = 20;

const NO_ACCOUNT_MESSAGE = 'حسابی با این شماره پیدا نشد؛ ثبت‌نام کنید';

export interface Identity {
  id: string;
  jwtToken: string;
  refreshToken: string;
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** Sign-up, sign-in by password or code, and password reset (issue 3, spec §4 and §7). */
export function createAccountsService(app: FastifyInstance) {
  const otp = createOtpService(app);
  const store = { redis: app.redis, prefix: app.config.redisKeyPrefix };
  const passwordFailuresByNumber = createLimiter(
    {
      name: 'password-failures-number',
      points: PASSWORD_FAILURES_BEFORE_LOCK,
      durationSeconds: PASSWORD_LOCK_SECONDS,
      blockSeconds: PASSWORD_LOCK_SECONDS,
    },
    store,
  );
  const passwordFailuresByAddress = createLimiter(
    {
      name: 'password-failures-address',
      points: PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR,
      durationSeconds: 3600,
    },
    store,
  );
  const checksByNumber = createLimiter(
    { name: 'check-user-number', points: CHECK_USER_PER_NUMBER_PER_HOUR, durationSeconds: 3600 },
    store,
  );
  const lockedMessage = (seconds: number) =>
    `ورود با رمز عبور برای این شماره موقتا بسته است؛ ${toPersianDigits(Math.ceil(seconds / 60))} دقیقه دیگر دوباره تلاش کنید یا با کد پیامکی وارد شوید`;
  // Compared against when the number has no password, so both cases take as long. Made on the
  // first such sign-in, not at start: a hash costs ~160 ms.
  let absentPasswordHash: Promise<string> | undefined;
  const hashForAbsentPassword = () => {
    absentPasswordHash ??= hashPassword('no account has this password 1405');
    return absentPasswordHash;
  };

  async function findByMobile(mobile: string) {
    const [user] = await app.db.select().from(users).where(eq(users.mobile, mobile));
    return user;
  }

  async function signIn(
    user: { id: string; role: UserRole },
    context: ClientContext,
  ): Promise<Identity> {
    // Staff lock an account from the console (issue 8); every way in ends here.
    const [row] = await app.db
      .select({ lockedAt: users.lockedAt })
      .from(users)
      .where(eq(users.id, user.id));
    if (row?.lockedAt) throw new AppError('ACCOUNT_LOCKED');
    const session = await startSession(app.db, user.id, context);
    return {
      id: user.id,
      jwtToken: await app.accessTokens.sign(user, session.sessionId),
      refreshToken: session.token,
    };
  }

  return {
    /** Whether the number has a verified account, and whether it can sign in with a password. */
    async checkUser(mobile: string) {
      await consumeOrThrow(checksByNumber, mobile);
      const user = await findByMobile(mobile);
      const verified = Boolean(user?.mobileVerifiedAt);
      return { exists: verified, hasPassword: verified && Boolean(user?.passwordHash) };
    },

    /** Creates an unverified account (or replaces an unverified one's password). */
    async register(mobile: string, password: string) {
      const existing = await findByMobile(mobile);
      if (existing?.mobileVerifiedAt) {
        throw new AppError('CONFLICT', 'این شماره پیش‌تر ثبت‌نام کرده است؛ وارد شوید');
      }
      const passwordHash = await hashPassword(password);
      // Anyone can type any number; until a code proves it, the account is only a claim, so a
      // second claim replaces the first instead of locking the owner out.
      const [row] = await app.db
        .insert(users)
        .values({ mobile, passwordHash })
        .onConflictDoUpdate({ target: users.mobile, set: { passwordHash, updatedAt: new Date() } })
        .returning({ id: users.id, mobile: users.mobile });
      if (!row) throw new Error('register returned no row');
      return { id: row.id, mobileNumber: row.mobile, verified: false };
    },

    /** Password sign-in, locked for a while after repeated failures. */
    async authenticate(mobile: string, password: string, context: ClientContext) {
      const address = context.ipAddress ?? 'unknown';
      await assertNotLimited(passwordFailuresByNumber, mobile, lockedMessage);
      await assertNotLimited(passwordFailuresByAddress, address);
      const user = await findByMobile(mobile);
      const matches = await verifyPassword(
        password,
        user?.passwordHash ?? (await hashForAbsentPassword()),
      );
      if (!user?.passwordHash || !matches) {
        await consumeOrThrow(passwordFailuresByNumber, mobile, lockedMessage);
        await consumeOrThrow(passwordFailuresByAddress, address);
        throw new AppError('WRONG_CREDENTIALS');
      }
      if (!user.mobileVerifiedAt) throw new AppError('ACCOUNT_NOT_VERIFIED');
      await passwordFailuresByNumber.delete(mobile);
      return signIn(user, context);
    },

    /** A sign-in code, for a verified account. */
    async sendSignInCode(mobile: string, context: ClientContext) {
      const user = await findByMobile(mobile);
      if (!user?.mobileVerifiedAt) throw new AppError('NOT_FOUND', NO_ACCOUNT_MESSAGE);
      return otp.issue(mobile, 'sign-in', context.ipAddress ?? 'unknown');
    },

    /** A code that proves the number: finishes sign-up, or allows a password reset. */
    async sendVerificationCode(mobile: string, context: ClientContext) {
      const user = await findByMobile(mobile);
      if (!user) throw new AppError('NOT_FOUND', NO_ACCOUNT_MESSAGE);
      return otp.issue(mobile, 'verify', context.ipAddress ?? 'unknown');
    },

    /** Signs in with a code; a verification code also marks the number as proven. */
    async verifyCode(mobile: string, code: string, context: ClientContext) {
      await otp.verify(mobile, code);
      const user = await findByMobile(mobile);
      if (!user) throw new AppError('OTP_EXPIRED');
      if (!user.mobileVerifiedAt) {
        await app.db
          .update(users)
          .set({ mobileVerifiedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, user.id));
      }
      return signIn(user, context);
    },

    /** Sets a new password with a code; every other session of the account ends. */
    async resetPassword(mobile: string, code: string, newPassword: string, context: ClientContext) {
      await otp.verify(mobile, code);
      const user = await findByMobile(mobile);
      if (!user) throw new AppError('OTP_EXPIRED');
      await app.db
        .update(users)
        .set({
          passwordHash: await hashPassword(newPassword),
          mobileVerifiedAt: user.mobileVerifiedAt ?? new Date(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      await revokeUserSessions(app.db, user.id, 'password-change');
      await passwordFailuresByNumber.delete(mobile);
      return signIn(user, context);
    },
  };
}
