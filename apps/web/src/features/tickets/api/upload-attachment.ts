import { TICKET_UPLOAD_PATH } from '@vitrin/contracts';
import { type UploadOptions, uploadFile } from '../../../lib/upload-file';
import type { TicketMessage } from './get-ticket-replies';

/** A stored file, as the upload answers it and as a message lists it. */
export type TicketAttachment = TicketMessage['attachments'][number];

/** Uploads one file for a ticket message (TICKET_UPLOAD_PATH), with its progress. */
export function uploadAttachment(file: File, options: UploadOptions = {}) {
  return uploadFile<TicketAttachment>(TICKET_UPLOAD_PATH, file, options);
}
