import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

// Uploaded files (decision 0013; their own module since issue 36). A person's upload is loose
// until another record takes it as its own (a ticket message, a transfer's receipt) and it is
// kept; loose uploads older than the upload TTL are deleted. The bytes live in the file store,
// these rows only name them.

/** One uploaded file: loose until kept, then the file of whatever record took it. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who uploaded it: only they may attach it to anything. */
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** The file store's key; the bytes' SHA-256 (hex) for integrity. */
    storageKey: text('storage_key').notNull().unique(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a record took this upload as its own (sent with a ticket message, a transfer's
     * receipt, issue 21): no longer loose, so never cleaned up and never taken again.
     */
    keptAt: timestamp('kept_at', { withTimezone: true }),
  },
  (table) => [
    index('uploads_loose_idx').on(table.createdAt).where(sql`${table.keptAt} is null`),
    check('uploads_size_check', sql`${table.sizeBytes} > 0`),
  ],
);
