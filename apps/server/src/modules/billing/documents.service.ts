import {
  BILLING_CYCLE_LABELS,
  BILLING_DOCUMENT_TITLES,
  type BillingDocument,
  type BillingDocumentLine,
  type BillingDocumentPayment,
  type BuyerKind,
  type BuyerParty,
  type DomainOrderAction,
  domainLineWords,
  type OrderStatus,
  PAYMENT_METHOD_LABELS,
  ratePercent,
  TAX_SYSTEM_STATUS_LABELS,
  type TaxSystemRecord,
} from '@vitrin/contracts';
import { formatAmount, toJalaliParts, toPersianDigits } from '@vitrin/fa';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { rialInWords } from '../../lib/amount-in-words';
import { AppError } from '../../lib/app-error';
import { emit } from '../../lib/events';
import { documentIssued } from './events';
import {
  billingDocuments,
  DOCUMENT_SERIES,
  documentCounters,
  type IssuedDocumentKind,
} from './schema';
import { readSeller } from './seller.service';

// Numbered documents (issue 21, decision 0022). A number is taken from its series' counter in
// the transaction that issues the document: the counter's row is locked until that transaction
// ends, so numbers follow commit order without a gap or a repeat, and a rolled-back settlement
// gives its number back.

type DocumentRow = typeof billingDocuments.$inferSelect;

/** `S1405-000123`. */
export function formatDocumentNumber(series: string, jalaliYear: number, sequence: number) {
  return `${series}${jalaliYear}-${String(sequence).padStart(6, '0')}`;
}

async function nextSequence(tx: Transaction, series: string, jalaliYear: number) {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, jalaliYear, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.jalaliYear],
      set: { lastSequence: sql`${documentCounters.lastSequence} + 1` },
    })
    .returning({ sequence: documentCounters.lastSequence });
  if (!row) throw new Error('document counter returned no row');
  return row.sequence;
}

