import { createHash, randomUUID } from 'node:crypto';
import {
  TICKET_ATTACHMENT_EXTENSIONS,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_TYPES,
  TICKET_UPLOAD_TTL_HOURS,
  type TicketAttachmentType,
  type ticketAttachment,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { and, asc, count, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { FileNotFoundError, type FileStore } from '../../lib/file-store';
import type { Logger } from '../../lib/logger';
import { findUserForUpdate } from '../accounts';
import { uploads } from './schema';

// Uploads (decision 0013): stored loose first, then kept by the record that takes them (a ticket
// message, a transfer's receipt) in that record's transaction. The type comes from the bytes,
// never from the name or the declared type.

/** An upload as the API shows it (the upload's answer, a message's attachments). */
export type UploadView = z.output<typeof ticketAttachment>;
export type UploadType = TicketAttachmentType;
type UploadRow = typeof uploads.$inferSelect;

/** What the upload calls need: the database, the file store, and somewhere to log. */
export interface UploadDeps {
  db: Database;
  files: FileStore;
  log: Logger;
}

/** Uploads not yet sent with a message, per person: enough for a few messages' worth. */
export const LOOSE_UPLOADS_PER_USER = 20;
export const ATTACHMENT_FILE_NAME_MAX_LENGTH = 100;
const FALLBACK_FILE_NAME = 'پیوست';
const UPLOAD_TTL_MS = TICKET_UPLOAD_TTL_HOURS * 3_600_000;

export const UPLOAD_MESSAGES = {
  unsupportedType: 'فقط تصویر (JPG، PNG، WebP، GIF) یا فایل PDF پذیرفته می‌شود',
  tooLarge: `حجم هر پیوست حداکثر ${toPersianDigits(TICKET_ATTACHMENT_MAX_BYTES / 1024 / 1024)} مگابایت است`,
  empty: 'فایل انتخاب‌شده خالی است',
  tooManyLoose: `${toPersianDigits(LOOSE_UPLOADS_PER_USER)} پیوستِ فرستاده‌نشده دارید؛ نخست پیام خود را بفرستید یا کمی بعد دوباره تلاش کنید`,
} as const;

const EXTENSIONS = TICKET_ATTACHMENT_EXTENSIONS;
const KNOWN_EXTENSIONS = new Set(Object.values(EXTENSIONS).flat());

// Control characters, bidi embeddings/overrides/isolates and marks, zero-width spaces, line
// separators and non-characters: they can make «gpj.exe» read as «exe.jpg». ZWNJ (U+200C) and
// ZWJ (U+200D) stay: Persian words and emoji need them.
const UNSAFE_NAME_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
  /[\u0000-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u2028-\u202E\u2060-\u2069\uFEFF\uFFF9-\uFFFB\uFFFE\uFFFF]/gu;

function isAcceptedType(mime: string | undefined): mime is UploadType {
  return (TICKET_ATTACHMENT_TYPES as readonly string[]).includes(mime ?? '');
}

/**
 * The name a person's file is shown and downloaded under: its last path segment without
 * control or direction characters, at most 100 characters, with the extension of what the bytes
 * are (`x.pdf` holding a PNG becomes `x.png`; `notes.txt` holding one becomes `notes.txt.png`).
 */
export function cleanFileName(declared: string | undefined, type: UploadType): string {
  const lastSegment = (declared ?? '').split(/[/\\]/).at(-1) ?? '';
  const name = lastSegment
    .normalize('NFC')
    .replace(UNSAFE_NAME_CHARACTERS, '')
    .replace(/\s+/gu, ' ')
    .replace(/^[.\s]+|[.\s]+$/gu, '');
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const right = EXTENSIONS[type];
  let stem = name;
  let finalExtension = right[0] ?? '';
  if (right.includes(extension)) {
    stem = name.slice(0, dot);
    finalExtension = extension;
  } else if (KNOWN_EXTENSIONS.has(extension)) {
    stem = name.slice(0, dot);
  }
  const room = ATTACHMENT_FILE_NAME_MAX_LENGTH - finalExtension.length - 1;
  const shortStem = Array.from(stem).slice(0, room).join('').trim();
  return `${shortStem === '' ? FALLBACK_FILE_NAME : shortStem}.${finalExtension}`;
}

function uploadViewOf(row: UploadRow): UploadView {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType as UploadType,
    sizeBytes: row.sizeBytes,
  };
}

/** The uploads `uploadIds` as the API shows them, oldest first (then by id); unknown ids left out. */
export async function findUploadViews(
  db: Database,
  uploadIds: readonly string[],
): Promise<UploadView[]> {
  if (uploadIds.length === 0) return [];
  const rows = await db
    .select()
    .from(uploads)
    .where(inArray(uploads.id, [...uploadIds]))
    .orderBy(asc(uploads.createdAt), asc(uploads.id));
  return rows.map(uploadViewOf);
}

/** An upload's record, for whoever decides who may read it (readUploadBytes); null when none. */
export async function findUpload(
  db: Database,
  uploadId: string,
): Promise<(UploadView & Pick<UploadRow, 'uploadedBy' | 'storageKey' | 'sha256'>) | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!row) return null;
  return {
    ...uploadViewOf(row),
    uploadedBy: row.uploadedBy,
    storageKey: row.storageKey,
    sha256: row.sha256,
  };
}

/** Loose uploads of `userId` that can still be taken (younger than the upload TTL). */
async function countUsableLooseUploads(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(uploads)
    .where(
      and(
        eq(uploads.uploadedBy, userId),
        isNull(uploads.keptAt),
        gt(uploads.createdAt, new Date(now.getTime() - UPLOAD_TTL_MS)),
      ),
    );
  return row?.total ?? 0;
}

