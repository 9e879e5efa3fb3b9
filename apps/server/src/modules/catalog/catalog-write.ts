import { and, eq, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';

// What the catalog's write calls share: who acts, how a duplicate slug is answered, and how a
// category named by its slug is found.

export type { Actor } from '../../lib/actor';

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

/** A catalog table whose rows have an id and a unique slug (groups, products, themes, articles). */
type SluggedTable = PgTable & { id: AnyPgColumn; slug: AnyPgColumn };

/** CONFLICT on the slug field when another row (not `exceptId`) already has the slug. */
export async function checkSlugFree(
  tx: Transaction,
  table: SluggedTable,
  slug: string,
  exceptId?: string,
): Promise<void> {
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.slug, slug), exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw slugTaken();
}

/** The name of the category with this slug, or `notFound` as the category field's error. */
export async function requireCategory(
  tx: Transaction,
  table: PgTable & { slug: AnyPgColumn; name: AnyPgColumn },
  slug: string,
  notFound: string,
): Promise<string> {
  const [category] = await tx.select({ name: table.name }).from(table).where(eq(table.slug, slug));
  if (!category) throw fieldError('category', notFound);
  return category.name as string;
}
