import { z } from 'zod';

// A plan's limits (issue 35 item 4): the one source the store's comparison cells, the package a
// hosting panel gets and the customer's usage bars are all drawn from. Each key is optional: a
// key that is absent is not part of the plan (a builder plan without a shop has no
// `storeProducts`), a key that is null is unlimited, a number is the limit. Sizes are in MiB.

export const PLAN_LIMIT_KEYS = [
  /** Storage (hosting, builder, WordPress; a VPS's disk). */
  'diskMb',
  /** Bandwidth (or a VPS's traffic) per month. */
  'bandwidthMb',
  /** Domains an account may serve (main plus addon). */
  'domains',
  /** WordPress sites on the account. */
  'sites',
  /** Pages of a builder site. */
  'pages',
  /** Products a builder shop may sell. */
  'storeProducts',
  /** E-mail accounts that come with a hosting plan. */
  'emailAccounts',
  'databases',
  'cpuCores',
  'ramMb',
  /** Dedicated IPv4 addresses. */
  'ipv4',
  /** Visits per month the plan is sized for (WordPress plans). */
  'monthlyVisits',
  /** Business e-mail: mailboxes on the domain. */
  'mailboxes',
  /** Business e-mail: each mailbox's quota. */
  'mailboxQuotaMb',
  /** Business e-mail: the largest attachment a message may carry. */
  'attachmentMb',
] as const;

export type PlanLimitKey = (typeof PLAN_LIMIT_KEYS)[number];

/** Absent: not part of the plan. null: unlimited. A number: the limit. */
export type PlanLimits = Partial<Record<PlanLimitKey, number | null>>;

const limitValue = z
  .number()
  .int('عدد صحیح وارد کنید')
  .positive('عدد مثبت وارد کنید')
  .max(1_000_000_000, 'عدد بیش از اندازه بزرگ است')
  .nullable();

export const planLimitsSchema: z.ZodType<PlanLimits> = z.strictObject(
  Object.fromEntries(PLAN_LIMIT_KEYS.map((key) => [key, limitValue.optional()])) as Record<
    PlanLimitKey,
    z.ZodOptional<typeof limitValue>
  >,
);

/** Persian labels of the keys, for the console's product form. */
export const PLAN_LIMIT_LABELS: Record<PlanLimitKey, string> = {
  diskMb: 'فضای ذخیره‌سازی (مگابایت)',
  bandwidthMb: 'پهنای باند یا ترافیک ماهانه (مگابایت)',
  domains: 'تعداد دامنه',
  sites: 'تعداد سایت',
  pages: 'تعداد صفحه',
  storeProducts: 'تعداد محصول فروشگاه',
  emailAccounts: 'حساب ایمیل',
  databases: 'پایگاه داده',
  cpuCores: 'هستهٔ پردازنده',
  ramMb: 'حافظهٔ رم (مگابایت)',
  ipv4: 'آی‌پی نسخهٔ ۴',
  monthlyVisits: 'بازدید ماهانه',
  mailboxes: 'تعداد صندوق ایمیل',
  mailboxQuotaMb: 'فضای هر صندوق (مگابایت)',
  attachmentMb: 'حداکثر حجم پیوست (مگابایت)',
};