export function totalsOf(lines: readonly BillingDocumentLine[]) {
  const sum = (pick: (line: BillingDocumentLine) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  return {
    grossRial: sum((line) => line.grossRial),
    discountRial: sum((line) => line.discountRial),
    netRial: sum((line) => line.netRial),
    vatRial: sum((line) => line.vatRial),
    totalRial: sum((line) => line.totalRial),
  };
}

interface NewDocument {
  kind: IssuedDocumentKind;
  userId: string;
  orderId: string | null;
  orderNumber: number | null;
  paymentId: string | null;
  refersToId: string | null;
  issuedAt: Date;
  buyer: BuyerParty;
  lines: BillingDocumentLine[];
  paymentNote: string | null;
  note: string | null;
  payments?: BillingDocumentPayment[];
}

/**
 * The counter of tax-id serials (issue 39): one ascending series over every document sent to
 * the tax system, in the same table and under the same lock rule as the document numbers.
 */
const TAX_SERIAL_COUNTER = { series: 'tax', jalaliYear: 0 } as const;

/** The kinds the tax system is sent: sales and their credit notes; a receipt is no sale. */
export function sentToTaxSystem(kind: IssuedDocumentKind): boolean {
  return kind !== 'receipt';
}

/**
 * Numbers and stores a document in the caller's transaction, with its tax-id serial, and says
 * so (`billing:document-issued`): the tax-system module queues its sending in this transaction.
 */
async function issueDocument(tx: Transaction, document: NewDocument) {
  const series = DOCUMENT_SERIES[document.kind];
  const jalaliYear = toJalaliParts(document.issuedAt).year;
  // The seller is read before the number is taken: the series' counter row stays locked until
  // the transaction commits, and every paid order in the shop waits on it (issue 24).
  const seller = await readSeller(tx);
  const sequence = await nextSequence(tx, series, jalaliYear);
  // Taken after the number, always in this order, so two settlements never wait on each other.
  const sent = sentToTaxSystem(document.kind);
  const taxSerial = sent
    ? await nextSequence(tx, TAX_SERIAL_COUNTER.series, TAX_SERIAL_COUNTER.jalaliYear)
    : null;
  const taxSystem: TaxSystemRecord = {
    status: sent ? 'waiting' : 'not-applicable',
    taxId: null,
    referenceNumber: null,
  };
  const [row] = await tx
    .insert(billingDocuments)
    .values({
      ...document,
      payments: document.payments ?? [],
      series,
      jalaliYear,
      sequence,
      number: formatDocumentNumber(series, jalaliYear, sequence),
      seller,
      taxSerial,
      taxSystem,
      ...totalsOf(document.lines),
    })
    .returning({ id: billingDocuments.id, number: billingDocuments.number });
  if (!row) throw new Error('document insert returned no row');
  if (sent) await emit(tx, documentIssued, { documentId: row.id, issuedAt: document.issuedAt });
  return row;
}

// ---------------------------------------------------------------------------------------------
// What orders hand over: billing sits below orders (decision 0036), so it names the shapes it
// reads and orders' rows fit them.

/**
 * The buyer as an order froze it at submit (decisions 0012, 0022), as billing reads it. Orders
 * submitted before issue 21 have no `kind` and the rest of the legal fields: a person.
 */
export interface OrderBuyer {
  kind?: BuyerKind;
  /** The person's name; for a company, the person who ordered. */
  fullName: string;
  email: string;
  /** A person's کد ملی. */
  nationalId: string | null;
  /** A company's registered name. */
  companyName: string | null;
  /** A company's شناسه ملی. */
  legalNationalId?: string | null;
  economicNumber?: string | null;
  registrationNumber?: string | null;
  address?: string | null;
  postalCode?: string | null;
}

/** What a line describes of a plan change: the product the service moved from, the days left. */
export interface PlanChangeNote {
  fromProductName: string;
  calculation: { remainingDays: number };
}

/** The buyer as the documents print it, from an order's snapshot (older ones: a person). */
export function buyerPartyOf(buyer: OrderBuyer): BuyerParty {
  if (buyer.kind === 'company') {
    return {
      kind: 'company',
      name: buyer.companyName ?? buyer.fullName,
      email: buyer.email,
      nationalCode: null,
      nationalId: buyer.legalNationalId ?? null,
      economicNumber: buyer.economicNumber ?? null,
      registrationNumber: buyer.registrationNumber ?? null,
      address: buyer.address ?? null,
      postalCode: buyer.postalCode ?? null,
    };
  }
  return {
    kind: 'person',
    name: buyer.fullName,
    email: buyer.email,
    nationalCode: buyer.nationalId,
    nationalId: null,
    economicNumber: null,
    registrationNumber: null,
    address: null,
    postalCode: null,
  };
}

/** An order line as frozen at submit, the fields a document needs. */
export interface OrderLineSource {
  position: number;
  productName: string;
  groupName: string;
  cycle: keyof typeof BILLING_CYCLE_LABELS;
  themeName: string | null;
  domainName: string | null;
  /** What a domain line buys (issue 38), and for how many years. */
  domainAction?: DomainOrderAction | null;
  domainYears?: number | null;
  renewsServiceId: string | null;
  planChange: PlanChangeNote | null;
  priceRial: number;
  setupFeeRial: number;
  themePriceRial: number;
  discountRial: number;
  totalRial: number;
  vatRateBp: number;
  vatRial: number;
  /** The product's goods-and-services id at issue (issue 39), when the caller knows it. */
  taxServiceId?: string | null;
}

export interface OrderSource {
  id: string;
  number: number;
  userId: string;
  buyer: OrderBuyer;
  createdAt: Date;
}

/** An order as its current document is drawn from it: its status and its lines, in order. */
export interface OrderForDocument {
  order: OrderSource & { status: OrderStatus };
  lines: OrderLineSource[];
}

function describeLine(line: OrderLineSource): string {
  const cycle = BILLING_CYCLE_LABELS[line.cycle];
  if (line.planChange) {
    const days = toPersianDigits(line.planChange.calculation.remainingDays);
    return `تغییر پلن از ${line.planChange.fromProductName} به ${line.productName} برای ${days} روز مانده`;
  }
  // A domain line's term is its years and what it does with them, not a billing cycle.
  const term =
    line.domainAction && line.domainYears
      ? domainLineWords(line.domainAction, line.domainYears)
      : cycle;
  const parts = [
    `${line.renewsServiceId ? 'تمدید ' : ''}${line.productName} (${line.groupName})، ${term}`,
  ];
  if (line.domainName) parts.push(`دامنهٔ ${line.domainName}`);
  if (line.themeName && !line.renewsServiceId) parts.push(`قالب ${line.themeName}`);
  return parts.join('، ');
}

export function documentLinesOf(lines: readonly OrderLineSource[]): BillingDocumentLine[] {
  return lines.map((line) => {
    const grossRial = line.priceRial + line.setupFeeRial + line.themePriceRial;
    return {
      position: line.position,
      description: describeLine(line),
      quantity: 1,
      unitPriceRial: grossRial,
      grossRial,
      discountRial: line.discountRial,
      netRial: line.totalRial,
      vatRatePercent: ratePercent(line.vatRateBp),
      vatRial: line.vatRial,
      totalRial: line.totalRial + line.vatRial,
      taxServiceId: line.taxServiceId ?? null,
    };
  });
}

/** How an order was paid, in Persian, for the invoice's foot. */
export function paymentNoteOf(
  walletRial: number,
  payments: ReadonlyArray<{ gateway: string; amountRial: number; referenceId: string | null }>,
): string | null {
  const parts: string[] = [];
  if (walletRial > 0) parts.push(`از اعتبار کیف پول ${formatAmount(walletRial)} ریال`);
  for (const payment of payments) {
    const method = PAYMENT_METHOD_LABELS[payment.gateway] ?? payment.gateway;
    const reference = payment.referenceId
      ? `، کد پیگیری ${toPersianDigits(payment.referenceId)}`
      : '';
    parts.push(`${method} ${formatAmount(payment.amountRial)} ریال${reference}`);
  }
  // The page and the PDF print it after their own «پرداخت:».
  return parts.length > 0 ? parts.join('؛ ') : null;
}

/** The sales invoice of an order that has just been paid, in the settling transaction. */
export async function issueSalesInvoice(
  tx: Transaction,
  order: OrderSource,
  lines: readonly OrderLineSource[],
  paymentNote: string | null,
  paidAt: Date,
  payments: BillingDocumentPayment[] = [],
) {
  return issueDocument(tx, {
    payments,
    kind: 'sales',
    userId: order.userId,
    orderId: order.id,
    orderNumber: order.number,
    paymentId: null,
    refersToId: null,
    issuedAt: paidAt,
    buyer: buyerPartyOf(order.buyer),
    lines: documentLinesOf(lines),
    paymentNote,
    note: null,
  });
}

/** A pending order's pro-forma: not numbered, not stored, drawn from the order as it is. */
export async function proformaOf(
  db: Database,
  order: OrderSource,
  lines: readonly OrderLineSource[],
): Promise<BillingDocument> {
  const documentLines = documentLinesOf(lines);
  const totals = totalsOf(documentLines);
  return {
    id: order.id,
    kind: 'proforma',
    title: BILLING_DOCUMENT_TITLES.proforma,
    number: null,
    issuedAt: order.createdAt.toISOString(),
    order: { id: order.id, number: order.number },
    refersTo: null,
    seller: await readSeller(db),
    buyer: buyerPartyOf(order.buyer),
    lines: documentLines,
    totals,
    totalInWords: rialInWords(totals.totalRial),
    paymentNote: null,
    note: 'این پیش‌فاکتور تا پرداخت سفارش اعتبار دارد؛ پس از پرداخت، صورتحساب شماره‌دار صادر می‌شود.',
    taxId: null,
    taxSystem: null,
  };
}

/**
 * A credit note (برگشت از فروش) for `amountRial` of a refund. When it takes back all that is
 * left of the invoice, it repeats the invoice's lines (or, after partial notes, what is left of
 * net and VAT); a partial one splits the amount into net and VAT in the invoice's proportion,
 * rounded half up, never more than is left of either.
 */
export async function issueCreditNote(
  tx: Transaction,
  orderId: string,
  refund: { amountRial: number; reason: string; at: Date },
) {
  const [invoice] = await tx
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.orderId, orderId), eq(billingDocuments.kind, 'sales')));
  // Orders paid before invoices existed have none to refer to.
  if (!invoice) return null;
  const [credited] = await tx
    .select({
      netRial: sql<number>`coalesce(sum(${billingDocuments.netRial}), 0)`.mapWith(Number),
      vatRial: sql<number>`coalesce(sum(${billingDocuments.vatRial}), 0)`.mapWith(Number),
    })
    .from(billingDocuments)
    .where(eq(billingDocuments.refersToId, invoice.id));
  const leftNet = invoice.netRial - (credited?.netRial ?? 0);
  const leftVat = invoice.vatRial - (credited?.vatRial ?? 0);
  if (refund.amountRial > leftNet + leftVat) {
    throw new Error(
      `credit note of ${refund.amountRial} exceeds what is left of ${invoice.number}`,
    );
  }
  let lines: BillingDocumentLine[];
  if (refund.amountRial === invoice.totalRial) {
    lines = invoice.lines;
  } else {
    const whole = refund.amountRial === leftNet + leftVat;
    const vatRial = whole
      ? leftVat
      : Math.min(
          leftVat,
          Number(
            (BigInt(refund.amountRial) * BigInt(invoice.vatRial) * 2n + BigInt(invoice.totalRial)) /
              (2n * BigInt(Math.max(invoice.totalRial, 1))),
          ),
        );
    const netRial = refund.amountRial - vatRial;
    lines = [
      {
        position: 1,
        description: `برگشت ${whole ? 'باقی‌ماندهٔ' : 'بخشی از'} مبلغ صورتحساب ${invoice.number}`,
        quantity: 1,
        unitPriceRial: netRial,
        grossRial: netRial,
        discountRial: 0,
        netRial,
        vatRatePercent:
          invoice.netRial > 0 ? Math.round((invoice.vatRial / invoice.netRial) * 10_000) / 100 : 0,
        vatRial,
        totalRial: refund.amountRial,
      },
    ];
  }
  return issueDocument(tx, {
    kind: 'credit-note',
    userId: invoice.userId,
    orderId,
    orderNumber: invoice.orderNumber,
    paymentId: null,
    refersToId: invoice.id,
    issuedAt: refund.at,
    buyer: invoice.buyer,
    lines,
    paymentNote: 'بازپرداخت به اعتبار کیف پول خریدار',
    note: refund.reason,
  });
}

