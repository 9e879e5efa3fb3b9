import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

// What the catalog's write calls share: who acts, and how a duplicate slug is answered.

/** The staff member making a change and the request it came in (for the audit row). */
export interface Actor {
  id: string;
  request: FastifyRequest;
}

export const SLUG_TAKEN = 'این نامک پیش‌تر به کار رفته است؛ نامک دیگری بنویسید';

/** A unique index refused the row (PostgreSQL 23505), however the driver wrapped the error. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function slugTaken(): AppError {
  return new AppError('CONFLICT', SLUG_TAKEN, { fields: { slug: SLUG_TAKEN } });
}

/**
 * Runs a write whose slug another writer may take between our check and our insert: the
 * unique index then refuses it, which is the same CONFLICT the check gives.
 */
export async function withSlugConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** A form error on one field. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { fields: { [field]: message } });
}
