import { passwordUserInputs } from '@vitrin/contracts/password-strength';
import { toPersianDigits } from '@vitrin/fa';
import { eq } from 'drizzle-orm';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../lib/app-error';
import { rateLimitKeyOf } from '../../lib/client-address';
import { assertNotLimited, consumeOrThrow, createLimiter } from '../../lib/limiter';
import { createOtpService, type OtpDependencies } from './otp.service';
import { assertStrongPassword, hashPassword, verifyPassword } from './password';
import { type UserRole, users } from './schema';
import { type ClientContext, revokeUserSessions, startSession } from './sessions.service';

// Password sign-in is throttled per number AND address together: a stranger's wrong guesses
// from their address slow down only them, never the owner signing in from elsewhere (locking a
// number for everyone was a way to lock any customer out). Code sign-in is never throttled here.
/** Wrong passwords one number may take from one address before each further one costs a wait. */
export const FREE_PASSWORD_FAILURES = 5;
/** The first wait after the free failures; each further failure doubles it, up to the longest. */
export const FIRST_PASSWORD_PAUSE_SECONDS = 30;
export const LONGEST_PASSWORD_PAUSE_SECONDS = 15 * 60;
/** How long a number and address's failures are remembered when no sign-in succeeds. */
const PASSWORD_FAILURES_REMEMBERED_SECONDS = 24 * 3600;
const PASSWORD_FAILURES_PER_ADDRESS_PER_HOUR = 30;
/** Failures on one account within an hour, from any address, that earn its owner an SMS. */
export const ALERT_AFTER_FAILURES_PER_HOUR = 10;
/** At most one such SMS per account in this long, however long the attack goes on. */
export const ALERT_AT_MOST_EVERY_SECONDS = 6 * 3600;
/** check-user answers per number an hour: a person asks about their own number a few times. */
export const CHECK_USER_PER_NUMBER_PER_HOUR = 20;

/** The wait after a number and address's `failures`-th wrong password: 0 while still free. */
export function passwordPauseSeconds(failures: number): number {
  if (failures <= FREE_PASSWORD_FAILURES) return 0;
  const doublings = failures - FREE_PASSWORD_FAILURES - 1;
  return Math.min(FIRST_PASSWORD_PAUSE_SECONDS * 2 ** doublings, LONGEST_PASSWORD_PAUSE_SECONDS);
}

/** How long to wait, in Persian: seconds under a minute, whole minutes (rounded up) above. */
function waitText(seconds: number): string {
  return seconds < 60
    ? `${toPersianDigits(seconds)} ثانیه`
    : `${toPersianDigits(Math.ceil(seconds / 60))} دقیقه`;
}

const pausedMessage = (seconds: number) =>
  `چند بار رمز عبور نادرست وارد شد؛ ورود با رمز عبور برای این شماره تا ${waitText(seconds)} دیگر بسته است. ورود با کد پیامکی همچنان باز است.`;

// No address, no time, no count of tries: the owner needs to know what to do, not who it was.
const FAILURE_BURST_SMS =
  'ویترین: در ساعت گذشته چند بار با رمز عبور نادرست برای ورود به حساب شما تلاش شد. اگر شما نبودید، رمز عبور را عوض کنید. ورود با کد پیامکی برای شما همچنان باز است.';

const NO_ACCOUNT_MESSAGE = 'حسابی با این شماره پیدا نشد؛ ثبت‌نام کنید';

