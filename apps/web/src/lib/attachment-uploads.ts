import { TICKET_ATTACHMENTS_PER_MESSAGE } from '@vitrin/contracts';
import { ATTACHMENT_LIMIT_MESSAGE, checkAttachmentFile, type PickedFile } from './attachment-check';
import type { TicketAttachment } from './ticket-attachments';

// The attachments of one message being written: each picked file is checked, uploads at once
// with its own progress, and may be cancelled or removed. Only uploaded ones go with the message.

export type UploadPhase = 'uploading' | 'uploaded' | 'failed' | 'refused';

export interface AttachmentUpload {
  key: string;
  fileName: string;
  sizeBytes: number;
  phase: UploadPhase;
  /** Share of the bytes sent, 0 to 1; 1 while the server checks the file. */
  progress: number;
  /** What the server stored; set once uploaded. */
  attachment: TicketAttachment | null;
  /** Why the file is not attached (refused here or by the server), in Persian. */
  problem: string | null;
  /** A failure worth trying again: the server was not reached, or answered with a 5xx. */
  retryable: boolean;
}

export type UploadsAction =
  | { type: 'added'; uploads: readonly AttachmentUpload[] }
  | { type: 'progressed'; key: string; progress: number }
  | { type: 'uploaded'; key: string; attachment: TicketAttachment }
  | { type: 'failed'; key: string; problem: string; retryable: boolean }
  | { type: 'retried'; key: string }
  | { type: 'removed'; key: string }
  | { type: 'cleared' };

/** Uploading and uploaded files count toward the per-message limit; failed ones do not. */
function takesPlace(upload: AttachmentUpload): boolean {
  return upload.phase === 'uploading' || upload.phase === 'uploaded';
}

/** How many more files this message may take. */
export function roomLeft(uploads: readonly AttachmentUpload[]): number {
  return Math.max(0, TICKET_ATTACHMENTS_PER_MESSAGE - uploads.filter(takesPlace).length);
}

/**
 * Rows for newly picked files: each checked first; those past the per-message limit refused.
 * Rows that come back `uploading` are the ones to send.
 */
export function planUploads(
  current: readonly AttachmentUpload[],
  picked: ReadonlyArray<{ key: string; file: PickedFile }>,
): AttachmentUpload[] {
  let room = roomLeft(current);
  return picked.map(({ key, file }) => {
    const problem = checkAttachmentFile(file) ?? (room > 0 ? null : ATTACHMENT_LIMIT_MESSAGE);
    if (problem === null) room -= 1;
    return {
      key,
      fileName: file.name,
      sizeBytes: file.size,
      phase: problem === null ? 'uploading' : 'refused',
      progress: 0,
      attachment: null,
      problem,
      retryable: false,
    };
  });
}

/** A failed upload may be sent again while the message has room for it. */
export function canRetry(uploads: readonly AttachmentUpload[], key: string): boolean {
  const upload = uploads.find((item) => item.key === key);
  return upload?.phase === 'failed' && upload.retryable && roomLeft(uploads) > 0;
}

export function uploadsReducer(
  uploads: readonly AttachmentUpload[],
  action: UploadsAction,
): readonly AttachmentUpload[] {
  const change = (key: string, update: (upload: AttachmentUpload) => AttachmentUpload) =>
    uploads.map((upload) => (upload.key === key ? update(upload) : upload));

  switch (action.type) {
    case 'added':
      return [...uploads, ...action.uploads];
    case 'progressed':
      return change(action.key, (upload) =>
        upload.phase === 'uploading'
          ? { ...upload, progress: Math.min(1, Math.max(upload.progress, action.progress)) }
          : upload,
      );
    case 'uploaded':
      return change(action.key, (upload) =>
        upload.phase === 'uploading'
          ? { ...upload, phase: 'uploaded', progress: 1, attachment: action.attachment }
          : upload,
      );
    case 'failed':
      return change(action.key, (upload) =>
        upload.phase === 'uploading'
          ? { ...upload, phase: 'failed', problem: action.problem, retryable: action.retryable }
          : upload,
      );
    case 'retried':
      return canRetry(uploads, action.key)
        ? change(action.key, (upload) => ({
            ...upload,
            phase: 'uploading',
            progress: 0,
            problem: null,
            retryable: false,
          }))
        : uploads;
    case 'removed':
      return uploads.filter((upload) => upload.key !== action.key);
    case 'cleared':
      return [];
  }
}

/** The ids to send with the message, in the order the files were picked. */
export function attachedIds(uploads: readonly AttachmentUpload[]): string[] {
  return uploads.flatMap((upload) => (upload.attachment ? [upload.attachment.id] : []));
}

export function isUploading(uploads: readonly AttachmentUpload[]): boolean {
  return uploads.some((upload) => upload.phase === 'uploading');
}
