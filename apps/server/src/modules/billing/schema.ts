import type {
  BillingDocumentLine,
  BillingDocumentPayment,
  BuyerParty,
  SellerParty,
  TaxSystemRecord,
} from '@vitrin/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idOfTableAbove } from '../../db/key-above';
import { foldedParts } from '../../lib/search-fold';
import { users } from '../accounts/schema';

// Billing (issue 21, decision 0022): the VAT rate by date, the company's billing settings, and
// the numbered documents — sales invoices, credit notes and receipts — each frozen when issued.

/** A VAT rate in force from `effective_from` until the next row's. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Basis points: 1000 is 10%. */
    rateBp: integer('rate_bp').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().unique(),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('tax_rates_rate_check', sql`${table.rateBp} >= 0 and ${table.rateBp} <= 10000`),
  ],
);

/** One row per settings group (`seller`, `payment-methods`), validated by its contract. */
export const billingSettings = pgTable('billing_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const DOCUMENT_SERIES = { sales: 'S', 'credit-note': 'C', receipt: 'R' } as const;
export type IssuedDocumentKind = keyof typeof DOCUMENT_SERIES;

/** The last number given in a series and Jalali year; bumped in the issuing transaction. */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    jalaliYear: integer('jalali_year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.jalaliYear] })],
);

export type { TaxSystemRecord } from '@vitrin/contracts';

/** A numbered document, frozen when issued: later edits of anything never change it. */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['sales', 'credit-note', 'receipt'] }).notNull(),
    series: text('series').notNull(),
    jalaliYear: integer('jalali_year').notNull(),
    sequence: integer('sequence').notNull(),
    /** `S1405-000123`: series, Jalali year, sequence. */
    number: text('number').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id').references((): AnyPgColumn => idOfTableAbove('orders')),
    /** The order's number, as the order had it when the document was issued (never changes). */
    orderNumber: integer('order_number'),
    /** A receipt's top-up payment. */
    paymentId: uuid('payment_id').references((): AnyPgColumn => idOfTableAbove('payments')),
    /** A credit note's invoice. */
    refersToId: uuid('refers_to_id').references((): AnyPgColumn => billingDocuments.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    seller: jsonb('seller').$type<SellerParty>().notNull(),
    buyer: jsonb('buyer').$type<BuyerParty>().notNull(),
    lines: jsonb('lines').$type<BillingDocumentLine[]>().notNull(),
    grossRial: bigint('gross_rial', { mode: 'number' }).notNull(),
    discountRial: bigint('discount_rial', { mode: 'number' }).notNull(),
    netRial: bigint('net_rial', { mode: 'number' }).notNull(),
    vatRial: bigint('vat_rial', { mode: 'number' }).notNull(),
    totalRial: bigint('total_rial', { mode: 'number' }).notNull(),
    paymentNote: text('payment_note'),
    /** How a sales invoice was paid, part by part (the tax system's payments); [] otherwise. */
    payments: jsonb('payments').$type<BillingDocumentPayment[]>().notNull().default([]),
    /**
     * The serial of its tax id (issue 39): ascending over sales invoices and credit notes, taken
     * in the issuing transaction from the `tax` counter; null for receipts.
     */
    taxSerial: bigint('tax_serial', { mode: 'number' }).unique(),
    note: text('note'),
    taxSystem: jsonb('tax_system')
      .$type<TaxSystemRecord>()
      .notNull()
      .default({ taxId: null, referenceNumber: null, status: 'waiting' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The number and the buyer's name, folded for staff's search (lib/search-fold.ts). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => foldedParts(billingDocuments.number, sql`${billingDocuments.buyer} ->> 'name'`),
      ),
  },
  (table) => [
    unique('billing_documents_sequence_unique').on(table.series, table.jalaliYear, table.sequence),
    // One sales invoice per order and one receipt per top-up, whatever the retries.
    uniqueIndex('billing_documents_sales_order_idx')
      .on(table.orderId)
      .where(sql`${table.kind} = 'sales'`),
    uniqueIndex('billing_documents_receipt_payment_idx')
      .on(table.paymentId)
      .where(sql`${table.kind} = 'receipt'`),
    index('billing_documents_user_idx').on(table.userId, table.issuedAt),
    // Staff's list, newest first, and its cursor (decision 0031).
    index('billing_documents_issued_idx').on(table.issuedAt, table.number),
    index('billing_documents_refers_idx').on(table.refersToId),
    // An order's documents of every kind (its credit notes on a refund): a scan without it (0031).
    // Staff's search: a part of the number or the buyer's name, and the buyer's national code or
    // id exactly (decision 0031).
    index('billing_documents_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    index('billing_documents_national_code_idx')
      .on(sql`(${table.buyer} ->> 'nationalCode')`)
      .where(sql`${table.buyer} ->> 'nationalCode' is not null`),
    index('billing_documents_national_id_idx')
      .on(sql`(${table.buyer} ->> 'nationalId')`)
      .where(sql`${table.buyer} ->> 'nationalId' is not null`),
    index('billing_documents_order_idx').on(table.orderId).where(sql`${table.orderId} is not null`),
    // The tax system's work: the documents not accepted yet, oldest first (issue 39).
    index('billing_documents_tax_waiting_idx')
      .on(table.issuedAt)
      .where(sql`${table.taxSystem} ->> 'status' not in ('accepted', 'not-applicable')`),
    // Staff's search by an order's number (decision 0031).
    index('billing_documents_order_number_idx')
      .on(table.orderNumber)
      .where(sql`${table.orderNumber} is not null`),
    check(
      'billing_documents_kind_check',
      sql`${table.kind} in ('sales', 'credit-note', 'receipt')`,
    ),
    check(
      'billing_documents_links_check',
      sql`(${table.kind} = 'receipt') = (${table.paymentId} is not null) and (${table.kind} = 'receipt') = (${table.orderId} is null) and (${table.kind} = 'credit-note') = (${table.refersToId} is not null)`,
    ),
    check(
      'billing_documents_order_number_check',
      sql`(${table.orderId} is null) = (${table.orderNumber} is null)`,
    ),
    check(
      'billing_documents_amounts_check',
      sql`${table.sequence} > 0 and ${table.netRial} = ${table.grossRial} - ${table.discountRial} and ${table.totalRial} = ${table.netRial} + ${table.vatRial} and ${table.vatRial} >= 0 and ${table.netRial} >= 0`,
    ),
  ],
);
