import { z } from 'zod';
import { defineCall } from '../call';
import { timestamp } from '../fields';
import { BILLING_DOCUMENT_KINDS, TAX_SYSTEM_STATUSES, taxSystemMessage } from './billing-document';
import { entityId, rial } from './catalog';

// Staff's «سامانه مودیان» (issue 39, decision 0039): the company's connection to the tax
// organisation's e-invoice system, the documents that need a person, and a month's summary.
// Settings, testing and sending again change what reaches the organisation: `billing.manage`;
// reading the queue and the summary: `billing.read`.

/** A document must reach the organisation within this many days of its issue (circular 268/56504/د). */
export const TAX_DEADLINE_DAYS = 12;
/** Staff are told about a document not accepted this many days after its issue. */
export const TAX_NOTICE_DAYS = 7;

export const TAX_ENVIRONMENT_NAMES = ['built-in', 'sandbox', 'production'] as const;
export const TAX_ENVIRONMENT_LABELS: Record<(typeof TAX_ENVIRONMENT_NAMES)[number], string> = {
  'built-in': 'سامانهٔ آزمایشی داخلی (بدون اتصال به سازمان)',
  sandbox: 'محیط آزمایشی سازمان امور مالیاتی',
  production: 'سامانهٔ اصلی مودیان',
};

/** The memory id (شناسه یکتای حافظه مالیاتی): six capital letters and digits. */
export const taxMemoryId = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6}$/, 'شناسهٔ یکتای حافظهٔ مالیاتی شش حرف لاتین بزرگ یا رقم است');

/** A goods-and-services id (شناسه کالا/خدمت): 13 digits. */
export const taxServiceId = z
  .string()
  .trim()
  .regex(/^\d{13}$/, 'شناسهٔ کالا/خدمت سیزده رقم است');

const pem = (what: string) =>
  z
    .string()
    .trim()
    .max(20_000, `${what} بیش از اندازه بلند است`)
    .regex(
      /^-----BEGIN [A-Z ]+-----[\s\S]+-----END [A-Z ]+-----$/,
      `${what} باید در قالب PEM باشد`,
    );

export const taxSystemSettingsView = z.object({
  /** False until staff save a memory id, key and certificate: nothing is sent. */
  configured: z.boolean(),
  enabled: z.boolean(),
  environment: z.enum(TAX_ENVIRONMENT_NAMES),
  memoryId: z.string().nullable(),
  defaultServiceId: z.string().nullable(),
  /** The certificate's subject and validity; the key itself is never read back. */
  certificate: z
    .object({
      subject: z.string(),
      notBefore: timestamp,
      notAfter: timestamp,
      expired: z.boolean(),
    })
    .nullable(),
  updatedAt: timestamp.nullable(),
  deadlineDays: z.number().int(),
  noticeDays: z.number().int(),
});
export type TaxSystemSettingsView = z.infer<typeof taxSystemSettingsView>;

export const getTaxSystemSettings = defineCall({
  path: '/api/admin/tax-system/get-settings',
  summary: 'تنظیمات اتصال به سامانهٔ مودیان',
  tag: 'admin',
  access: { permission: 'billing.read' },
  request: z.strictObject({}),
  response: taxSystemSettingsView,
});

export const saveTaxSystemSettings = defineCall({
  path: '/api/admin/tax-system/save-settings',
  summary: 'ذخیرهٔ شناسهٔ حافظه، کلید و گواهی امضا و محیط سامانهٔ مودیان',
  tag: 'admin',
  access: { permission: 'billing.manage' },
  request: z.strictObject({
    enabled: z.boolean(),
    environment: z.enum(TAX_ENVIRONMENT_NAMES),
    memoryId: taxMemoryId,
    defaultServiceId: taxServiceId,
    /** Left out: the key already saved is kept (it is never shown). */
    privateKeyPem: pem('کلید خصوصی').optional(),
    /** Left out: the certificate already saved is kept. */
    certificatePem: pem('گواهی امضا').optional(),
  }),
  response: taxSystemSettingsView,
});

