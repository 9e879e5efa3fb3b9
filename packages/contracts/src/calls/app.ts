import { z } from 'zod';
import { defineCall } from '../call';
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
