import { z } from 'zod';
import { defineCall } from '../call';
import { SERVICE_STATUSES } from '../constants';
import { text, timestamp } from '../fields';
import { IP_ADDRESS_PROBLEMS, readIpAddress, SERVER_ADDRESSES_MAX } from '../ip-address';
import { listPaging, listResult } from '../list';
import { staffReason } from './admin';
import { entityId } from './catalog';

// Provisioning (issue 20, decision 0020): what the customer sees of a service's account on its
// panel, and what staff do with panel servers and with services whose setup needs a person.

export const PANEL_KIND_LABELS = {
  sandbox: 'پنل آزمایشی داخلی',
  whm: 'cPanel/WHM',
  directadmin: 'DirectAdmin',
  'site-builder': 'سایت‌ساز ویترین',
} as const;
export const PANEL_KINDS = ['sandbox', 'whm', 'directadmin', 'site-builder'] as const;
export const panelKind = z.enum(PANEL_KINDS);

/** What an account uses and may use, in MiB; a null limit is unlimited. */
export const accountUsage = z.object({
  diskUsedMb: z.number(),
  diskLimitMb: z.number().nullable(),
  bandwidthUsedMb: z.number(),
  bandwidthLimitMb: z.number().nullable(),
  sites: z.number().int().nullable(),
});

/** One line of a service's timeline. */
export const serviceEventView = z.object({
  id: z.string(),
  at: timestamp,
  kind: z.string(),
  message: z.string(),
  fromStatus: z.enum(SERVICE_STATUSES).nullable(),
  toStatus: z.enum(SERVICE_STATUSES).nullable(),
  actor: z.enum(['system', 'customer', 'staff', 'panel']),
  attempt: z.number().int().nullable(),
});

export const getServiceAccess = defineCall({
  path: '/api/user/services/get-service-access',
  summary: 'دسترسی به حساب سرویس روی کنترل پنل: نشانی، نام کاربری، مصرف و رویدادها',
  tag: 'services',
  access: 'user',
  request: z.strictObject({ serviceId: entityId }),
  response: z.object({
    /** Null until the service has an account on a panel (or when it is delivered by hand). */
    account: z
      .object({
        panelName: z.string(),
        username: z.string(),
        domain: z.string().nullable(),
        /** Where the site is served, when the panel serves it (the sandbox panel). */
        siteUrl: z.string().nullable(),
        /** Single sign-on works in these states (the account exists and is not removed). */
        canSignIn: z.boolean(),
        /** Where to point the site's domain: its server's nameservers (issue 35); may be empty. */
        nameservers: z.array(z.string()),
      })
      .nullable(),
    /** Null when the panel could not be asked (it is down) or there is no account. */
    usage: accountUsage.nullable(),
    /** Why usage is missing although there is an account, in Persian. */
    usageProblem: z.string().nullable(),
    /** The owner asked to end it at the end of its term: when that is. */
    cancellation: z.object({ requestedAt: timestamp, endsAt: timestamp.nullable() }).nullable(),
    /** While setting up: since when, and how many attempts so far. */
    setup: z.object({ since: timestamp, attempts: z.number().int() }).nullable(),
    timeline: z.array(serviceEventView),
  }),
});

const ownPassword = z.strictObject({
  serviceId: entityId,
  /** The person's own Vitrin password, asked again before a secret is shown. */
  password: z.string().min(1).max(200),
});

export const revealPanelPassword = defineCall({
  path: '/api/user/services/reveal-panel-password',
  summary: 'نمایش گذرواژهٔ کنترل پنل پس از وارد کردن دوبارهٔ گذرواژهٔ حساب',
  tag: 'services',
  access: 'user',
  request: ownPassword,
  response: z.object({ password: z.string() }),
});

export const resetPanelPassword = defineCall({
  path: '/api/user/services/reset-panel-password',
  summary: 'ساختن گذرواژهٔ تازه برای کنترل پنل',
  tag: 'services',
  access: 'user',
  request: ownPassword,
  response: z.object({ password: z.string() }),
});

