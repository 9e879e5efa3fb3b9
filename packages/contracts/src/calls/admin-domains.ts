import { z } from 'zod';
import { defineCall } from '../call';
import { text, timestamp } from '../fields';
import { listPaging, listResult } from '../list';
import { staffReason } from './admin';
import { entityId, rial } from './catalog';
import { DOMAIN_STATUSES, domainEvent, userDomain } from './domains';
import { nameserver } from './provisioning';

// Staff's side of domains (issue 38): the domains with their customer and registry timeline,
// what staff do to one that waits for them, importing names the company already manages, and
// the TLDs and registrar accounts. Admins only (the `services.manage` permission: a domain is
// delivered as a service is).

export const REGISTRAR_KIND_LABELS = {
  sandbox: 'ثبت‌کنندهٔ آزمایشی داخلی',
  epp: 'EPP (ثبت‌کنندهٔ بین‌المللی)',
  irnic: 'ایرنیک',
} as const;
export const REGISTRAR_KIND_NAMES = ['sandbox', 'epp', 'irnic'] as const;

export const staffDomainRow = userDomain.extend({
  customer: z.object({ id: z.string(), name: z.string(), mobile: z.string() }),
  registrar: z.string(),
  note: z.string().nullable(),
  /**
   * A paid renewal the registry has not confirmed yet, or one that waits for staff; `restore`
   * when it brings the name back from redemption first.
   */
  renewal: z
    .object({
      years: z.number().int(),
      state: z.enum(['pending', 'needs-attention']),
      restore: z.boolean(),
    })
    .nullable(),
});

export const listStaffDomains = defineCall({
  path: '/api/admin/domains/list-domains',
  summary: 'دامنه‌ها با مشتری، وضعیت و انقضا؛ جست‌وجو با نام دامنه یا مشتری',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({
    q: text({ max: 100 }).optional(),
    status: z.enum(DOMAIN_STATUSES).optional(),
    /** Only those a person must act on: needs-attention, or a renewal waiting for staff. */
    needsStaff: z.boolean().optional(),
    ...listPaging,
  }),
  response: listResult(staffDomainRow).extend({ needsStaff: z.number().int() }),
});

export const getStaffDomain = defineCall({
  path: '/api/admin/domains/get-domain',
  summary: 'یک دامنه با تاریخچه و گفت‌وگوی ثبت‌کننده (بی‌اطلاعات محرمانه)',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({ id: entityId }),
  response: staffDomainRow.extend({
    registeredAt: timestamp.nullable(),
    registryStatuses: z.array(z.string()),
    syncedAt: timestamp.nullable(),
    orderId: z.string().nullable(),
    timeline: z.array(
      domainEvent.extend({
        registry: z
          .object({ operation: z.string(), outcome: z.string(), code: z.number().nullable() })
          .nullable(),
        attempt: z.number().int().nullable(),
      }),
    ),
  }),
});

const domainAction = (path: string, summary: string) =>
  defineCall({
    path: `/api/admin/domains/${path}` as `/api/admin/domains/${string}`,
    summary,
    tag: 'admin',
    access: { permission: 'services.manage' },
    request: z.strictObject({ id: entityId, reason: staffReason }),
    response: z.object({ status: z.enum(DOMAIN_STATUSES) }),
  });

export const retryStaffDomain = domainAction(
  'retry-domain',
  'تلاش دوباره برای ثبت، انتقال یا تمدیدی که به کارشناس رسیده است',
);
export const syncStaffDomain = domainAction(
  'sync-domain',
  'خواندن دوبارهٔ دامنه از ثبت‌کننده و به‌روز کردن سوابق',
);
export const completeStaffDomain = domainAction(
  'complete-domain',
  'ثبت دستی: کارشناس دامنه را در ثبت‌کننده ثبت کرده است؛ از ثبت‌کننده خوانده می‌شود',
);
export const refundStaffDomain = domainAction(
  'refund-domain',
  'لغو دامنه‌ای که ثبت نشد و بازگرداندن مبلغ آن به کیف پول',
);

export const importStaffDomain = defineCall({
  path: '/api/admin/domains/import-domain',
  summary: 'افزودن دامنه‌ای که شرکت از پیش مدیریت می‌کند به حساب مشتری، بی‌هزینه',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({
    customerId: entityId,
    name: text({ min: 3, max: 300 }),
    reason: staffReason,
  }),
  response: z.object({ id: z.string(), status: z.enum(DOMAIN_STATUSES) }),
});

