import { z } from 'zod';
import { BUYER_KINDS } from '../constants';
import { timestamp } from '../fields';
import { rial } from './catalog';

// What an invoice, pro-forma, credit note or receipt says (issue 21, decision 0022). The page
// and the PDF both draw exactly this object; the server builds it, so the two never disagree.

export const BILLING_DOCUMENT_KINDS = ['proforma', 'sales', 'credit-note', 'receipt'] as const;
export type BillingDocumentKind = (typeof BILLING_DOCUMENT_KINDS)[number];

/** Persian titles, as printed at the top of each kind. */
export const BILLING_DOCUMENT_TITLES: Record<BillingDocumentKind, string> = {
  proforma: 'پیش‌فاکتور',
  sales: 'صورتحساب فروش کالا و خدمات',
  'credit-note': 'برگشت از فروش',
  receipt: 'رسید دریافت وجه',
};

/** How a payment was made, as documents and pages name it (the payment's `gateway`). */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  sandbox: 'درگاه آزمایشی',
  zarinpal: 'درگاه زرین‌پال',
  zibal: 'درگاه زیبال',
  'card-to-card': 'کارت به کارت',
  'bank-transfer': 'واریز بانکی',
};

/**
 * How money reached an order, in Persian, everywhere it is named (issue 35): a gateway by its
 * name, card-to-card, bank transfer, or `wallet` for the wallet's credit.
 */
export function paymentMethodName(method: string): string {
  return method === 'wallet' ? 'کیف پول' : (PAYMENT_METHOD_LABELS[method] ?? method);
}

/**
 * The amount row of what was paid other than from the wallet, named by the methods that paid it
 * («پرداخت با کارت به کارت»), never «از درگاه» for a transfer staff confirmed.
 */
export function paidWithLabel(methods: readonly string[]): string {
  const names = [...new Set(methods)].map(paymentMethodName);
  return names.length === 0 ? 'پرداخت بیرون از کیف پول' : `پرداخت با ${names.join(' و ')}`;
}

/** The seller block: the company's legal details (staff settings). */
export const sellerParty = z.object({
  legalName: z.string(),
  /** شناسه ملی, 11 digits. */
  nationalId: z.string(),
  /** کد اقتصادی. */
  economicNumber: z.string(),
  /** شماره ثبت. */
  registrationNumber: z.string(),
  address: z.string(),
  /** کد پستی, 10 digits. */
  postalCode: z.string(),
  phone: z.string(),
});
export type SellerParty = z.infer<typeof sellerParty>;

/** The buyer block as frozen on the order: a person or a company. */
export const buyerParty = z.object({
  kind: z.enum(BUYER_KINDS),
  /** A person's full name or a company's registered name. */
  name: z.string(),
  email: z.string(),
  /** A person's کد ملی (10 digits); null for a company or when not given. */
  nationalCode: z.string().nullable(),
  /** A company's شناسه ملی (11 digits); null for a person. */
  nationalId: z.string().nullable(),
  economicNumber: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
});
export type BuyerParty = z.infer<typeof buyerParty>;

export const billingDocumentLine = z.object({
  position: z.number().int().positive(),
  /** Persian: the product, its cycle and domain or theme. */
  description: z.string(),
  quantity: z.number().int().positive(),
  unitPriceRial: rial,
  /** quantity × unit price. */
  grossRial: rial,
  discountRial: rial,
  /** gross − discount: the amount VAT is charged on. */
  netRial: rial,
  /** The rate frozen on the line, in percent (10 means 10%); 0 for an exempt product. */
  vatRatePercent: z.number().min(0).max(100),
  vatRial: rial,
  /** net + VAT. */
  totalRial: rial,
  /**
   * The tax organisation's goods-and-services id (`sstid`, 13 digits) of the line's product,
   * frozen at issue (issue 39); absent on documents from before, and on lines whose product had
   * none (the tax-system settings' default is sent).
   */
  taxServiceId: z.string().nullable().optional(),
});
export type BillingDocumentLine = z.infer<typeof billingDocumentLine>;

