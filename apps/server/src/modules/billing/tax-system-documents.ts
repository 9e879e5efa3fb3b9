import type { TaxSystemRecord } from '@vitrin/contracts';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { billingDocuments } from './schema';

// What the tax-system module above reads and writes of the documents (issue 39), through their
// owner (decision 0036): the documents due to be sent, one document with what it refers to, and
// a document's standing with the tax system, kept on the document.

export type TaxSystemDocument = Pick<
  typeof billingDocuments.$inferSelect,
  | 'id'
  | 'kind'
  | 'number'
  | 'userId'
  | 'orderId'
  | 'refersToId'
  | 'issuedAt'
  | 'seller'
  | 'buyer'
  | 'lines'
  | 'grossRial'
  | 'discountRial'
  | 'netRial'
  | 'vatRial'
  | 'totalRial'
  | 'payments'
  | 'taxSerial'
  | 'taxSystem'
>;

const columns = {
  id: billingDocuments.id,
  kind: billingDocuments.kind,
  number: billingDocuments.number,
  userId: billingDocuments.userId,
  orderId: billingDocuments.orderId,
  refersToId: billingDocuments.refersToId,
  issuedAt: billingDocuments.issuedAt,
  seller: billingDocuments.seller,
  buyer: billingDocuments.buyer,
  lines: billingDocuments.lines,
  grossRial: billingDocuments.grossRial,
  discountRial: billingDocuments.discountRial,
  netRial: billingDocuments.netRial,
  vatRial: billingDocuments.vatRial,
  totalRial: billingDocuments.totalRial,
  payments: billingDocuments.payments,
  taxSerial: billingDocuments.taxSerial,
  taxSystem: billingDocuments.taxSystem,
};

const status = sql<string>`${billingDocuments.taxSystem} ->> 'status'`;

/**
 * Documents in these tax-system states, oldest serial first: the queue's next batch. Only
 * documents with a serial (issued since issue 39 or numbered by its migration).
 */
export async function documentsInTaxStates(
  db: Database,
  states: readonly TaxSystemRecord['status'][],
  options: { limit: number; issuedBefore?: Date },
): Promise<TaxSystemDocument[]> {
  return db
    .select(columns)
    .from(billingDocuments)
    .where(
      and(
        inArray(status, [...states]),
        sql`${billingDocuments.taxSerial} is not null`,
        options.issuedBefore ? lt(billingDocuments.issuedAt, options.issuedBefore) : undefined,
      ),
    )
    .orderBy(asc(billingDocuments.taxSerial))
    .limit(options.limit);
}

/** How many documents are in these tax-system states, issued before `issuedBefore`: one count. */
export async function countDocumentsInTaxStates(
  db: Database,
  states: readonly TaxSystemRecord['status'][],
  issuedBefore: Date,
): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(billingDocuments)
    .where(
      and(
        inArray(status, [...states]),
        sql`${billingDocuments.taxSerial} is not null`,
        lt(billingDocuments.issuedAt, issuedBefore),
      ),
    );
  return row?.value ?? 0;
}

export async function taxSystemDocument(
  db: Database,
  documentId: string,
): Promise<TaxSystemDocument | null> {
  const [row] = await db
    .select(columns)
    .from(billingDocuments)
    .where(eq(billingDocuments.id, documentId));
  return row ?? null;
}

/** An invoice's credit notes, by serial: the chain a correction or cancellation continues. */
export async function creditNotesOf(db: Database, invoiceId: string): Promise<TaxSystemDocument[]> {
  return db
    .select(columns)
    .from(billingDocuments)
    .where(eq(billingDocuments.refersToId, invoiceId))
    .orderBy(asc(billingDocuments.taxSerial));
}

/** Keeps a document's standing with the tax system on the document, in the caller's transaction. */
export async function setTaxSystemRecord(
  tx: Transaction | Database,
  documentId: string,
  record: TaxSystemRecord,
): Promise<void> {
  await tx
    .update(billingDocuments)
    .set({ taxSystem: record })
    .where(eq(billingDocuments.id, documentId));
}

/** Per tax-system state, the documents issued in [from, to) and their totals: a month's summary. */
export async function taxSystemTotals(db: Database, from: Date, to: Date) {
  return db
    .select({
      kind: billingDocuments.kind,
      status,
      documents: sql<number>`count(*)`.mapWith(Number),
      netRial: sql<number>`coalesce(sum(${billingDocuments.netRial}), 0)`.mapWith(Number),
      vatRial: sql<number>`coalesce(sum(${billingDocuments.vatRial}), 0)`.mapWith(Number),
      totalRial: sql<number>`coalesce(sum(${billingDocuments.totalRial}), 0)`.mapWith(Number),
    })
    .from(billingDocuments)
    .where(
      and(
        sql`${billingDocuments.issuedAt} >= ${from}`,
        lt(billingDocuments.issuedAt, to),
        inArray(billingDocuments.kind, ['sales', 'credit-note']),
      ),
    )
    .groupBy(billingDocuments.kind, status);
}
