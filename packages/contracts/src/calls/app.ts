import { z } from 'zod';
import { defineCall } from '../call';
import { APP_VERSION_PATTERN } from '../constants';
import { dateText, multilineText, text, timestamp } from '../fields';

/** Versions and clock of the running server; the apps compare their own version to it. */
export const getAppInfo = defineCall({
  path: '/api/app/get-app-info',
  summary: 'نام، نسخه‌ها و ساعت سرور',
  tag: 'app',
  access: 'public',
  request: z.strictObject({}),
  response: z.object({
    name: z.string(),
    webVersion: z.string(),
    androidVersion: z.string(),
    serverTime: timestamp,
  }),
});

/**
 * An error the web or Android app hit in a person's browser, sent so staff can see what broke
 * for customers. Stored, rate-limited per address, answered with the report's id.
 */
export const reportClientError = defineCall({
  path: '/api/app/report-client-error',
  summary: 'گزارش خطای رخ‌داده در مرورگر یا اپ',
  tag: 'app',
  access: 'public',
  request: z.strictObject({
    message: text({ max: 1000 }),
    stack: multilineText({ max: 8000 }).optional(),
    pageUrl: z.url({ protocol: /^https?$/ }).max(2000),
    release: text({ max: 40 }),
    platform: z.enum(['web', 'android']),
    occurredAt: dateText(),
  }),
  response: z.object({ id: z.string() }),
});

export const APP_PLATFORMS = ['android', 'web'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** A build's version name (spec §9), e.g. 1.4.700. */
export const appVersion = z
  .string()
  .max(20)
  .regex(APP_VERSION_PATTERN, { message: 'نسخه باید سه عدد با نقطه باشد، مانند ۱.۴.۷۰۰' });

/** The APK this server hands out: its address, size in bytes and SHA-256 in lower-case hex. */
export const androidApk = z.object({
  url: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  version: z.string(),
});

/**
 * Whether a build is current: the latest and the lowest supported version of its platform, and
 * where to get the Android app (our own APK and the two app stores; each null when this server
 * does not offer it). A caller that sends no version (the download page) gets both flags false.
 */
export const getAppVersion = defineCall({
  path: '/api/app/get-app-version',
  summary: 'آخرین نسخه، کمترین نسخهٔ پشتیبانی‌شده و پیوندهای دریافت اپ',
  tag: 'app',
  access: 'public',
  request: z.strictObject({
    platform: z.enum(APP_PLATFORMS),
    version: appVersion.optional(),
  }),
  response: z.object({
    latest: z.string(),
    minimum: z.string(),
    /** Below the minimum: the app must be updated before it is used. */
    updateRequired: z.boolean(),
    /** Below the latest: a newer version exists. */
    updateAvailable: z.boolean(),
    links: z.object({
      apk: androidApk.nullable(),
      cafeBazaar: z.string().nullable(),
      myket: z.string().nullable(),
    }),
  }),
});
