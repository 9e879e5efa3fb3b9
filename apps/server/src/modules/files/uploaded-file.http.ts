import { TICKET_ATTACHMENT_MAX_BYTES } from '@vitrin/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { UPLOAD_MESSAGES } from './uploads.service';

/** The field the upload's one file travels in (TICKET_UPLOAD_PATH). */
export const UPLOAD_FIELD = 'file';

/**
 * Limits for @fastify/multipart in the upload's scope: one file of at most 5 MB, no other
 * fields; busboy stops reading beyond them, so a large body costs no memory.
 */
export const UPLOAD_LIMITS = {
  files: 1,
  fields: 0,
  parts: 2,
  fileSize: TICKET_ATTACHMENT_MAX_BYTES,
  fieldNameSize: 100,
  headerPairs: 20,
} as const;

const FORM_MESSAGES = {
  notMultipart: 'پیوست را به صورت multipart/form-data و در فیلدی به نام file بفرستید',
  onePart: 'در هر بارگذاری فقط یک فایل، در فیلدی به نام file، بفرستید',
  noFile: 'فایلی برای بارگذاری انتخاب نشده است',
  malformed: 'فایل به‌درستی فرستاده نشد؛ دوباره بارگذاری کنید',
} as const;

function onePartError(): AppError {
  return new AppError('VALIDATION', FORM_MESSAGES.onePart, {
    fields: { [UPLOAD_FIELD]: FORM_MESSAGES.onePart },
  });
}

/** What a failure while parsing the form means for the person, in the envelope's terms. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge, { cause: error });
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return onePartError();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', FORM_MESSAGES.notMultipart);
    default:
      // Busboy's own errors (no boundary, a truncated body, bad headers) carry no code: the
      // body is broken, which is the sender's fault, never a 500.
      return new AppError('MALFORMED_BODY', FORM_MESSAGES.malformed, { cause: error });
  }
}

/**
 * The one file of a multipart upload, read into memory (at most 5 MB): its bytes and the name
 * the sender gave it. Anything else in the form, no file, or an empty one is a 400.
 */
export async function readUploadedFile(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; declaredName: string | undefined }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', FORM_MESSAGES.notMultipart);
  }
  let file: { bytes: Buffer; declaredName: string | undefined } | null = null;
  let unexpected = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === UPLOAD_FIELD && file === null) {
        file = { bytes: await part.toBuffer(), declaredName: part.filename };
        continue;
      }
      unexpected = true;
      // Read past it so the parser reaches the end of the body.
      if (part.type === 'file') part.file.resume();
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (unexpected) throw onePartError();
  if (!file) {
    throw new AppError('VALIDATION', FORM_MESSAGES.noFile, {
      fields: { [UPLOAD_FIELD]: FORM_MESSAGES.noFile },
    });
  }
  if (file.bytes.length === 0) {
    throw new AppError('VALIDATION', UPLOAD_MESSAGES.empty, {
      fields: { [UPLOAD_FIELD]: UPLOAD_MESSAGES.empty },
    });
  }
  return file;
}
