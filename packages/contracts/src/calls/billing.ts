import { toLatinDigits } from '@vitrin/fa';
import { z } from 'zod';
import { defineCall } from '../call';
import { text, timestamp } from '../fields';
import { cursorListResult, cursorPaging } from '../list';
import { isValidLegalNationalId } from '../national-id';
import { BILLING_DOCUMENT_KINDS, billingDocument, sellerParty } from './billing-document';
import { entityId, rial } from './catalog';
import { isValidPostalCode } from './checkout';

// Billing (issue 21, decision 0022): invoices, credit notes and receipts for customers and
// staff, the VAT rate by date, and the seller's legal details.

/** Which document: by its id, or an order's current one (pro-forma until paid, then invoice). */
const documentRequest = z
  .strictObject({ documentId: entityId.optional(), orderId: entityId.optional() })
  .refine((request) => (request.documentId === undefined) !== (request.orderId === undefined), {
    message: 'یکی از شناسهٔ سند یا شناسهٔ سفارش را بفرستید',
  });

export const billingDocumentSummary = z.object({
  id: z.string(),
  kind: z.enum(BILLING_DOCUMENT_KINDS),
  title: z.string(),
  number: z.string(),
  issuedAt: timestamp,
  order: z.object({ id: z.string(), number: z.number().int() }).nullable(),
  buyerName: z.string(),
  netRial: rial,
  vatRial: rial,
  totalRial: rial,
});

export const getMyBillingDocument = defineCall({
  path: '/api/user/billing/get-document',
  summary: 'صورتحساب، پیش‌فاکتور، برگشت از فروش یا رسید یکی از سفارش‌ها و پرداخت‌های خودم',
  tag: 'billing',
  access: 'user',
  request: documentRequest,
  response: billingDocument,
});

export const downloadMyBillingDocumentPdf = defineCall({
  path: '/api/user/billing/download-document-pdf',
  summary: 'فایل PDF همان سند (application/pdf)',
  tag: 'billing',
  access: 'user',
  request: documentRequest,
  response: z.string(),
});

export const listMyBillingDocuments = defineCall({
  path: '/api/user/billing/list-documents',
  summary: 'صورتحساب‌ها، برگشت از فروش‌ها و رسیدهای من، تازه‌ترین اول',
  tag: 'billing',
  access: 'user',
  request: z.strictObject({ ...cursorPaging }),
  response: cursorListResult(billingDocumentSummary),
});

export const adminSearchBillingDocuments = defineCall({
  path: '/api/admin/billing/search-documents',
  summary: 'جست‌وجوی اسناد با شماره، مشتری (نام، موبایل، شناسه) و بازهٔ تاریخ',
  tag: 'admin',
  access: { permission: 'billing.read' },
  request: z.strictObject({
    ...cursorPaging,
    /** A document number (or part), a buyer's name, a mobile, a national code or id. */
    query: text({ min: 0, max: 60 }).optional(),
    kind: z.enum(['sales', 'credit-note', 'receipt']).optional(),
    from: timestamp.optional(),
    to: timestamp.optional(),
  }),
  response: cursorListResult(billingDocumentSummary),
});

export const adminGetBillingDocument = defineCall({
  path: '/api/admin/billing/get-document',
  summary: 'یک سند مالی با همهٔ جزئیات',
  tag: 'admin',
  access: { permission: 'billing.read' },
  request: documentRequest,
  response: billingDocument,
});

export const adminDownloadBillingDocumentPdf = defineCall({
  path: '/api/admin/billing/download-document-pdf',
  summary: 'فایل PDF یک سند مالی (application/pdf)',
  tag: 'admin',
  access: { permission: 'billing.read' },
  request: documentRequest,
  response: z.string(),
});

// ---------------------------------------------------------------------------------------------
// VAT by date

export const taxRate = z.object({
  id: z.string(),
  /** Percent: 10 means 10%. */
  ratePercent: z.number(),
  effectiveFrom: timestamp,
  note: z.string().nullable(),
  /** In force now. */
  current: z.boolean(),
  /** Not in force yet: staff may still withdraw it. */
  scheduled: z.boolean(),
});

export const adminListTaxRates = defineCall({
  path: '/api/admin/billing/list-tax-rates',
  summary: 'نرخ‌های مالیات بر ارزش افزوده با تاریخ اجرا',
  tag: 'admin',
  access: { permission: 'billing.read' },
  request: z.strictObject({}),
  response: z.object({ items: z.array(taxRate) }),
});

export const adminScheduleTaxRate = defineCall({
  path: '/api/admin/billing/schedule-tax-rate',
  summary: 'تعیین نرخ تازهٔ مالیات بر ارزش افزوده از یک تاریخ آینده',
  tag: 'admin',
  access: { permission: 'billing.manage' },
  request: z.strictObject({
    ratePercent: z
      .number({ message: 'نرخ را به درصد بنویسید' })
      .min(0, 'نرخ نمی‌تواند منفی باشد')
      .max(100, 'نرخ بیش از ۱۰۰ درصد نیست')
      .refine((value) => Number.isInteger(value * 100), 'نرخ تا دو رقم اعشار پذیرفته می‌شود'),
    /** Must be in the future: a rate never changes what was already sold. */
    effectiveFrom: timestamp,
    note: text({ max: 200 }).nullable().optional(),
  }),
  response: z.object({ items: z.array(taxRate) }),
});

