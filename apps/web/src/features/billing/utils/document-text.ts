import type { BillingDocument, BillingDocumentKind } from '@vitrin/contracts';
import { formatAmount, toPersianDigits } from '@vitrin/fa';

// How a billing document's figures read on its page: official invoices count in Rial, so the
// page does too (the PDF the server draws says the same), with the total in Toman beside it.

/** What the last line of the totals says each kind comes to (as the PDF prints it). */
export const DOCUMENT_TOTAL_LABELS: Record<BillingDocumentKind, string> = {
  proforma: 'مبلغ قابل پرداخت',
  sales: 'مبلغ قابل پرداخت',
  'credit-note': 'مبلغ برگشتی',
  receipt: 'مبلغ دریافتی',
};

/** A Rial amount as an invoice's cell reads it: «۱٬۲۳۴٬۵۶۷», the unit in the column's head. */
export function rialFigure(rial: number): string {
  return formatAmount(rial);
}

/** A VAT rate in percent as a line's cell reads it: «۱۰٪», «۹٫۵٪», or «معاف» at 0. */
export function vatRateText(ratePercent: number): string {
  if (ratePercent === 0) return 'معاف';
  return `${toPersianDigits(String(ratePercent).replace('.', '٫'))}٪`;
}

/** Each kind's name in a heading or a list, shorter than the title printed on the document. */
export const DOCUMENT_KIND_NAMES: Record<BillingDocumentKind, string> = {
  proforma: 'پیش‌فاکتور',
  sales: 'صورتحساب',
  'credit-note': 'برگشت از فروش',
  receipt: 'رسید',
};

/**
 * What a document is called in a heading: its kind and number (`S1405-000123`, kept as issued,
 * since people quote it), or a pro-forma's order number, «پیش‌فاکتور سفارش ۱۲۳».
 */
export function documentName(document: Pick<BillingDocument, 'kind' | 'number' | 'order'>) {
  const kind = DOCUMENT_KIND_NAMES[document.kind];
  if (document.number) return `${kind} ${document.number}`;
  return document.order ? `${kind} سفارش ${toPersianDigits(document.order.number)}` : kind;
}

/** The name a downloaded PDF is saved under, as the server names it: `vitrin-S1405-000123.pdf`. */
export function documentPdfFileName(
  document: { number: string | null; orderNumber?: number | null } | null,
): string {
  if (document?.number) return `vitrin-${document.number}.pdf`;
  if (document?.orderNumber != null) return `vitrin-proforma-${document.orderNumber}.pdf`;
  return 'vitrin-document.pdf';
}

/**
 * Where a sales invoice or credit note stands with the tax organisation's سامانه مودیان (issue
 * 39), as a line under its facts: «وضعیت در سامانهٔ مودیان: پذیرفته‌شده». Null for a pro-forma
 * or a receipt, which are not sent.
 */
export function taxSystemLine(document: Pick<BillingDocument, 'kind' | 'taxSystem'>) {
  if (document.kind !== 'sales' && document.kind !== 'credit-note') return null;
  if (!document.taxSystem || document.taxSystem.status === 'not-applicable') return null;
  return `وضعیت در سامانهٔ مودیان: ${document.taxSystem.label}`;
}
