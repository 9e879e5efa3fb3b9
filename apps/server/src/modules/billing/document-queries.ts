import type { BillingDocument } from '@vitrin/contracts';
import { toLatinDigits } from '@vitrin/fa';
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { encodeCursor, listTotal, readCursor, timestampText } from '../../lib/list-total';
import { users } from '../accounts';
import { orderLines, orders } from '../orders';
import {
  DOCUMENT_NOT_FOUND,
  documentOf,
  numberOf,
  proformaOf,
  readDocumentRow,
  salesInvoiceOf,
} from './documents.service';
import { billingDocuments } from './schema';

// Reading documents: a customer only their own, staff any; by id, or an order's current one.

const PAID_BEFORE_INVOICES =
  'این سفارش پیش از راه‌اندازی صورتحساب رسمی پرداخت شده است؛ برای صورتحساب آن به پشتیبانی پیام دهید';

async function orderRef(db: Database, orderId: string | null) {
  if (!orderId) return null;
  const [row] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** `userId` null: staff, who may read any document. */
export async function getBillingDocument(
  db: Database,
  request: { documentId?: string | undefined; orderId?: string | undefined },
  userId: string | null,
): Promise<BillingDocument> {
  if (request.documentId) {
    const row = await readDocumentRow(db, request.documentId, userId);
    return documentOf(row, await orderRef(db, row.orderId), await numberOf(db, row.refersToId));
  }
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, request.orderId ?? ''),
        userId === null ? undefined : eq(orders.userId, userId),
      ),
    );
  if (!order) throw new AppError('NOT_FOUND', 'این سفارش پیدا نشد');
  if (order.status === 'paid' || order.status === 'refunded') {
    const invoice = await salesInvoiceOf(db, order.id);
    if (!invoice) throw new AppError('NOT_FOUND', PAID_BEFORE_INVOICES);
    return documentOf(invoice, { id: order.id, number: order.number }, null);
  }
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
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
  if (query) {
    const pattern = `%${query.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    const digits = query.replace(/^0/, '');
    conditions.push(
      or(
        ilike(billingDocuments.number, pattern),
        ilike(sql`${billingDocuments.buyer}->>'name'`, pattern),
        eq(sql`${billingDocuments.buyer}->>'nationalCode'`, query),
        eq(sql`${billingDocuments.buyer}->>'nationalId'`, query),
        /^\d{6,}$/.test(digits) ? ilike(users.mobile, `%${digits}`) : undefined,
        /^\d{1,9}$/.test(query) ? eq(orders.number, Number(query)) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  // Staff's search reads the customer's mobile and the order's number; the rest needs neither.
  const searching = Boolean(query);
  const [rows, counted] = await Promise.all([
    db
      .select({
        document: billingDocuments,
        orderNumber: orders.number,
        issuedAtText: timestampText(billingDocuments.issuedAt),
      })
      .from(billingDocuments)
      .innerJoin(users, eq(users.id, billingDocuments.userId))
      .leftJoin(orders, eq(orders.id, billingDocuments.orderId))
      .where(page.after ? and(where, afterCursor(page.after)) : where)
      .orderBy(desc(billingDocuments.issuedAt), desc(billingDocuments.number))
      .limit(page.pageSize)
      .offset(page.after ? 0 : (page.page - 1) * page.pageSize),
    listTotal(
      db,
      searching
        ? db
            .select({ one: sql`1` })
            .from(billingDocuments)
            .innerJoin(users, eq(users.id, billingDocuments.userId))
            .leftJoin(orders, eq(orders.id, billingDocuments.orderId))
            .where(where)
        : db.select({ one: sql`1` }).from(billingDocuments).where(where),
    ),
  ]);
  const last = rows.at(-1);
  const nextCursor =
    last && rows.length === page.pageSize
      ? encodeCursor({ at: last.issuedAtText, key: last.document.number })
      : null;
  return {
    items: rows.map(({ document, orderNumber }) => {
      const full = documentOf(
        document,
        document.orderId && orderNumber !== null
          ? { id: document.orderId, number: orderNumber }
          : null,
        null,
      );
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
