import { createHash, randomUUID } from 'node:crypto';
import {
  hasPermission,
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
import type { AuthUser } from '../../plugins/auth';
import { users } from '../accounts';
import { ticketAttachments, ticketMessages, tickets } from './schema';

// Attachments (decision 0013): uploaded loose first, then bound to one message in its
// transaction. The type comes from the bytes, never from the name or the declared type.

export type TicketAttachmentView = z.output<typeof ticketAttachment>;

/** What the attachment calls need: the database, the file store, and somewhere to log. */
export interface AttachmentDeps {
  db: Database;
  files: FileStore;
  log: Logger;
}

/** Uploads not yet sent with a message, per person: enough for a few messages' worth. */
export const LOOSE_UPLOADS_PER_USER = 20;
export const ATTACHMENT_FILE_NAME_MAX_LENGTH = 100;
const FALLBACK_FILE_NAME = 'پیوست';
const UPLOAD_TTL_MS = TICKET_UPLOAD_TTL_HOURS * 3_600_000;

export const ATTACHMENT_MESSAGES = {
  unsupportedType: 'فقط تصویر (JPG، PNG، WebP، GIF) یا فایل PDF پذیرفته می‌شود',
  tooLarge: `حجم هر پیوست حداکثر ${toPersianDigits(TICKET_ATTACHMENT_MAX_BYTES / 1024 / 1024)} مگابایت است`,
  empty: 'فایل انتخاب‌شده خالی است',
  tooManyLoose: `${toPersianDigits(LOOSE_UPLOADS_PER_USER)} پیوستِ فرستاده‌نشده دارید؛ نخست پیام خود را بفرستید یا کمی بعد دوباره تلاش کنید`,
  notUsable: 'پیوست پیدا نشد یا پیش‌تر با پیامی فرستاده شده است؛ آن را دوباره بارگذاری کنید',
  notFound: 'این پیوست پیدا نشد',
} as const;

const EXTENSIONS = TICKET_ATTACHMENT_EXTENSIONS;
const KNOWN_EXTENSIONS = new Set(Object.values(EXTENSIONS).flat());

// Control characters, bidi embeddings/overrides/isolates and marks, zero-width spaces, line
// separators and non-characters: they can make «gpj.exe» read as «exe.jpg». ZWNJ (U+200C) and
// ZWJ (U+200D) stay: Persian words and emoji need them.
const UNSAFE_NAME_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
  /[\u0000-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u2028-\u202E\u2060-\u2069\uFEFF\uFFF9-\uFFFB\uFFFE\uFFFF]/gu;

function isAcceptedType(mime: string | undefined): mime is TicketAttachmentType {
  return (TICKET_ATTACHMENT_TYPES as readonly string[]).includes(mime ?? '');
}

/**
 * The name a person's file is shown and downloaded under: its last path segment without
 * control or direction characters, at most 100 characters, with the extension of what the bytes
 * are (`x.pdf` holding a PNG becomes `x.png`; `notes.txt` holding one becomes `notes.txt.png`).
 */
export function cleanFileName(declared: string | undefined, type: TicketAttachmentType): string {
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

function toView(row: typeof ticketAttachments.$inferSelect): TicketAttachmentView {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType as TicketAttachmentType,
    sizeBytes: row.sizeBytes,
  };
}

/** Loose uploads of `userId` that can still be attached (younger than the upload TTL). */
async function countUsableLooseUploads(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(ticketAttachments)
    .where(
      and(
        eq(ticketAttachments.uploadedBy, userId),
        isNull(ticketAttachments.messageId),
        isNull(ticketAttachments.keptAt),
        gt(ticketAttachments.createdAt, new Date(now.getTime() - UPLOAD_TTL_MS)),
      ),
    );
  return row?.total ?? 0;
}

/**
 * Keeps an uploaded file as a loose attachment of `userId`: its type found from the bytes (only
 * images and PDF), the bytes in the file store under a random key with their SHA-256.
 */
export async function storeUpload(
  deps: AttachmentDeps,
  userId: string,
  file: { bytes: Buffer; declaredName: string | undefined },
  now: Date = new Date(),
): Promise<TicketAttachmentView> {
  const { bytes } = file;
  if (bytes.length === 0) {
    throw new AppError('VALIDATION', ATTACHMENT_MESSAGES.empty, {
      fields: { file: ATTACHMENT_MESSAGES.empty },
    });
  }
  if (bytes.length > TICKET_ATTACHMENT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_MESSAGES.tooLarge);
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (!isAcceptedType(detected?.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_MESSAGES.unsupportedType);
  }
  const contentType = detected.mime;
  // Checked before the bytes are written, and again under the lock below.
  if ((await countUsableLooseUploads(deps.db, userId, now)) >= LOOSE_UPLOADS_PER_USER) {
    throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.tooManyLoose);
  }

  // The bytes first: a crash before the row leaves an orphan file, never a row without bytes.
  const storageKey = `tickets/${randomUUID()}`;
  await deps.files.put(storageKey, bytes);
  try {
    const row = await deps.db.transaction(async (tx) => {
      // One upload per person at a time passes the count, so parallel uploads cannot exceed it.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      if ((await countUsableLooseUploads(tx, userId, now)) >= LOOSE_UPLOADS_PER_USER) {
        throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.tooManyLoose);
      }
      const [inserted] = await tx
        .insert(ticketAttachments)
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
      if (!inserted) throw new Error('attachment insert returned no row');
      return inserted;
    });
    return toView(row);
  } catch (error) {
    await deps.files.delete(storageKey).catch((cleanup: unknown) => {
      deps.log.warn({ err: cleanup, storageKey }, 'could not remove an unsaved upload');
    });
    throw error;
  }
}

