import type { BillingDocument } from '@vitrin/contracts';
import { searchTokens, toLatinDigits } from '@vitrin/fa';
import { and, desc, eq, gte, ilike, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ask, definePort } from '../../lib/events';
import {
  EXACT_TOTAL_LIMIT,
  encodeCursor,
  listTotal,
  readCursor,
  SEARCH_EXACT_TOTAL_LIMIT,
  timestampText,
} from '../../lib/list-total';
import { foldedPart } from '../../lib/search-fold';
import { escapeLike, matchesSearchQuery } from '../../lib/search-sql';
import { peopleView } from '../accounts';
import {
  DOCUMENT_NOT_FOUND,
  documentOf,
  numberOf,
  type OrderForDocument,
  proformaOf,
  readDocumentRow,
  salesInvoiceOf,
} from './documents.service';
import { billingDocuments } from './schema';

// Reading documents: a customer only their own, staff any; by id, or an order's current one.

const PAID_BEFORE_INVOICES =
  'این سفارش پیش از راه‌اندازی صورتحساب رسمی پرداخت شده است؛ برای صورتحساب آن به پشتیبانی پیام دهید';

/**
 * The order `orderId` of `userId` (of anyone when null) with its lines, or null when there is
 * none: billing draws a pending order's pro-forma from it. Orders, a layer above, answers it.
 */
export const orderForDocument = definePort<
  (db: Database, orderId: string, userId: string | null) => Promise<OrderForDocument | null>
>('billing:order-for-document');

/** `userId` null: staff, who may read any document. */
export async function getBillingDocument(
  db: Database,
  request: { documentId?: string | undefined; orderId?: string | undefined },
  userId: string | null,
): Promise<BillingDocument> {
  if (request.documentId) {
    const row = await readDocumentRow(db, request.documentId, userId);
    return documentOf(row, await numberOf(db, row.refersToId));
  }
  const found = await ask(orderForDocument)(db, request.orderId ?? '', userId);
  if (!found) throw new AppError('NOT_FOUND', 'این سفارش پیدا نشد');
  const { order, lines } = found;
  if (order.status === 'paid' || order.status === 'refunded') {
    const invoice = await salesInvoiceOf(db, order.id);
    if (!invoice) throw new AppError('NOT_FOUND', PAID_BEFORE_INVOICES);
    return documentOf(invoice, null);
  }
  return proformaOf(db, order, lines);
}

export interface DocumentFilters {
  query?: string | undefined;
  kind?: 'sales' | 'credit-note' | 'receipt' | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Rows after the cursor's row, newest first (decision 0031). */
function afterCursor(after: string): SQL {
  const cursor = readCursor(after, /^[A-Z]\d{4}-\d{1,12}$/);
  return sql`(${billingDocuments.issuedAt}, ${billingDocuments.number}) < (${cursor.at}::timestamptz, ${cursor.key})`;
}

/**
 * Every word of the query in the number, or every word in the buyer's name, folded as
 * packages/fa folds them (Arabic ي/ك, half-spaces, Persian digits, case).
 */
function inNumberOrName(query: string): SQL | undefined {
  if (searchTokens(query).length === 0) {
    // No letter or digit in it (`-`): the text as typed, which no index can narrow.
    const pattern = `%${escapeLike(query)}%`;
    return or(
      ilike(billingDocuments.number, pattern),
      ilike(sql`${billingDocuments.buyer} ->> 'name'`, pattern),
    );
  }
  // `search_text` is the number and the name folded (lib/search-fold.ts): the trigram index
  // finds the words in it, and one of its two parts must hold them all.
  const inPart = (part: number) =>
    matchesSearchQuery(foldedPart(billingDocuments.searchText, part), query);
  return and(matchesSearchQuery(billingDocuments.searchText, query), or(inPart(1), inPart(2)));
}

/**
 * Staff's search: a part of the number or of the buyer's name, the buyer's national code or id,
 * the end of the customer's mobile (six digits or more), or the order's number (kept on the
 * document when issued). Each part is answered from an index (decision 0031); the customers are
 * found first and their documents then read by `billing_documents_user_idx`, not by joining
 * every document with its customer.
 */
function searchCondition(query: string): SQL | undefined {
  const digits = query.replace(/^0/, '');
  return or(
    inNumberOrName(query),
    eq(sql`${billingDocuments.buyer} ->> 'nationalCode'`, query),
    eq(sql`${billingDocuments.buyer} ->> 'nationalId'`, query),
    /^\d{6,}$/.test(digits)
      ? sql`${billingDocuments.userId} = any(array(select ${peopleView.id} from ${peopleView} where ${like(peopleView.mobile, `%${digits}`)}))`
      : undefined,
    /^\d{1,9}$/.test(query) ? eq(billingDocuments.orderNumber, Number(query)) : undefined,
  );
}

/**
 * A page of documents, newest first: a customer's own (`userId`), or staff's search; from
 * `page`, or after the cursor `after`.
 */
export async function findBillingDocuments(
  db: Database,
  filters: DocumentFilters & { userId?: string },
  page: { page: number; pageSize: number; after?: string | undefined },
) {
  const conditions: Array<SQL | undefined> = [
    filters.userId ? eq(billingDocuments.userId, filters.userId) : undefined,
    filters.kind ? eq(billingDocuments.kind, filters.kind) : undefined,
    filters.from ? gte(billingDocuments.issuedAt, new Date(filters.from)) : undefined,
    filters.to ? lt(billingDocuments.issuedAt, new Date(filters.to)) : undefined,
  ];
  // Typed digits may be Persian: numbers, mobiles and ids are stored with Latin ones.
  const query = filters.query ? toLatinDigits(filters.query).trim() : undefined;
  if (query) conditions.push(searchCondition(query));
  const where = and(...conditions);
  const counted = await listTotal(
    db,
    db.select({ one: sql`1` }).from(billingDocuments).where(where),
    query ? SEARCH_EXACT_TOTAL_LIMIT : EXACT_TOTAL_LIMIT,
  );
  // A search that finds at most SEARCH_EXACT_TOTAL_LIMIT documents: those are found first (through
  // the search's indexes) and sorted. Left to itself, the planner may walk every document by
  // date for a page it expects to fill soon: a part of a number no document has read all
  // 720,000 of them (2.8 s at 100×; decision 0031).
  const found =
    query && !counted.totalIsEstimate
      ? sql`${billingDocuments.id} = any(array(select ${billingDocuments.id} from ${billingDocuments} where ${where}))`
      : where;
  const rows = await db
    .select({
      document: billingDocuments,
      issuedAtText: timestampText(billingDocuments.issuedAt),
    })
    .from(billingDocuments)
    .where(page.after ? and(found, afterCursor(page.after)) : found)
    .orderBy(desc(billingDocuments.issuedAt), desc(billingDocuments.number))
    .limit(page.pageSize)
    .offset(page.after ? 0 : (page.page - 1) * page.pageSize);
  const last = rows.at(-1);
  const nextCursor =
    last && rows.length === page.pageSize
      ? encodeCursor({ at: last.issuedAtText, key: last.document.number })
      : null;
  return {
    items: rows.map(({ document }) => {
      const full = documentOf(document, null);
      return {
        id: full.id,
        kind: document.kind,
        title: full.title,
        number: document.number,
        issuedAt: full.issuedAt,
        order: full.order,
        buyerName: document.buyer.name,
        netRial: document.netRial,
        vatRial: document.vatRial,
        totalRial: document.totalRial,
      };
    }),
    ...counted,
    page: page.page,
    pageSize: page.pageSize,
    nextCursor,
  };
}

export { DOCUMENT_NOT_FOUND };