export interface Identity {
  id: string;
  jwtToken: string;
  refreshToken: string;
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** What sign-up and sign-in need from the app (the app itself fits it). */
export interface AccountsDependencies extends OtpDependencies {
  accessTokens: {
    sign(user: { id: string; role: UserRole }, sessionId: string): Promise<string>;
  };
}

/** Sign-up, sign-in by password or code, and password reset (issue 3, spec §4 and §7). */
export function createAccountsService(app: AccountsDependencies) {
  const otp = createOtpService(app);
  const store = { redis: app.redis, prefix: app.config.redisKeyPrefix };
  const failuresByNumberAndAddress = createLimiter(
    {
      name: 'password-failures-pair',
      // A count, not a limit: passwordPauseSeconds decides what each failure costs.
      points: Number.MAX_SAFE_INTEGER,
      durationSeconds: PASSWORD_FAILURES_REMEMBERED_SECONDS,
    },
    store,
  );
  // Only ever blocked (limiter.block) for the wait a failure earned; its points are unused.
  const pausesByNumberAndAddress = createLimiter(
    { name: 'password-pause-pair', points: 1, durationSeconds: LONGEST_PASSWORD_PAUSE_SECONDS },
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
  const failuresByAccount = createLimiter(
    { name: 'password-failures-account', points: Number.MAX_SAFE_INTEGER, durationSeconds: 3600 },
    store,
  );
  const burstAlertsByAccount = createLimiter(
    { name: 'password-burst-alert', points: 1, durationSeconds: ALERT_AT_MOST_EVERY_SECONDS },
    store,
  );
  const checksByNumber = createLimiter(
    { name: 'check-user-number', points: CHECK_USER_PER_NUMBER_PER_HOUR, durationSeconds: 3600 },
    store,
  );
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

  /** The key of one number's password tries from one address. */
  const pairKey = (mobile: string, address: string) => `${mobile}|${address}`;

  /**
   * Tells an account's owner by SMS once its failures within the hour reach the alert level,
   * at most once per ALERT_AT_MOST_EVERY_SECONDS; every node sees the same counts (Redis).
   */
  async function alertOwnerOnBurst(mobile: string): Promise<void> {
    const { consumedPoints } = await failuresByAccount.consume(mobile);
    if (consumedPoints < ALERT_AFTER_FAILURES_PER_HOUR) return;
    try {
      await burstAlertsByAccount.consume(mobile);
    } catch (error) {
      if (error instanceof RateLimiterRes) return; // already told within the period
      throw error;
    }
    try {
      await app.sms.sendNotice({ to: mobile, text: FAILURE_BURST_SMS });
    } catch (error) {
      // Released, so the next failure tries again; the sign-in answer does not depend on it.
      app.log.warn({ err: error, provider: app.sms.name }, 'password failure alert SMS not sent');
      await burstAlertsByAccount.delete(mobile);
    }
  }

  /** Counts a wrong password; past the free ones, the number and address must wait. */
  async function recordPasswordFailure(
    mobile: string,
    address: string,
    owner: { passwordHash: string | null; mobileVerifiedAt: Date | null } | undefined,
  ): Promise<void> {
    const pair = pairKey(mobile, address);
    const { consumedPoints: failures } = await failuresByNumberAndAddress.consume(pair);
    // Only a proven number with a password has an owner to tell, and a password to change.
    if (owner?.passwordHash && owner.mobileVerifiedAt) await alertOwnerOnBurst(mobile);
    await consumeOrThrow(passwordFailuresByAddress, address);
    const pauseSeconds = passwordPauseSeconds(failures);
    if (pauseSeconds > 0) {
      await pausesByNumberAndAddress.block(pair, pauseSeconds);
      throw new AppError('RATE_LIMITED', pausedMessage(pauseSeconds), {
        retryAfterSeconds: pauseSeconds,
      });
    }
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
      await assertStrongPassword(password, passwordUserInputs({ mobile }), 'password');
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

    /**
     * Password sign-in. Wrong passwords slow down the number and address they came from (growing
     * waits) and the address across numbers; a burst on one account is told to its owner.
     */
    async authenticate(mobile: string, password: string, context: ClientContext) {
      const address = rateLimitKeyOf(context.ipAddress);
      const pair = pairKey(mobile, address);
      await assertNotLimited(pausesByNumberAndAddress, pair, pausedMessage);
      await assertNotLimited(passwordFailuresByAddress, address);
      const user = await findByMobile(mobile);
      const matches = await verifyPassword(
        password,
        user?.passwordHash ?? (await hashForAbsentPassword()),
      );
      if (!user?.passwordHash || !matches) {
        await recordPasswordFailure(mobile, address, user);
        throw new AppError('WRONG_CREDENTIALS');
      }
      if (!user.mobileVerifiedAt) throw new AppError('ACCOUNT_NOT_VERIFIED');
      await failuresByNumberAndAddress.delete(pair);
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
      // Before the code is spent, so a refused password costs no new code. Only the number, which
      // the caller already knows: the account's name here would let anyone probe it.
      await assertStrongPassword(newPassword, passwordUserInputs({ mobile }), 'newPassword');
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
      const pair = pairKey(mobile, rateLimitKeyOf(context.ipAddress));
      await Promise.all([
        failuresByNumberAndAddress.delete(pair),
        pausesByNumberAndAddress.delete(pair),
      ]);
      return signIn(user, context);
    },
  };
}