/**
 * Binds `attachmentIds` to a new message inside its transaction: each must be a loose, unexpired
 * upload of `userId`, each used once. Anything else (another person's upload, one already sent,
 * an id given twice) refuses the whole message: 404 on the field, like a missing id.
 */
export async function bindAttachments(
  tx: Transaction,
  input: { userId: string; messageId: string; attachmentIds: readonly string[]; now: Date },
): Promise<void> {
  if (input.attachmentIds.length === 0) return;
  const bound = await tx
    .update(ticketAttachments)
    .set({ messageId: input.messageId })
    .where(
      and(
        inArray(ticketAttachments.id, [...new Set(input.attachmentIds)]),
        eq(ticketAttachments.uploadedBy, input.userId),
        isNull(ticketAttachments.messageId),
        isNull(ticketAttachments.keptAt),
        gt(ticketAttachments.createdAt, new Date(input.now.getTime() - UPLOAD_TTL_MS)),
      ),
    )
    .returning({ id: ticketAttachments.id });
  if (bound.length !== input.attachmentIds.length) {
    throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notUsable, {
      fields: { attachmentIds: ATTACHMENT_MESSAGES.notUsable },
    });
  }
}

/**
 * Takes one loose, unexpired upload of `userId` as another record's file (a transfer's receipt,
 * issue 21), inside that record's transaction: from then on it is kept, never cleaned up and
 * never sent with a message. Answers its type, or null for anything else (another person's
 * upload, one already sent or kept, an unknown id), which callers answer as not found.
 */
export async function keepUpload(
  tx: Transaction,
  input: { userId: string; attachmentId: string; now: Date },
): Promise<{ id: string; contentType: TicketAttachmentType } | null> {
  const [kept] = await tx
    .update(ticketAttachments)
    .set({ keptAt: input.now })
    .where(
      and(
        eq(ticketAttachments.id, input.attachmentId),
        eq(ticketAttachments.uploadedBy, input.userId),
        isNull(ticketAttachments.messageId),
        isNull(ticketAttachments.keptAt),
        gt(ticketAttachments.createdAt, new Date(input.now.getTime() - UPLOAD_TTL_MS)),
      ),
    )
    .returning({ id: ticketAttachments.id, contentType: ticketAttachments.contentType });
  return kept ? { id: kept.id, contentType: kept.contentType as TicketAttachmentType } : null;
}

