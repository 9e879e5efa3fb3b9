import { MOBILE_INVALID_MESSAGE, normalizeMobile, toLatinDigits } from '@vitrin/fa';
import { z } from 'zod';
import { defineCall } from '../call';
import { USER_ROLES } from '../constants';
import { text, timestamp } from '../fields';

/** A mobile number in any common form (API.md), normalised to E.164. */
export const mobileInput = () =>
  z
    .string()
    .max(40)
    .transform((value, ctx) => {
      const mobile = normalizeMobile(value);
      if (mobile) return mobile;
      ctx.addIssue({ code: 'custom', message: MOBILE_INVALID_MESSAGE });
      return z.NEVER;
    });

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A new password's length. How guessable it is (common passwords, the mobile number, keyboard
 * rows) is checked by the server with `@vitrin/contracts/password-strength`, which needs its
 * dictionaries loaded and so cannot run inside this schema; no rule on letters and digits, which
 * `password1` passes and a long passphrase fails.
 */
export const passwordInput = () =>
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, 'رمز عبور باید دست‌کم ۸ نویسه باشد')
    .max(PASSWORD_MAX_LENGTH, 'رمز عبور حداکثر ۱۲۸ نویسه است');

/** A one-time code as typed: 5 or 6 digits, Persian or Latin. */
export const codeInput = () =>
  z
    .string()
    .max(12)
    .transform((value) => toLatinDigits(value).replace(/\s/g, ''))
    .refine((value) => /^\d{5,6}$/.test(value), { message: 'کد باید ۵ یا ۶ رقم باشد' });

/** Spec §3: the signed-in identity. */
export const identity = z.object({
  id: z.string(),
  jwtToken: z.string(),
  refreshToken: z.string(),
});

const codeSent = z.object({
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int(),
  /** Seconds before another code may be asked for. */
  resendInSeconds: z.number().int(),
});

export const checkUser = defineCall({
  path: '/api/jwt/check-user',
  summary: 'آیا این شماره حساب دارد و رمز عبور دارد',
  tag: 'auth',
  access: 'public',
  request: z.strictObject({ username: mobileInput() }),
  response: z.object({ exists: z.boolean(), hasPassword: z.boolean() }),
});

export const register = defineCall({
  path: '/api/jwt/register',
  summary: 'ساخت حساب تأییدنشده؛ شماره با کد پیامکی تأیید می‌شود',
  tag: 'auth',
  access: 'public',
  request: z.strictObject({ mobileNumber: mobileInput(), password: passwordInput() }),
  response: z.object({ id: z.string(), mobileNumber: z.string(), verified: z.boolean() }),
});

export const authenticate = defineCall({
  path: '/api/jwt/authenticate',
  summary: 'ورود با شماره موبایل و رمز عبور',
  tag: 'auth',
  access: 'public',
  request: z.strictObject({
    username: mobileInput(),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  }),
  response: identity,
});

export const sendSignInTemporaryCode = defineCall({
  path: '/api/jwt/send-sign-in-temporary-code',
  summary: 'ارسال کد ورود یک‌بارمصرف با پیامک',
  tag: 'auth',
  access: 'public',
  request: z.strictObject({ username: mobileInput() }),
  response: codeSent,
});

export const sendTempCode = defineCall({
  path: '/api/jwt/send-temp-code',
  summary: 'ارسال کد تأیید شماره یا بازیابی رمز عبور با پیامک',
  tag: 'auth',
  access: 'public',
  request: z.strictObject({ username: mobileInput() }),
  response: codeSent,
});

export const verifyTemporaryCode = defineCall({
  path: '/api/jwt/verify-temporary-code',
  summary: 'ورود با کد پیامکی (و تأیید شماره در ثبت‌نام)',
  tag: 'auth',
  access: 'public',
  request: z.strictObject({ input: mobileInput(), code: codeInput() }),
  response: identity,
});

export const resetPassword = defineCall({
  path: '/api/jwt/reset-password',
  summary: 'تعیین رمز عبور تازه با کد پیامکی',
  tag: 'auth',
  access: 'public',
  request: z.strictObject({
    username: mobileInput(),
    code: codeInput(),
    newPassword: passwordInput(),
  }),
  response: identity,
});

export const refreshToken = defineCall({
  path: '/api/jwt/refresh-token',
  summary: 'توکن تازه با توکن نوسازی (در بدنه یا کوکی)',
  tag: 'auth',
  access: 'public',
  request: z.strictObject({ token: z.string().min(20).max(200).optional() }),
  response: identity,
});

export const revokeToken = defineCall({
  path: '/api/jwt/revoke-token',
  summary: 'خروج: باطل کردن توکن نوسازی (در بدنه یا کوکی)',
  tag: 'auth',
  access: 'public',
  request: z.strictObject({ Token: z.string().min(20).max(200).optional() }),
  response: z.object({}),
});

export const session = z.object({
  id: z.string(),
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: timestamp,
  lastUsedAt: timestamp,
  current: z.boolean(),
});

export const getUserRefreshTokens = defineCall({
  path: '/api/jwt/get-user-refresh-tokens',
  summary: 'نشست‌های فعال کاربر',
  tag: 'auth',
  access: 'user',
  request: z.strictObject({}),
  response: z.array(session),
});

export const revokeUserRefreshToken = defineCall({
  path: '/api/jwt/revoke-user-refresh-token',
  summary: 'پایان دادن به یکی از نشست‌های کاربر',
  tag: 'auth',
  access: 'user',
  request: z.strictObject({ id: z.uuid() }),
  response: z.object({}),
});

export const userInfo = z.object({
  id: z.string(),
  mobileNumber: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(USER_ROLES),
  hasPassword: z.boolean(),
  createdAt: timestamp,
  ordersCount: z.number().int(),
  servicesCount: z.number().int(),
});

export const getJwtUserInfo = defineCall({
  path: '/api/jwt/get-user-info',
  summary: 'مشخصات کاربر واردشده با شمار سفارش‌ها و سرویس‌ها',
  tag: 'auth',
  access: 'user',
  request: z.strictObject({}),
  response: userInfo,
});

export const getUserInfo = defineCall({
  path: '/api/user/get-user-info',
  summary: 'مشخصات کاربر واردشده با شمار سفارش‌ها و سرویس‌ها',
  tag: 'user',
  access: 'user',
  request: z.strictObject({}),
  response: userInfo,
});

export const updateProfile = defineCall({
  path: '/api/user/update-profile',
  summary: 'ویرایش نام و ایمیل',
  tag: 'user',
  access: 'user',
  request: z.strictObject({
    firstName: text({ max: 60 }).nullable(),
    lastName: text({ max: 60 }).nullable(),
    email: z.email('نشانی ایمیل درست نیست').max(254).nullable(),
  }),
  response: userInfo,
});

export const changePassword = defineCall({
  path: '/api/user/change-password',
  summary: 'تغییر رمز عبور؛ نشست‌های دیگر بسته می‌شوند',
  tag: 'user',
  access: 'user',
  request: z.strictObject({
    currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
    newPassword: passwordInput(),
  }),
  response: z.object({}),
});

/** Spec §3: a red-dot item; `not-signed-in` is the one a signed-out caller gets. */
export const redDot = z.object({ title: z.string(), value: z.number().int() });

export const getRedDotInfo = defineCall({
  path: '/api/app/get-red-dot-info',
  summary: 'نقطه‌های قرمز: آنچه کاربر باید ببیند',
  tag: 'app',
  access: 'public',
  request: z.strictObject({}),
  response: z.array(redDot),
});