export const testTaxSystemConnection = defineCall({
  path: '/api/admin/tax-system/test-connection',
  summary: 'آزمودن اتصال: کلیدهای سازمان و وضعیت پرونده برای شناسهٔ حافظه',
  tag: 'admin',
  access: { permission: 'billing.manage' },
  request: z.strictObject({}),
  response: z.object({
    ok: z.boolean(),
    /** In Persian: what answered, or why not. */
    message: z.string(),
    serverTime: timestamp.nullable(),
    fiscal: z
      .object({
        nameTrade: z.string(),
        fiscalStatus: z.string(),
        economicCode: z.string().nullable(),
      })
      .nullable(),
    millis: z.number().int(),
  }),
});

export const taxQueueItem = z.object({
  documentId: z.string(),
  number: z.string(),
  kind: z.enum(BILLING_DOCUMENT_KINDS),
  issuedAt: timestamp,
  totalRial: rial,
  buyerName: z.string(),
  status: z.enum(TAX_SYSTEM_STATUSES),
  statusLabel: z.string(),
  taxId: z.string().nullable(),
  /** The organisation's errors, each with its Persian explanation. */
  errors: z.array(taxSystemMessage),
  /** The last day it may be sent in time (issue + TAX_DEADLINE_DAYS). */
  deadlineAt: timestamp,
  /** Whole days left before the deadline; negative once past it. */
  daysLeft: z.number().int(),
  /** What staff may do: send again (rejected), confirm as an Article 9 invoice (late). */
  canResend: z.boolean(),
  needsLateConfirmation: z.boolean(),
});
export type TaxQueueItem = z.infer<typeof taxQueueItem>;

export const listTaxQueue = defineCall({
  path: '/api/admin/tax-system/list-queue',
  summary: 'سندهایی که به سامانهٔ مودیان نرسیده یا رد شده‌اند، نزدیک‌ترین مهلت نخست',
  tag: 'admin',
  access: { permission: 'billing.read' },
  request: z.strictObject({
    /** `attention`: rejected, late and near their deadline; `open`: every one not accepted. */
    filter: z.enum(['attention', 'open']).default('attention'),
  }),
  response: z.object({
    items: z.array(taxQueueItem),
    /** Documents not accepted yet, all of them (the list shows the first 200). */
    openCount: z.number().int(),
    /** False: the tax system is not set up or is off; nothing is sent. */
    sending: z.boolean(),
  }),
});

export const resendTaxDocument = defineCall({
  path: '/api/admin/tax-system/resend-document',
  summary: 'ارسال دوبارهٔ سند ردشده یا تأیید ارسال سند دیرکرد (مادهٔ ۹)',
  tag: 'admin',
  access: { permission: 'billing.manage' },
  request: z.strictObject({
    documentId: entityId,
    /** Needed for a late document: staff confirm it goes as an Article 9 invoice. */
    confirmLate: z.boolean().default(false),
  }),
  response: taxQueueItem,
});

export const taxMonthSummary = defineCall({
  path: '/api/admin/tax-system/month-summary',
  summary: 'خلاصهٔ یک ماه: ارسال‌شده، پذیرفته، ردشده و دیرکرد، با جمع‌ها',
  tag: 'admin',
  access: { permission: 'billing.read' },
  request: z.strictObject({
    /** Jalali year and month (1–12). */
    year: z.number().int().min(1390).max(1500),
    month: z.number().int().min(1).max(12),
  }),
  response: z.object({
    year: z.number().int(),
    month: z.number().int(),
    rows: z.array(
      z.object({
        kind: z.enum(BILLING_DOCUMENT_KINDS),
        status: z.enum(TAX_SYSTEM_STATUSES),
        statusLabel: z.string(),
        documents: z.number().int(),
        netRial: rial,
        vatRial: rial,
        totalRial: rial,
      }),
    ),
    /** The month's VAT as the VAT report counts it: invoices' VAT less credit notes'. */
    vatRial: z.number().int(),
    /** The same, of the accepted documents only. */
    acceptedVatRial: z.number().int(),
  }),
});
