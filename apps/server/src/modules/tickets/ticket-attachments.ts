import { hasPermission } from '@vitrin/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { FileStore } from '../../lib/file-store';
import type { AuthUser } from '../../plugins/auth';
import { readStaffStanding } from '../accounts';
import {
  findUpload,
  findUploadViews,
  keepUploads,
  readUploadBytes,
  type UploadType,
  type UploadView,
} from '../files';
import { ticketMessageFiles, ticketMessages, tickets } from './schema';

// A message's attachments (decision 0013): the person's own uploads (modules/files), taken by
// the message in its transaction; which message holds which upload is this module's own row.

export type TicketAttachmentView = UploadView;

export const ATTACHMENT_MESSAGES = {
  notUsable: 'پیوست پیدا نشد یا پیش‌تر با پیامی فرستاده شده است؛ آن را دوباره بارگذاری کنید',
  notFound: 'این پیوست پیدا نشد',
} as const;

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
  const kept = await keepUploads(tx, {
    userId: input.userId,
    uploadIds: input.attachmentIds,
    now: input.now,
  });
  // The whole transaction rolls back with the error, uploads kept above included.
  if (kept.length !== input.attachmentIds.length) {
    throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notUsable, {
      fields: { attachmentIds: ATTACHMENT_MESSAGES.notUsable },
    });
  }
  await tx
    .insert(ticketMessageFiles)
    .values(kept.map((upload) => ({ messageId: input.messageId, uploadId: upload.id })));
}

/** The attachments of each message, oldest upload first. */
export async function findAttachmentsByMessageIds(
  db: Database,
  messageIds: readonly string[],
): Promise<Map<string, TicketAttachmentView[]>> {
  const byMessage = new Map<string, TicketAttachmentView[]>();
  if (messageIds.length === 0) return byMessage;
  const links = await db
    .select()
    .from(ticketMessageFiles)
    .where(inArray(ticketMessageFiles.messageId, [...messageIds]));
  const messageOf = new Map(links.map((link) => [link.uploadId, link.messageId]));
  // Oldest upload first within each message, as files lists them.
  for (const upload of await findUploadViews(db, [...messageOf.keys()])) {
    const messageId = messageOf.get(upload.id);
    if (!messageId) continue;
    const list = byMessage.get(messageId) ?? [];
    list.push(upload);
    byMessage.set(messageId, list);
  }
  return byMessage;
}

export interface AttachmentFile {
  fileName: string;
  contentType: UploadType;
  bytes: Buffer;
}

/** Whether `userId` works tickets now, by the database rather than the token. */
async function isActiveStaff(db: Database, userId: string): Promise<boolean> {
  const row = await readStaffStanding(db, userId);
  return row !== null && !row.lockedAt && hasPermission(row.role, 'tickets.work');
}

/**
 * The bytes of an attachment, for those who may read it: staff (support or admin), the owner of
 * the ticket it was sent on (not on an internal note), or the uploader while it is on no message
 * (loose, or a transfer's receipt). Anyone else gets the same 404 as for an id that does not exist.
 */
export async function readAttachment(
  deps: { db: Database; files: FileStore },
  reader: Pick<AuthUser, 'id' | 'role'>,
  attachmentId: string,
): Promise<AttachmentFile> {
  const upload = await findUpload(deps.db, attachmentId);
  // The message it was sent with, if any: only the ticket's owner reads it then (not a note's).
  const [sent] = upload
    ? await deps.db
        .select({ ticketOwner: tickets.userId, internal: ticketMessages.internal })
        .from(ticketMessageFiles)
        .innerJoin(ticketMessages, eq(ticketMessages.id, ticketMessageFiles.messageId))
        .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
        .where(eq(ticketMessageFiles.uploadId, upload.id))
    : [];
  const isOwnOrUploaded =
    upload !== null &&
    (sent === undefined
      ? upload.uploadedBy === reader.id
      : sent.ticketOwner === reader.id && !sent.internal);
  // The token names the role; a demoted or locked staff member is refused at once all the same.
  const mayRead =
    upload !== null &&
    (isOwnOrUploaded ||
      (hasPermission(reader.role, 'tickets.work') && (await isActiveStaff(deps.db, reader.id))));
  if (!upload || !mayRead) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);

  return {
    fileName: upload.fileName,
    contentType: upload.contentType,
    bytes: await readUploadBytes(deps.files, upload),
  };
}
