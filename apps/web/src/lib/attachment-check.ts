import {
  TICKET_ATTACHMENT_EXTENSIONS,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_TYPES,
  TICKET_ATTACHMENTS_PER_MESSAGE,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { formatFileSize } from './file-size';

// A courtesy check before uploading, so a person learns at once that a 20 MB video will not go.
// The server still decides by the file's bytes (a renamed .exe is refused there, not here).

const ALLOWED_EXTENSIONS = TICKET_ATTACHMENT_TYPES.flatMap(
  (type) => TICKET_ATTACHMENT_EXTENSIONS[type],
);

/** The file picker's `accept`: the types and their extensions, for systems that know only one. */
export const ATTACHMENT_ACCEPT = [
  ...TICKET_ATTACHMENT_TYPES,
  ...ALLOWED_EXTENSIONS.map((extension) => `.${extension}`),
].join(',');

/** What may be attached, for the hint under the picker. */
export const ATTACHMENT_RULES_TEXT =
  `تصویر (JPG، PNG، WebP، GIF) یا PDF؛ هر فایل تا ${formatFileSize(TICKET_ATTACHMENT_MAX_BYTES)}` +
  `، حداکثر ${toPersianDigits(TICKET_ATTACHMENTS_PER_MESSAGE)} فایل برای هر پیام`;

export const ATTACHMENT_WRONG_TYPE_MESSAGE = 'فقط تصویر (JPG، PNG، WebP، GIF) یا PDF پیوست می‌شود';
export const ATTACHMENT_TOO_LARGE_MESSAGE = `حجم هر فایل باید حداکثر ${formatFileSize(
  TICKET_ATTACHMENT_MAX_BYTES,
)} باشد`;
export const ATTACHMENT_EMPTY_MESSAGE = 'این فایل خالی است';
export const ATTACHMENT_LIMIT_MESSAGE = `هر پیام حداکثر ${toPersianDigits(
  TICKET_ATTACHMENTS_PER_MESSAGE,
)} پیوست می‌تواند داشته باشد`;

/** The part of a File the check reads. */
export interface PickedFile {
  name: string;
  /** The browser's guess from the name; '' when it has none. */
  type: string;
  size: number;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function isAllowedType(type: string): boolean {
  return TICKET_ATTACHMENT_TYPES.some((allowed) => allowed === type);
}

/**
 * Why a picked file cannot be attached, in Persian, or null when it may be uploaded. The type is
 * the browser's when it knows one, else the name's extension.
 */
export function checkAttachmentFile(file: PickedFile): string | null {
  const type = file.type.trim().toLowerCase();
  const typeKnown = type !== '' && type !== 'application/octet-stream';
  const allowed = typeKnown
    ? isAllowedType(type)
    : ALLOWED_EXTENSIONS.includes(extensionOf(file.name));
  if (!allowed) return ATTACHMENT_WRONG_TYPE_MESSAGE;
  if (file.size === 0) return ATTACHMENT_EMPTY_MESSAGE;
  if (file.size > TICKET_ATTACHMENT_MAX_BYTES) return ATTACHMENT_TOO_LARGE_MESSAGE;
  return null;
}

/** Whether an attachment shows as a thumbnail (images) or as a file chip (PDF). */
export function isImageType(contentType: string): boolean {
  return contentType.startsWith('image/');
}