export const requestServiceCancellation = defineCall({
  path: '/api/user/services/request-cancellation',
  summary: 'درخواست لغو سرویس در پایان دورهٔ پرداخت‌شده، یا پس گرفتن آن',
  tag: 'services',
  access: 'user',
  request: z.strictObject({
    serviceId: entityId,
    /** False withdraws an earlier request. */
    cancel: z.boolean(),
    reason: text({ min: 0, max: 500 }).optional(),
  }),
  response: z.object({
    /** When the service will end; null when no cancellation is pending. */
    endsAt: timestamp.nullable(),
  }),
});

export const openControlPanel = defineCall({
  path: '/api/user/services/open-control-panel',
  summary: 'نشانی یک‌بارمصرف ورود به کنترل پنل (SSO)',
  tag: 'services',
  access: 'user',
  request: z.strictObject({ serviceId: entityId }),
  response: z.object({ url: z.string() }),
});

/** A redacted exchange with a panel: what staff read when a setup failed. */
export const panelCallView = z.object({
  operation: z.string(),
  method: z.string(),
  url: z.string(),
  requestBody: z.string().nullable(),
  status: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
});

export const setupQueueRow = z.object({
  serviceId: z.string(),
  name: z.string(),
  status: z.enum(SERVICE_STATUSES),
  customer: z.object({ id: z.string(), name: z.string().nullable(), mobile: z.string() }),
  server: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** When it entered its current state, and when it was paid. */
  since: timestamp,
  paidAt: timestamp.nullable(),
  attempts: z.number().int(),
  lastMessage: z.string().nullable(),
});

export const getSetupQueue = defineCall({
  path: '/api/admin/provisioning/get-setup-queue',
  summary: 'صف راه‌اندازی: سرویس‌هایی که باید فعال باشند و نیستند',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({ onlyNeedsAttention: z.boolean().optional(), ...listPaging }),
  response: listResult(setupQueueRow).extend({
    /** Services waiting for a person, whatever the filter. */
    needsAttention: z.number().int(),
  }),
});

export const getServiceTimeline = defineCall({
  path: '/api/admin/services/get-service-timeline',
  summary: 'رویدادهای یک سرویس با درخواست و پاسخ پنل (بی‌اطلاعات محرمانه)',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({ serviceId: entityId }),
  response: z.object({
    service: setupQueueRow.omit({ attempts: true, lastMessage: true }).extend({
      panelUsername: z.string().nullable(),
      packageName: z.string().nullable(),
    }),
    events: z.array(serviceEventView.extend({ calls: z.array(panelCallView) })),
  }),
});

export const retrySetup = defineCall({
  path: '/api/admin/provisioning/retry-setup',
  summary: 'تلاش دوباره برای راه‌اندازی، روی همان سرور یا سروری دیگر',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({
    serviceId: entityId,
    /** Move it to this server first (only before an account was made on the old one). */
    serverId: entityId.optional(),
    reason: staffReason.optional(),
  }),
  response: z.object({ status: z.enum(SERVICE_STATUSES) }),
});

export const completeSetupByHand = defineCall({
  path: '/api/admin/provisioning/complete-setup-by-hand',
  summary: 'ثبت راه‌اندازی دستی: کارشناس حساب را خودش ساخته است',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({ serviceId: entityId, reason: staffReason }),
  response: z.object({ status: z.enum(SERVICE_STATUSES) }),
});

export const panelServerView = z.object({
  id: z.string(),
  name: z.string(),
  kind: panelKind,
  baseUrl: z.string(),
  groupName: z.string(),
  capacity: z.number().int(),
  /** The nameservers its accounts' domains point at, shown to their owners. */
  nameservers: z.array(z.string()),
  /** The IPv4 and IPv6 addresses its accounts' sites answer on (issue 38); may be empty. */
  addresses: z.array(z.string()),
  enabled: z.boolean(),
  /** Accounts on it now (services not terminated or cancelled). */
  accounts: z.number().int(),
  createdAt: timestamp,
});

export const getPanelServers = defineCall({
  path: '/api/admin/provisioning/get-panel-servers',
  summary: 'سرورهای کنترل پنل با گروه، ظرفیت و بار',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({}),
  response: z.object({ items: z.array(panelServerView) }),
});

/** A nameserver's host name, such as ns1.example.com. */
export const nameserver = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    message: 'نام نیم‌سرور را مانند ns1.example.com بنویسید',
  });