/** The attachments of each message, oldest upload first. */
export async function findAttachmentsByMessageIds(
  db: Database,
  messageIds: readonly string[],
): Promise<Map<string, TicketAttachmentView[]>> {
  const byMessage = new Map<string, TicketAttachmentView[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(ticketAttachments)
    .where(inArray(ticketAttachments.messageId, [...messageIds]))
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id));
  for (const row of rows) {
    if (!row.messageId) continue;
    const list = byMessage.get(row.messageId) ?? [];
    list.push(toView(row));
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

export interface AttachmentFile {
  fileName: string;
  contentType: TicketAttachmentType;
  bytes: Buffer;
}

/** Whether `userId` works tickets now, by the database rather than the token. */
async function isActiveStaff(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: users.role, lockedAt: users.lockedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row !== undefined && !row.lockedAt && hasPermission(row.role, 'tickets.work');
}

/**
 * The bytes of an attachment, for those who may read it: staff (support or admin), the owner of
 * the ticket it was sent on (not on an internal note), or the uploader while it is loose. Anyone
 * else gets the same 404 as for an id that does not exist.
 */
export async function readAttachment(
  deps: AttachmentDeps,
  reader: Pick<AuthUser, 'id' | 'role'>,
  attachmentId: string,
): Promise<AttachmentFile> {
  const [row] = await deps.db
    .select({
      attachment: ticketAttachments,
      ticketOwner: tickets.userId,
      internal: ticketMessages.internal,
    })
    .from(ticketAttachments)
    .leftJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
    .leftJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .where(eq(ticketAttachments.id, attachmentId));
  const isOwnOrUploaded =
    row !== undefined &&
    (row.attachment.messageId === null
      ? row.attachment.uploadedBy === reader.id
      : row.ticketOwner === reader.id && row.internal === false);
  // The token names the role; a demoted or locked staff member is refused at once all the same.
  const mayRead =
    row !== undefined &&
    (isOwnOrUploaded ||
      (hasPermission(reader.role, 'tickets.work') && (await isActiveStaff(deps.db, reader.id))));
  if (!row || !mayRead) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);

  const { attachment } = row;
  let bytes: Buffer;
  try {
    bytes = await deps.files.read(attachment.storageKey);
  } catch (error) {
    if (!(error instanceof FileNotFoundError)) throw error;
    throw new AppError('INTERNAL', undefined, { cause: error });
  }
  // A changed or truncated file on disk is a fault to report, not something to serve.
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== attachment.sha256) {
    throw new AppError('INTERNAL', undefined, {
      cause: new Error(`attachment ${attachment.id}: stored bytes do not match their SHA-256`),
    });
  }
  return {
    fileName: attachment.fileName,
    contentType: attachment.contentType as TicketAttachmentType,
    bytes,
  };
}

/** Deletes uploads never sent (nor kept) within the upload TTL: rows first, then their bytes. */
export async function deleteStaleUploads(deps: AttachmentDeps, now: Date): Promise<number> {
  const removed = await deps.db
    .delete(ticketAttachments)
    .where(
      and(
        isNull(ticketAttachments.messageId),
        isNull(ticketAttachments.keptAt),
        lte(ticketAttachments.createdAt, new Date(now.getTime() - UPLOAD_TTL_MS)),
      ),
    )
    .returning({ storageKey: ticketAttachments.storageKey });
  for (const { storageKey } of removed) {
    // A file left behind is only wasted space; the row, which names it, is already gone.
    await deps.files.delete(storageKey).catch((error: unknown) => {
      deps.log.warn({ err: error, storageKey }, 'could not delete a stale upload');
    });
  }
  return removed.length;
}

/** `Content-Disposition` for a download: an ASCII fallback name and the real one (RFC 6266). */
export function contentDisposition(fileName: string, contentType: TicketAttachmentType): string {
  const kind = contentType === 'application/pdf' ? 'attachment' : 'inline';
  const ascii = fileName.replace(/[^\x20-\x7E]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
