import type { TaxSystemMessage } from '@vitrin/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { idOfTableAbove } from '../../db/key-above';
import { users } from '../accounts/schema';

// The tax organisation's سامانه مودیان (issue 39, decision 0039): the company's connection to it,
// and every packet sent, with what the organisation answered.

export const TAX_ENVIRONMENTS = ['built-in', 'sandbox', 'production'] as const;
export type TaxEnvironment = (typeof TAX_ENVIRONMENTS)[number];

/** One row: the company's memory id, key and certificate, and where to send. */
export const taxSystemSettings = pgTable(
  'tax_system_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Off: documents wait, and the console says the tax system is not set up. */
    enabled: boolean('enabled').notNull().default(false),
    /** `built-in`: the product's own local stand-in (no network); the organisation's otherwise. */
    environment: text('environment', { enum: TAX_ENVIRONMENTS }).notNull().default('built-in'),
    /** شناسه یکتای حافظه مالیاتی: six letters and digits, given by the organisation. */
    memoryId: text('memory_id').notNull(),
    /** The private key (PKCS#8 PEM), sealed by the secret box; never read back. */
    privateKeySealed: text('private_key_sealed').notNull(),
    /** The certificate the organisation issued for the key (PEM). */
    certificatePem: text('certificate_pem').notNull(),
    /** The goods-and-services id sent for a line whose product has none (13 digits). */
    defaultServiceId: text('default_service_id').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('tax_system_settings_single_row', sql`${table.id} = 1`),
    check(
      'tax_system_settings_environment_check',
      sql`${table.environment} in ('built-in', 'sandbox', 'production')`,
    ),
  ],
);

export const TAX_SUBMISSION_STATES = ['sending', 'sent', 'accepted', 'rejected'] as const;
export type TaxSubmissionState = (typeof TAX_SUBMISSION_STATES)[number];

/**
 * One packet sent for a document. Written (`sending`) and committed before the request leaves,
 * so a node killed between the organisation's answer and our record finds it and asks the
 * organisation by its uid instead of sending a second invoice.
 */
export const taxSubmissions = pgTable(
  'tax_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references((): AnyPgColumn => idOfTableAbove('billing_documents')),
    /** The packet's subject: 1 original, 2 correction, 3 cancellation, 4 return. */
    ins: smallint('ins').notNull(),
    taxId: text('tax_id').notNull(),
    /** The tax id this packet corrects or cancels (ins 2–4). */
    refersToTaxId: text('refers_to_tax_id'),
    /** Sent with the packet: the organisation answers a repeat with the first submission. */
    requestTraceId: uuid('request_trace_id').notNull().unique(),
    /** The organisation's uid for the item. */
    uid: text('uid'),
    referenceNumber: text('reference_number'),
    state: text('state', { enum: TAX_SUBMISSION_STATES }).notNull().default('sending'),
    errors: jsonb('errors').$type<TaxSystemMessage[]>().notNull().default([]),
    warnings: jsonb('warnings').$type<TaxSystemMessage[]>().notNull().default([]),
    /** Sent as an Article 9 invoice, past the deadline, with staff's confirmation. */
    late: boolean('late').notNull().default(false),
    /** The invoice as sent, before signing and encryption: what staff read back. */
    packet: jsonb('packet').notNull(),
    inquiries: integer('inquiries').notNull().default(0),
    /** When to ask the organisation next while it answers IN_PROGRESS. */
    nextInquiryAt: timestamp('next_inquiry_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tax_submissions_document_idx').on(table.documentId, table.createdAt),
    index('tax_submissions_open_idx')
      .on(table.nextInquiryAt)
      .where(sql`${table.state} in ('sending', 'sent')`),
    check(
      'tax_submissions_state_check',
      sql`${table.state} in ('sending', 'sent', 'accepted', 'rejected')`,
    ),
    check('tax_submissions_ins_check', sql`${table.ins} between 1 and 4`),
  ],
);