/**
 * A server's IPv4 or IPv6 address, written in its canonical form. Private, loopback and other
 * special-purpose addresses are refused here; an address of the documentation ranges passes, and
 * the server refuses it on any panel but the sandbox (ip-address.ts).
 */
export const serverAddress = z
  .string()
  .max(64)
  .transform((value, context) => {
    const read = readIpAddress(value);
    if (!read || read.scope === 'special') {
      context.addIssue({
        code: 'custom',
        message: read ? IP_ADDRESS_PROBLEMS.special : IP_ADDRESS_PROBLEMS.invalid,
      });
      return z.NEVER;
    }
    return read.canonical;
  });

export const savePanelServer = defineCall({
  path: '/api/admin/provisioning/save-panel-server',
  summary: 'افزودن یا ویرایش سرور کنترل پنل (اطلاعات ورود فقط نوشته می‌شود)',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({
    /** Left out: a new server. */
    id: entityId.optional(),
    name: text({ min: 2, max: 60 }),
    kind: panelKind,
    /** `https://host:port`; empty for the sandbox. */
    baseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
    groupName: text({ min: 1, max: 40 }),
    capacity: z.number().int().min(1).max(1_000_000),
    /** Shown to customers on the service page, in order; none, or two to four. */
    nameservers: z
      .array(nameserver)
      .max(4, 'حداکثر چهار نیم‌سرور')
      .refine((list) => list.length !== 1, 'دست‌کم دو نیم‌سرور بنویسید')
      .refine((list) => new Set(list).size === list.length, 'نیم‌سرور تکراری است')
      .default([]),
    /**
     * The addresses its accounts' sites answer on, in order: provisioning points a hosted
     * domain's zone at them (issue 38). Left out, an edit keeps the saved ones.
     */
    addresses: z
      .array(serverAddress)
      .max(SERVER_ADDRESSES_MAX, IP_ADDRESS_PROBLEMS.tooMany)
      .refine((list) => new Set(list).size === list.length, IP_ADDRESS_PROBLEMS.duplicate)
      .optional(),
    enabled: z.boolean(),
    /**
     * What the driver needs (WHM: username, apiToken; DirectAdmin: username, loginKey, ip?;
     * site builder: secret). Required for a new server; left out, an edit keeps the old ones.
     */
    credentials: z.record(z.string(), z.string()).optional(),
    reason: staffReason.optional(),
  }),
  response: panelServerView,
});

export const testPanelServer = defineCall({
  path: '/api/admin/provisioning/test-panel-server',
  summary: 'آزمودن اتصال به سرور کنترل پنل',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({ serverId: entityId }),
  response: z.object({
    ok: z.boolean(),
    version: z.string().nullable(),
    accounts: z.number().int().nullable(),
    /** Why it failed, for staff (English from the driver). */
    error: z.string().nullable(),
    durationMs: z.number(),
  }),
});

export const productProvisioningView = z.object({
  productId: z.string(),
  productName: z.string(),
  groupName: z.string(),
  packageName: z.string(),
  graceDays: z.number().int(),
  terminateAfterDays: z.number().int(),
});

export const getProductProvisioning = defineCall({
  path: '/api/admin/provisioning/get-product-provisioning',
  summary: 'محصولاتی که خودکار روی پنل راه‌اندازی می‌شوند، با گروه سرور و بستهٔ هر کدام',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({}),
  response: z.object({ items: z.array(productProvisioningView) }),
});

export const saveProductProvisioning = defineCall({
  path: '/api/admin/provisioning/save-product-provisioning',
  summary: 'وصل کردن محصول به گروه سرور و بسته، با روزهای ارفاق و حذف',
  tag: 'admin',
  access: { permission: 'services.manage' },
  request: z.strictObject({
    productId: entityId,
    /** Null: delivered by hand from now on. */
    provisioning: z
      .strictObject({
        groupName: text({ min: 1, max: 40 }),
        packageName: text({ min: 1, max: 80 }),
        graceDays: z.number().int().min(0).max(90),
        terminateAfterDays: z.number().int().min(1).max(365),
      })
      .nullable(),
    reason: staffReason.optional(),
  }),
  response: z.object({ items: z.array(productProvisioningView) }),
});
