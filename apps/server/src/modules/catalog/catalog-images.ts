import { randomUUID } from 'node:crypto';
import {
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_IMAGE_TYPES,
  CATALOG_MEDIA_PREFIX,
  type uploadedCatalogImage,
} from '@vitrin/contracts';
import { toPersianDigits } from '@vitrin/fa';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { FileNotFoundError, type FileStore } from '../../lib/file-store';
import { writeAudit } from '../audit';
import type { Actor } from './catalog-write';

// Catalog images (issue 8): theme previews, covers and icons uploaded in the console. The type
// comes from the bytes, never from the name; the key is random, so a stored image never
// changes under its URL and can be cached for a year.

type CatalogImageType = (typeof CATALOG_IMAGE_TYPES)[number];

const EXTENSIONS: Record<CatalogImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const TYPE_OF_EXTENSION = new Map(
  Object.entries(EXTENSIONS).map(([type, extension]) => [extension, type as CatalogImageType]),
);

/** Limits for @fastify/multipart in the upload's scope: one file of at most 2 MB, no fields. */
export const CATALOG_UPLOAD_LIMITS = {
  files: 1,
  fields: 0,
  parts: 2,
  fileSize: CATALOG_IMAGE_MAX_BYTES,
  fieldNameSize: 100,
  headerPairs: 20,
} as const;

export const CATALOG_IMAGE_MESSAGES = {
  unsupportedType: 'فقط تصویر JPG، PNG یا WebP پذیرفته می‌شود',
  tooLarge: `حجم تصویر حداکثر ${toPersianDigits(CATALOG_IMAGE_MAX_BYTES / 1024 / 1024)} مگابایت است`,
} as const;

/** The GET route's path: `/media/uploads/catalog/<uuid>.<ext>`. */
export const CATALOG_MEDIA_ROUTE = `${CATALOG_MEDIA_PREFIX}catalog/:file`;
const FILE_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp)$/;

/** Stores an uploaded image and answers the public URL it is served at; one audit row. */
export async function storeCatalogImage(
  deps: { db: Database; files: FileStore },
  actor: Actor,
  bytes: Buffer,
): Promise<z.output<typeof uploadedCatalogImage>> {
  if (bytes.length > CATALOG_IMAGE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', CATALOG_IMAGE_MESSAGES.tooLarge);
  }
  const detected = await fileTypeFromBuffer(bytes);
  const contentType = CATALOG_IMAGE_TYPES.find((type) => type === detected?.mime);
  if (!contentType) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', CATALOG_IMAGE_MESSAGES.unsupportedType, {
      fields: { file: CATALOG_IMAGE_MESSAGES.unsupportedType },
    });
  }
  const key = `catalog/${randomUUID()}.${EXTENSIONS[contentType]}`;
  // The bytes first: a failure after it leaves an unused file, never a URL without bytes.
  await deps.files.put(key, bytes);
  const url = `${CATALOG_MEDIA_PREFIX}${key}`;
  await writeAudit(deps.db, {
    actorId: actor.id,
    action: 'media.upload',
    entityType: 'media',
    entityId: url,
    after: { url, contentType, size: bytes.length },
    ipAddress: actor.ipAddress,
  });
  return { url, contentType, size: bytes.length };
}

/** The bytes and type of a served image, or NOT_FOUND (also for any name we never issue). */
export async function readCatalogImage(
  files: FileStore,
  fileName: string,
): Promise<{ bytes: Buffer; contentType: CatalogImageType }> {
  const match = FILE_NAME.exec(fileName);
  const contentType = match ? TYPE_OF_EXTENSION.get(match[2] ?? '') : undefined;
  if (!match || !contentType) throw new AppError('NOT_FOUND');
  try {
    return { bytes: await files.read(`catalog/${fileName}`), contentType };
  } catch (error) {
    if (error instanceof FileNotFoundError) throw new AppError('NOT_FOUND');
    throw error;
  }
}