/** A wallet top-up's receipt: money received, not a sale, so no VAT. */
export async function issueTopUpReceipt(
  tx: Transaction,
  payment: {
    id: string;
    userId: string;
    amountRial: number;
    gateway: string;
    referenceId: string | null;
  },
  buyer: BuyerParty,
  at: Date,
) {
  return issueDocument(tx, {
    kind: 'receipt',
    userId: payment.userId,
    orderId: null,
    orderNumber: null,
    paymentId: payment.id,
    refersToId: null,
    issuedAt: at,
    buyer,
    lines: [
      {
        position: 1,
        description: 'افزایش اعتبار کیف پول (پیش‌دریافت؛ مشمول مالیات نیست تا در خرید مصرف شود)',
        quantity: 1,
        unitPriceRial: payment.amountRial,
        grossRial: payment.amountRial,
        discountRial: 0,
        netRial: payment.amountRial,
        vatRatePercent: 0,
        vatRial: 0,
        totalRial: payment.amountRial,
      },
    ],
    paymentNote: paymentNoteOf(0, [payment]),
    note: null,
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

export function documentOf(
  row: DocumentRow,
  refersTo: { id: string; number: string } | null,
): BillingDocument {
  return {
    id: row.id,
    kind: row.kind,
    title: BILLING_DOCUMENT_TITLES[row.kind],
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    order:
      row.orderId !== null && row.orderNumber !== null
        ? { id: row.orderId, number: row.orderNumber }
        : null,
    refersTo,
    seller: row.seller,
    buyer: row.buyer,
    lines: row.lines,
    totals: {
      grossRial: row.grossRial,
      discountRial: row.discountRial,
      netRial: row.netRial,
      vatRial: row.vatRial,
      totalRial: row.totalRial,
    },
    totalInWords: rialInWords(row.totalRial),
    paymentNote: row.paymentNote,
    note: row.note,
    taxId: row.taxSystem.status === 'accepted' ? row.taxSystem.taxId : null,
    taxSystem: {
      status: row.taxSystem.status,
      label: TAX_SYSTEM_STATUS_LABELS[row.taxSystem.status],
    },
  };
}

export const DOCUMENT_NOT_FOUND = 'این سند پیدا نشد';

export async function readDocumentRow(db: Database, documentId: string, userId: string | null) {
  const [row] = await db
    .select()
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.id, documentId),
        userId === null ? undefined : eq(billingDocuments.userId, userId),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  return row;
}

export async function salesInvoiceOf(db: Database, orderId: string) {
  const [row] = await db
    .select()
    .from(billingDocuments)
    .where(and(eq(billingDocuments.orderId, orderId), eq(billingDocuments.kind, 'sales')));
  return row ?? null;
}

export async function numberOf(db: Database, documentId: string | null) {
  if (!documentId) return null;
  const [row] = await db
    .select({ id: billingDocuments.id, number: billingDocuments.number })
    .from(billingDocuments)
    .where(eq(billingDocuments.id, documentId));
  return row ?? null;
}

/**
 * An order's sales invoice (null while unpaid, or paid before invoices) and its credit notes,
 * oldest first, by id and number: one statement for the order's page.
 */
export async function orderDocumentRefs(db: Database, orderId: string) {
  const rows = await db
    .select({
      id: billingDocuments.id,
      number: billingDocuments.number,
      kind: billingDocuments.kind,
    })
    .from(billingDocuments)
    .where(
      and(
        eq(billingDocuments.orderId, orderId),
        inArray(billingDocuments.kind, ['sales', 'credit-note']),
      ),
    )
    .orderBy(asc(billingDocuments.issuedAt), asc(billingDocuments.id));
  const ref = (row: { id: string; number: string }) => ({ id: row.id, number: row.number });
  const invoice = rows.find((row) => row.kind === 'sales');
  return {
    invoice: invoice ? ref(invoice) : null,
    creditNotes: rows.filter((row) => row.kind === 'credit-note').map(ref),
  };
}