export const adminWithdrawTaxRate = defineCall({
  path: '/api/admin/billing/withdraw-tax-rate',
  summary: 'پس گرفتن نرخی که هنوز اجرا نشده است',
  tag: 'admin',
  access: { permission: 'billing.manage' },
  request: z.strictObject({ id: entityId }),
  response: z.object({ items: z.array(taxRate) }),
});

// ---------------------------------------------------------------------------------------------
// The seller's legal details

const digits = (max: number) =>
  z
    .string()
    .max(max + 10)
    .transform((value) => toLatinDigits(value).replace(/[\s-]/g, ''));

export const SELLER_FIELD_MESSAGES = {
  nationalId: 'شناسهٔ ملی ۱۱ رقم است و رقم کنترل آن درست نیست',
  economicNumber: 'کد اقتصادی ۱۱ یا ۱۲ رقم است',
  registrationNumber: 'شمارهٔ ثبت فقط رقم است (تا ۱۰ رقم)',
  postalCode: 'کد پستی ۱۰ رقم است و با ۰ یا ۲ شروع نمی‌شود',
  phone: 'شمارهٔ تلفن را با کد شهر بنویسید، مانند ۰۲۱۱۲۳۴۵۶۷۸',
} as const;

export const adminGetSeller = defineCall({
  path: '/api/admin/billing/get-seller',
  summary: 'مشخصات حقوقی فروشنده که روی صورتحساب‌ها چاپ می‌شود',
  tag: 'admin',
  access: { permission: 'billing.read' },
  request: z.strictObject({}),
  response: sellerParty.extend({
    /** False until staff saved every detail: invoices then print what there is. */
    complete: z.boolean(),
  }),
});

export const adminUpdateSeller = defineCall({
  path: '/api/admin/billing/update-seller',
  summary: 'ثبت مشخصات حقوقی فروشنده؛ فقط سندهای بعدی را تغییر می‌دهد',
  tag: 'admin',
  access: { permission: 'billing.manage' },
  request: z.strictObject({
    legalName: text({ min: 2, max: 120 }),
    nationalId: digits(11).refine(isValidLegalNationalId, SELLER_FIELD_MESSAGES.nationalId),
    economicNumber: digits(12).refine(
      (value) => /^(\d{11}|\d{12})$/.test(value),
      SELLER_FIELD_MESSAGES.economicNumber,
    ),
    registrationNumber: digits(10).refine(
      (value) => /^\d{1,10}$/.test(value),
      SELLER_FIELD_MESSAGES.registrationNumber,
    ),
    address: text({ min: 10, max: 300 }),
    postalCode: digits(10).refine(isValidPostalCode, SELLER_FIELD_MESSAGES.postalCode),
    phone: digits(12).refine((value) => /^0\d{10}$/.test(value), SELLER_FIELD_MESSAGES.phone),
  }),
  response: sellerParty.extend({ complete: z.boolean() }),
});

// ---------------------------------------------------------------------------------------------
// Sales and VAT report (per Jalali month or season)

export const JALALI_SEASONS = ['بهار', 'تابستان', 'پاییز', 'زمستان'] as const;

const reportAmounts = {
  /** Sales invoices issued in the period. */
  invoices: z.number().int(),
  netRial: rial,
  vatRial: rial,
  totalRial: rial,
  /** Credit notes (برگشت از فروش) issued in the period. */
  creditNotes: z.number().int(),
  creditNetRial: rial,
  creditVatRial: rial,
  creditTotalRial: rial,
  /** Net of sales after returns: what the season's VAT return declares. */
  balanceNetRial: z.number().int(),
  balanceVatRial: z.number().int(),
};

export const salesReport = z.object({
  year: z.number().int(),
  by: z.enum(['month', 'season']),
  periods: z.array(z.object({ period: z.number().int(), label: z.string(), ...reportAmounts })),
  totals: z.object(reportAmounts),
});

const salesReportRequest = {
  /** A Jalali year, e.g. 1405. */
  year: z
    .number({ message: 'سال را به عدد بنویسید' })
    .int()
    .min(1390, 'سال گزارش از ۱۳۹۰ به بعد است')
    .max(1500, 'سال گزارش تا ۱۵۰۰ است'),
  by: z.enum(['month', 'season']).default('month'),
};

export const adminSalesReport = defineCall({
  path: '/api/admin/billing/sales-report',
  summary: 'گزارش فروش و مالیات بر ارزش افزوده به تفکیک ماه یا فصل یک سال شمسی',
  tag: 'admin',
  access: { permission: 'billing.read' },
  request: z.strictObject(salesReportRequest),
  response: salesReport,
});

export const adminExportSalesReport = defineCall({
  path: '/api/admin/billing/export-sales-report',
  summary: 'خروجی همان گزارش به صورت XLSX یا CSV',
  tag: 'admin',
  access: { permission: 'billing.read' },
  request: z.strictObject({ ...salesReportRequest, format: z.enum(['xlsx', 'csv']) }),
  response: z.string(),
});
