import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { toPersianDigits } from '@vitrin/fa';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { type AccessTokenKeys, acceptedKeys } from '../../lib/access-token-keys';
import { AppError } from '../../lib/app-error';
import { rateLimitKeyOf } from '../../lib/client-address';
import { assertNotLimited, consumeOrThrow, createLimiter } from '../../lib/limiter';
import type { Logger } from '../../lib/logger';
import { SmsSendError, type SmsSender } from '../../providers/sms/sms-sender';
import { type OtpPurpose, otpCodes } from './schema';

export const OTP_CODE_LENGTH = 6;
export const OTP_TTL_SECONDS = 120;
export const OTP_MAX_WRONG_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_MAX_PER_NUMBER_PER_HOUR = 5;
export const OTP_MAX_PER_ADDRESS_PER_HOUR = 20;

function hashCode(secret: string, mobile: string, code: string): Buffer {
  return createHmac('sha256', secret).update(`${mobile}:${code}`).digest();
}

/**
 * Whether `code` is the one hashed into `storedHash` by any key the node accepts. Codes are
 * hashed with the current access-token key; a verify-only key stays accepted for at least the
 * 15 minutes of a token's life, far longer than a code's 2, so a code sent just before a key
 * rotation, or by a node not yet rotated, still verifies. (The hash input, `+98…:123456`, can
 * never be a token's signing input, which is base64url and a dot.)
 */
function codeMatches(keys: AccessTokenKeys, mobile: string, code: string, storedHash: string) {
  const expected = Buffer.from(storedHash, 'hex');
  return acceptedKeys(keys).some((key) => {
    const actual = hashCode(key.secret, mobile, code);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  });
}

function codeText(code: string, purpose: OtpPurpose): string {
  const what = purpose === 'sign-in' ? 'کد ورود شما به ویترین' : 'کد تأیید شما در ویترین';
  return `${what}: ${code}\nاین کد را به کسی ندهید.`;
}

function waitMessage(what: string) {
  return (seconds: number) =>
    `${what}؛ ${toPersianDigits(seconds < 60 ? seconds : Math.ceil(seconds / 60))} ${seconds < 60 ? 'ثانیه' : 'دقیقه'} دیگر دوباره تلاش کنید`;
}

export type OtpService = ReturnType<typeof createOtpService>;

/** What the code service needs from the app (the app itself fits it). */
export interface OtpDependencies {
  db: Database;
  redis: Redis | null;
  sms: SmsSender;
  log: Logger;
  config: Pick<AppConfig, 'redisKeyPrefix' | 'accessTokenKeys'>;
}

/** One-time codes: issue (with cooldowns and caps), send by SMS, verify (with a try limit). */
export function createOtpService(app: OtpDependencies) {
  const store = { redis: app.redis, prefix: app.config.redisKeyPrefix };
  const cooldown = createLimiter(
    { name: 'otp-cooldown', points: 1, durationSeconds: OTP_RESEND_COOLDOWN_SECONDS },
    store,
  );
  const perNumber = createLimiter(
    { name: 'otp-number-hour', points: OTP_MAX_PER_NUMBER_PER_HOUR, durationSeconds: 3600 },
    store,
  );
  const perAddress = createLimiter(
    { name: 'otp-address-hour', points: OTP_MAX_PER_ADDRESS_PER_HOUR, durationSeconds: 3600 },
    store,
  );

  return {
    /** Sends a fresh code to `mobile`; the previous unused code of that number stops working. */
    async issue(mobile: string, purpose: OtpPurpose, ipAddress: string) {
      const limits = [
        [cooldown, mobile, waitMessage('کد تازه هنوز قابل درخواست نیست')],
        [perNumber, mobile, waitMessage('برای این شماره کد زیادی درخواست شده')],
        [perAddress, rateLimitKeyOf(ipAddress), waitMessage('درخواست کد از این نشانی زیاد بوده')],
      ] as const;
      // Every limit is checked before any is spent: a request refused by one must not use up
      // another (a refused address would otherwise start the number's cooldown).
      for (const [limiter, key, message] of limits) await assertNotLimited(limiter, key, message);
      for (const [limiter, key, message] of limits) await consumeOrThrow(limiter, key, message);

      const code = String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');
      const now = new Date();
      const id = await app.db.transaction(async (tx) => {
        await tx
          .update(otpCodes)
          .set({ consumedAt: now })
          .where(and(eq(otpCodes.mobile, mobile), isNull(otpCodes.consumedAt)));
        const [row] = await tx
          .insert(otpCodes)
          .values({
            mobile,
            purpose,
            codeHash: hashCode(app.config.accessTokenKeys.current.secret, mobile, code).toString(
              'hex',
            ),
            requestIp: ipAddress,
            createdAt: now,
            expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
          })
          .returning({ id: otpCodes.id });
        return row?.id;
      });
      try {
        await app.sms.sendCode({ to: mobile, code, text: codeText(code, purpose) });
      } catch (error) {
        // A code nobody received must not stay valid, and the person must hear it failed.
        if (id)
          await app.db.update(otpCodes).set({ consumedAt: new Date() }).where(eq(otpCodes.id, id));
        if (error instanceof SmsSendError) {
          app.log.error({ err: error, provider: app.sms.name }, 'sms not sent');
          throw new AppError('SMS_NOT_SENT');
        }
        throw error;
      }
      return { expiresInSeconds: OTP_TTL_SECONDS, resendInSeconds: OTP_RESEND_COOLDOWN_SECONDS };
    },

    /** Uses up the number's current code when `code` matches it; returns what it was for. */
    async verify(mobile: string, code: string): Promise<OtpPurpose> {
      const outcome = await app.db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx
          .select()
          .from(otpCodes)
          .where(
            and(
              eq(otpCodes.mobile, mobile),
              isNull(otpCodes.consumedAt),
              gt(otpCodes.expiresAt, now),
            ),
          )
          .orderBy(desc(otpCodes.createdAt))
          .limit(1)
          .for('update');
        if (!row) return { kind: 'expired' } as const;
        if (codeMatches(app.config.accessTokenKeys, mobile, code, row.codeHash)) {
          await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, row.id));
          return { kind: 'ok', purpose: row.purpose } as const;
        }
        const wrongAttempts = row.wrongAttempts + 1;
        const exhausted = wrongAttempts >= OTP_MAX_WRONG_ATTEMPTS;
        await tx
          .update(otpCodes)
          .set({ wrongAttempts, ...(exhausted ? { consumedAt: now } : {}) })
          .where(eq(otpCodes.id, row.id));
        return { kind: 'wrong', left: OTP_MAX_WRONG_ATTEMPTS - wrongAttempts } as const;
      });
      // Thrown after the commit: a wrong try must count even though the call fails.
      if (outcome.kind === 'expired') throw new AppError('OTP_EXPIRED');
      if (outcome.kind === 'wrong') {
        throw new AppError(
          'OTP_WRONG',
          outcome.left > 0
            ? `کد واردشده نادرست است؛ ${toPersianDigits(outcome.left)} بار دیگر می‌توانید تلاش کنید`
            : 'کد واردشده نادرست است و دیگر معتبر نیست؛ کد تازه بگیرید',
        );
      }
      return outcome.purpose;
    },
  };
}