export const staffTld = z.object({
  tld: z.string(),
  ascii: z.string(),
  script: z.enum(['ascii', 'persian', 'idn']),
  minLength: z.number().int(),
  registrarAccountId: z.string(),
  registrarName: z.string(),
  years: z.array(z.number().int()),
  registerPriceRial: rial,
  renewPriceRial: rial,
  transferPriceRial: rial,
  restorePriceRial: rial,
  graceDays: z.number().int(),
  redemptionDays: z.number().int(),
  authCodeRequired: z.boolean(),
  enabled: z.boolean(),
  productId: z.string().nullable(),
  domains: z.number().int(),
});

export const listStaffTlds = defineCall({
  path: '/api/admin/domains/list-tlds',
  summary: 'پسوندهای فروشی با ثبت‌کننده، مدت‌ها و قیمت‌ها',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({}),
  response: z.object({ items: z.array(staffTld) }),
});

export const updateStaffTld = defineCall({
  path: '/api/admin/domains/update-tld',
  summary: 'ویرایش پسوند: فعال بودن، ثبت‌کننده، مدت‌ها و قیمت سالانه',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({
    tld: text({ min: 2, max: 63 }),
    enabled: z.boolean(),
    registrarAccountId: entityId,
    years: z
      .array(z.number().int().min(1).max(10))
      .min(1)
      .max(10)
      .refine((list) => new Set(list).size === list.length, 'مدت تکراری است'),
    registerPriceRial: rial.min(10, 'قیمت ثبت را وارد کنید'),
    renewPriceRial: rial.min(10, 'قیمت تمدید را وارد کنید'),
    transferPriceRial: rial,
    restorePriceRial: rial,
    graceDays: z.number().int().min(0).max(90),
    redemptionDays: z.number().int().min(0).max(90),
    authCodeRequired: z.boolean(),
    reason: staffReason.optional(),
  }),
  response: staffTld,
});

export const staffRegistrar = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(REGISTRAR_KIND_NAMES),
  endpoint: z.string(),
  enabled: z.boolean(),
  defaultNameservers: z.array(z.string()),
  tlds: z.array(z.string()),
});

export const listStaffRegistrars = defineCall({
  path: '/api/admin/domains/list-registrars',
  summary: 'حساب‌های ثبت‌کننده (بی‌گذرواژه و توکن)',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({}),
  response: z.object({ items: z.array(staffRegistrar) }),
});

export const testStaffRegistrar = defineCall({
  path: '/api/admin/domains/test-registrar',
  summary: 'آزمودن اتصال به ثبت‌کننده و خواندن موجودی حساب نمایندگی',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({ id: entityId }),
  response: z.object({
    ok: z.boolean(),
    /** In Persian: what answered, or why not. */
    message: z.string(),
    /** The reseller's balance where the registry reports one. */
    balanceRial: z.number().nullable(),
    millis: z.number().int(),
  }),
});

export const saveStaffRegistrar = defineCall({
  path: '/api/admin/domains/save-registrar',
  summary: 'افزودن یا ویرایش حساب ثبت‌کننده (اطلاعات ورود فقط نوشته می‌شود)',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({
    /** Left out: a new account. */
    id: entityId.optional(),
    name: text({ min: 2, max: 60 }),
    kind: z.enum(REGISTRAR_KIND_NAMES),
    /** EPP: `host:port` (700 by default); IRNIC: its HTTPS address; the sandbox: empty. */
    endpoint: z.string().max(300),
    enabled: z.boolean(),
    /** The nameservers a new domain of this account starts with: none, or two to four. */
    defaultNameservers: z
      .array(nameserver)
      .max(4, 'حداکثر چهار نام‌سرور')
      .refine((list) => list.length !== 1, 'دست‌کم دو نام‌سرور بنویسید')
      .refine((list) => new Set(list).size === list.length, 'نام‌سرور تکراری است')
      .default([]),
    /**
     * What the driver needs (EPP: clientId, password, and the registry's CA or our client
     * certificate and key in PEM; IRNIC: token, depositCode, resellerHandle). Required for a new
     * account but the sandbox's; left out, an edit keeps the old ones. Never read back.
     */
    credentials: z.record(z.string(), z.string().max(20_000)).optional(),
    reason: staffReason.optional(),
  }),
  response: staffRegistrar,
});