/**
 * Keeps an uploaded file as a loose upload of `userId`: its type found from the bytes (only
 * images and PDF), the bytes in the file store under a random key with their SHA-256.
 */
export async function storeUpload(
  deps: UploadDeps,
  userId: string,
  file: { bytes: Buffer; declaredName: string | undefined },
  now: Date = new Date(),
): Promise<UploadView> {
  const { bytes } = file;
  if (bytes.length === 0) {
    throw new AppError('VALIDATION', UPLOAD_MESSAGES.empty, {
      fields: { file: UPLOAD_MESSAGES.empty },
    });
  }
  if (bytes.length > TICKET_ATTACHMENT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (!isAcceptedType(detected?.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.unsupportedType);
  }
  const contentType = detected.mime;
  // Checked before the bytes are written, and again under the lock below.
  if ((await countUsableLooseUploads(deps.db, userId, now)) >= LOOSE_UPLOADS_PER_USER) {
    throw new AppError('CONFLICT', UPLOAD_MESSAGES.tooManyLoose);
  }

  // The bytes first: a crash before the row leaves an orphan file, never a row without bytes.
  // Keys keep the `tickets/` folder uploads had before they were a module of their own.
  const storageKey = `tickets/${randomUUID()}`;
  await deps.files.put(storageKey, bytes);
  try {
    const row = await deps.db.transaction(async (tx) => {
      // One upload per person at a time passes the count, so parallel uploads cannot exceed it.
      await findUserForUpdate(tx, userId);
      if ((await countUsableLooseUploads(tx, userId, now)) >= LOOSE_UPLOADS_PER_USER) {
        throw new AppError('CONFLICT', UPLOAD_MESSAGES.tooManyLoose);
      }
      const [inserted] = await tx
        .insert(uploads)
        .values({
          uploadedBy: userId,
          fileName: cleanFileName(file.declaredName, contentType),
          contentType,
          sizeBytes: bytes.length,
          storageKey,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          createdAt: now,
        })
        .returning();
      if (!inserted) throw new Error('upload insert returned no row');
      return inserted;
    });
    return uploadViewOf(row);
  } catch (error) {
    await deps.files.delete(storageKey).catch((cleanup: unknown) => {
      deps.log.warn({ err: cleanup, storageKey }, 'could not remove an unsaved upload');
    });
    throw error;
  }
}

/**
 * Takes loose, unexpired uploads of `userId` as another record's files (a ticket message's
 * attachments, a transfer's receipt), inside that record's transaction: from then on they are
 * kept, never cleaned up and never taken again. Answers those taken, each once, with their type;
 * an id that cannot be taken (another person's upload, one already kept, expired or unknown) is
 * left out, and the caller decides what that means.
 */
export async function keepUploads(
  tx: Transaction,
  input: { userId: string; uploadIds: readonly string[]; now: Date },
): Promise<Array<{ id: string; contentType: UploadType }>> {
  if (input.uploadIds.length === 0) return [];
  const kept = await tx
    .update(uploads)
    .set({ keptAt: input.now })
    .where(
      and(
        inArray(uploads.id, [...new Set(input.uploadIds)]),
        eq(uploads.uploadedBy, input.userId),
        isNull(uploads.keptAt),
        gt(uploads.createdAt, new Date(input.now.getTime() - UPLOAD_TTL_MS)),
      ),
    )
    .returning({ id: uploads.id, contentType: uploads.contentType });
  return kept.map((row) => ({ id: row.id, contentType: row.contentType as UploadType }));
}

/**
 * One upload taken as a record's file (a transfer's receipt, issue 21), as keepUploads does;
 * null when it cannot be taken, which callers answer as not found.
 */
export async function keepUpload(
  tx: Transaction,
  input: { userId: string; attachmentId: string; now: Date },
): Promise<{ id: string; contentType: UploadType } | null> {
  const [kept] = await keepUploads(tx, {
    userId: input.userId,
    uploadIds: [input.attachmentId],
    now: input.now,
  });
  return kept ?? null;
}

/**
 * An upload's bytes, checked against their SHA-256. Whoever calls it has decided the reader may
 * see them; a missing or changed file is a fault to report (500), not something to serve.
 */
export async function readUploadBytes(
  files: FileStore,
  upload: Pick<UploadRow, 'id' | 'storageKey' | 'sha256'>,
): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await files.read(upload.storageKey);
  } catch (error) {
    if (!(error instanceof FileNotFoundError)) throw error;
    throw new AppError('INTERNAL', undefined, { cause: error });
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== upload.sha256) {
    throw new AppError('INTERNAL', undefined, {
      cause: new Error(`upload ${upload.id}: stored bytes do not match their SHA-256`),
    });
  }
  return bytes;
}

/** Deletes uploads never kept within the upload TTL: rows first, then their bytes. */
export async function deleteStaleUploads(deps: UploadDeps, now: Date): Promise<number> {
  const removed = await deps.db
    .delete(uploads)
    .where(
      and(isNull(uploads.keptAt), lte(uploads.createdAt, new Date(now.getTime() - UPLOAD_TTL_MS))),
    )
    .returning({ storageKey: uploads.storageKey });
  for (const { storageKey } of removed) {
    // A file left behind is only wasted space; the row, which names it, is already gone.
    await deps.files.delete(storageKey).catch((error: unknown) => {
      deps.log.warn({ err: error, storageKey }, 'could not delete a stale upload');
    });
  }
  return removed.length;
}

/** `Content-Disposition` for a download: an ASCII fallback name and the real one (RFC 6266). */
export function contentDisposition(fileName: string, contentType: UploadType): string {
  const kind = contentType === 'application/pdf' ? 'attachment' : 'inline';
  const ascii = fileName.replace(/[^\x20-\x7E]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