/** How money reached a sales invoice, part by part, as the tax system's payments list it. */
export const BILLING_PAYMENT_METHODS = [
  'wallet',
  'gateway',
  'card-to-card',
  'bank-transfer',
] as const;
export const billingDocumentPayment = z.object({
  method: z.enum(BILLING_PAYMENT_METHODS),
  amountRial: rial,
  /** The gateway's or the bank's tracking reference; null for the wallet. */
  referenceId: z.string().nullable(),
  paidAt: timestamp,
});
export type BillingDocumentPayment = z.infer<typeof billingDocumentPayment>;

/**
 * Where a document stands with the tax organisation's سامانه مودیان (issue 39): `waiting` to be
 * sent, `sent` and not answered yet, `accepted` (its tax id is final), `rejected` (staff fix and
 * send again), `late` (past the deadline: sent only once staff confirm it as an Article 9
 * invoice), `not-applicable` (a receipt: no sale), `not-sent` (before issue 39).
 */
export const TAX_SYSTEM_STATUSES = [
  'waiting',
  'sent',
  'accepted',
  'rejected',
  'late',
  'not-applicable',
  'not-sent',
] as const;
export type TaxSystemStatus = (typeof TAX_SYSTEM_STATUSES)[number];

export const TAX_SYSTEM_STATUS_LABELS: Record<TaxSystemStatus, string> = {
  waiting: 'در انتظار ارسال',
  sent: 'ارسال‌شده، در انتظار پاسخ',
  accepted: 'پذیرفته‌شده',
  rejected: 'ردشده',
  late: 'دیرکرد؛ در انتظار تأیید کارشناس',
  'not-applicable': 'ارسال نمی‌شود',
  'not-sent': 'ارسال نشده',
};

export const taxSystemMessage = z.object({ code: z.string(), message: z.string() });
export type TaxSystemMessage = z.infer<typeof taxSystemMessage>;

/** A document's standing with the tax system, kept on the document (billing_documents.tax_system). */
export const taxSystemRecord = z.object({
  status: z.enum(TAX_SYSTEM_STATUSES),
  /** The 22-character tax id (شماره منحصربه‌فرد مالیاتی) it was last sent with. */
  taxId: z.string().nullable(),
  /** The organisation's reference for the last sending. */
  referenceNumber: z.string().nullable(),
  /** The organisation's errors on a rejection, each with its Persian explanation. */
  errors: z.array(taxSystemMessage).optional(),
  /** When its state last changed. */
  at: timestamp.optional(),
  /** A late document staff confirmed to send as an Article 9 invoice: when. */
  lateConfirmedAt: timestamp.optional(),
});
export type TaxSystemRecord = z.infer<typeof taxSystemRecord>;

export const billingDocument = z.object({
  id: z.string(),
  kind: z.enum(BILLING_DOCUMENT_KINDS),
  title: z.string(),
  /**
   * The document's number, gapless per series and Jalali year (e.g. `S1405-000123`); a
   * pro-forma has none and is named by its order number.
   */
  number: z.string().nullable(),
  issuedAt: timestamp,
  /** The order it is for; null for a receipt of a wallet top-up. */
  order: z.object({ id: z.string(), number: z.number().int() }).nullable(),
  /** A credit note's invoice. */
  refersTo: z.object({ id: z.string(), number: z.string() }).nullable(),
  seller: sellerParty,
  buyer: buyerParty,
  lines: z.array(billingDocumentLine),
  totals: z.object({
    grossRial: rial,
    discountRial: rial,
    netRial: rial,
    vatRial: rial,
    totalRial: rial,
  }),
  /** The total in Persian words, e.g. «یک میلیون و دویست هزار ریال». */
  totalInWords: z.string(),
  /** How it was paid, in Persian (gateway and reference, wallet, card-to-card); null if unpaid. */
  paymentNote: z.string().nullable(),
  /** A credit note's reason, a receipt's purpose; null otherwise. */
  note: z.string().nullable(),
  /**
   * Its tax id once the tax organisation accepted it (issue 39), printed on the page and the
   * PDF; null until then and for kinds that are not sent.
   */
  taxId: z.string().nullable(),
  /** Where it stands with the tax system; null for a pro-forma. */
  taxSystem: z.object({ status: z.enum(TAX_SYSTEM_STATUSES), label: z.string() }).nullable(),
});
export type BillingDocument = z.infer<typeof billingDocument>;
